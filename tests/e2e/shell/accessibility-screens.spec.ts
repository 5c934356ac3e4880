import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { ADMIN, apiToken } from '../support/session.js';

// axe on the main signed-in and signed-out screens, in both themes.
let token = '';
const ids = { organization: '', user: '', group: '', aiProvider: '' };

const post = async (api: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) => {
  const response = await api.post(path, { data, headers: { authorization: `Bearer ${token}`, ...headers } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: string };
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  token = await apiToken(api, ADMIN.email, ADMIN.password);
  const stamp = Date.now();
  ids.organization = (await post(api, '/v1/organizations', { name: `Axe ${stamp}` })).id;
  await post(
    api,
    `/v1/organizations/allocate_credit/${ids.organization}`,
    { nb_credits: 50 },
    { 'idempotency-key': `axe-${stamp}` },
  );
  ids.user = (
    await post(api, '/v1/users', {
      email: `axe-${stamp}@e2e.test`,
      first_name: 'Axel',
      last_name: 'Audit',
      organization_id: ids.organization,
      organization_role: 'user',
    })
  ).id;
  ids.group = (
    await post(api, '/v1/user_groups', { name: `Axe group ${stamp}`, organization_id: ids.organization })
  ).id;
  // An `openai` provider needs no address; its editor shows every section (keys, models, voices' note).
  ids.aiProvider = (
    await post(
      api,
      '/v1/ai_providers',
      { name: `Axe AI ${stamp}`, kind: 'openai', enabled: true },
      { 'idempotency-key': `axe-ai-${stamp}` },
    )
  ).id;
  await api.dispose();
});

const SIGNED_IN = [
  '/dashboard',
  '/settings',
  '/settings/user/list',
  '/settings/user/list?tab=groups',
  '/settings/user/create',
  () => `/settings/user/edit/${ids.user}`,
  () => `/settings/usergroup/edit/${ids.group}`,
  '/settings/organization/list',
  () => `/settings/organization/edit/${ids.organization}`,
  () => `/settings/organization/transaction/${ids.organization}`,
  () => `/settings/organization/transaction/history/${ids.organization}`,
  '/settings/my-organization',
  '/settings/metadata',
  '/profile',
  '/profile/change-password',
  '/profile/transfer-credits',
  '/env',
  '/apps',
  '/apps/ai-coaching',
  '/apps/ai-coaching/mission/list',
  '/apps/ai-coaching/persona/create',
  '/apps/ai-coaching/observer/create',
  '/apps/ai-coaching/scenario/create',
  '/ai-providers/list',
  '/ai-providers/create',
  () => `/ai-providers/edit/${ids.aiProvider}`,
];
const SIGNED_OUT = [
  '/#login',
  '/#forgot-password',
  '/?reset_code=x#reset-password',
  '/preconnect',
  '/activate?code=nope',
  '/page2',
  '/terms/privacy',
  '/terms/contact',
];

test('[A11Y]: signed-in screens have no serious violation in the light or the dark theme', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript((accessToken) => window.localStorage.setItem('accessToken', accessToken), token);
  for (const entry of SIGNED_IN) {
    const path = typeof entry === 'function' ? entry() : entry;
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.split('?')[0]!.replace(/[/]/g, '\\/')}`));
      await expectAxeCleanInBothThemes(page);
    });
  }
});

test('[A11Y]: signed-out screens have no serious violation in the light or the dark theme', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of SIGNED_OUT) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectAxeCleanInBothThemes(page);
    });
  }
});

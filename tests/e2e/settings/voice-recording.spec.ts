import { expect, test, type Page } from '@playwright/test';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';

// Issue 14 item 7: the organization setting that records voice sessions. Its operator turns it on and off on the
// organization screen, at 360 px and 1280 px, light and dark, in English and French; on an archived organization it is
// shown, disabled (as for whoever may not change it: no built-in role sees this screen without that permission).
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let operatorToken = '';
let superAdminToken = '';
let archivedId = '';
const stamp = Date.now();
const shots = process.env.E2E_SCREENSHOTS;

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Recording ${stamp}`);
  operatorToken = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga' })).token;
  superAdminToken = setup.arrange.token;
  // Recorded, then archived: the setting stays as it was, read-only.
  archivedId = await setup.arrange.organization(`Recording archived ${stamp}`);
  await setup.arrange.call('PATCH', `/v1/organizations/${archivedId}`, { record_voice_sessions: true });
  const archived = await setup.api.delete(`/v1/organizations/${archivedId}`, {
    headers: { authorization: `Bearer ${superAdminToken}` },
  });
  expect(archived.status()).toBe(204);
});

const axe = async (page: Page) => {
  expect(await axeViolations(page)).toEqual([]);
};

// Each width, theme and language once; a review (E2E_SCREENSHOTS) takes every combination's picture.
const views = (
  [
    { width: 1280, theme: 'light', locale: 'en-GB' },
    { width: 360, theme: 'dark', locale: 'fr-FR' },
    { width: 360, theme: 'dark', locale: 'en-GB' },
    { width: 1280, theme: 'light', locale: 'fr-FR' },
  ] as const
).slice(0, shots ? 4 : 2);
const words = {
  'en-GB': {
    title: 'Voice session recordings',
    label: 'Record voice sessions',
    hint: /kept for replay on the session’s result page, and deleted with the session\. Learners see/,
    save: 'Save recording setting',
    on: 'Voice sessions are now recorded.',
    off: 'Voice sessions are no longer recorded.',
  },
  'fr-FR': {
    title: 'Enregistrement des sessions vocales',
    label: 'Enregistrer les sessions vocales',
    hint: /conservé pour être réécouté sur la page de résultat de la session, et supprimé avec elle\. Les apprenants/,
    save: 'Enregistrer ce réglage',
    on: 'Les sessions vocales sont désormais enregistrées.',
    off: 'Les sessions vocales ne sont plus enregistrées.',
  },
};

for (const view of views) {
  test(`[SETTINGS]: an operator turns voice recording on and off at ${view.width} px, ${view.theme}, ${view.locale}`, async ({
    page,
  }) => {
    const say = words[view.locale];
    await page.setViewportSize({ width: view.width, height: 900 });
    await signInWithToken(page, operatorToken, { theme: view.theme, locale: view.locale });
    await page.goto('/settings/my-organization');
    const box = page.getByRole('checkbox', { name: say.label });
    await expect(box).not.toBeChecked();
    await expect(box).toBeEnabled();
    await expect(box).toHaveAccessibleDescription(say.hint);

    await box.check();
    await page.getByRole('button', { name: say.save }).click();
    await expect(toast(page)).toContainText(say.on);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: say.label })).toBeChecked();
    await expectNoSidewaysScroll(page);
    await axe(page);
    if (shots) {
      await page.getByRole('heading', { name: say.title }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/operator-${view.width}-${view.theme}-${view.locale}.png` });
    }

    await page.getByRole('checkbox', { name: say.label }).uncheck();
    await page.getByRole('button', { name: say.save }).click();
    await expect(toast(page)).toContainText(say.off);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: say.label })).not.toBeChecked();
  });
}

for (const theme of shots ? (['light', 'dark'] as const) : (['dark'] as const)) {
  test(`[SETTINGS]: on an archived organization the setting is shown as it was, and cannot be changed (${theme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    await signInWithToken(page, superAdminToken, { theme });
    await page.goto(`/settings/organization/edit/${archivedId}`);
    const box = page.getByRole('checkbox', { name: 'Record voice sessions' });
    await expect(box).toBeChecked();
    await expect(box).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save recording setting' })).toHaveCount(0);
    await axe(page);
    if (shots) {
      await page.getByRole('heading', { name: 'Voice session recordings' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/archived-360-${theme}.png` });
    }
  });
}

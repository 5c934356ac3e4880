import { expect, test } from '@playwright/test';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { builtinChatModel, coachingAuthor, ONE_CRITERION } from '../support/coaching.js';
import { apiToken } from '../support/session.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';

// Issue 23 items 3 to 7 and 9: the learner's home, a super-admin's first minutes, the roles a form offers, where credits come from, what
// fork and copy give, and a criterion left at its defaults.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const people = {
  superAdmin: { email: `first-minutes-${stamp}@e2e.test`, password: 'First-Minutes-Passw0rd!' },
  operator: { email: `dry-operator-${stamp}@e2e.test`, password: 'Dry-Operator-Passw0rd!' },
  editor: { email: `forker-${stamp}@e2e.test`, password: 'Forker-Passw0rd!' },
  learner: { email: `learner-home-${stamp}@e2e.test`, password: 'Learner-Home-Passw0rd!' },
};
const ids = { platform: '', organization: '', scenario: '', libraryPersona: '' };
const libraryPersonaName = `Margaret Hughes ${stamp}`;

test.beforeAll(async () => {
  const me = (await (
    await setup.api.get('/v1/me', { headers: { authorization: `Bearer ${setup.arrange.token}` } })
  ).json()) as {
    organization_id: string;
  };
  ids.platform = me.organization_id;
  ids.organization = await setup.arrange.organization(`Newcomers ${stamp}`);
  // A second super-admin, who has played nothing yet: their checklist still has a step to do.
  await setup.arrange.account({
    ...people.superAdmin,
    first_name: 'Fiona',
    organization_id: ids.platform,
    organization_role: 'super-admin',
  });
  await setup.arrange.account({
    ...people.operator,
    first_name: 'Otto',
    organization_id: ids.organization,
    organization_role: 'operator',
  });
  await setup.arrange.account({
    ...people.learner,
    first_name: 'Lena',
    organization_id: ids.organization,
    organization_role: 'user',
  });
  await setup.arrange.account({
    ...people.editor,
    first_name: 'Edna',
    organization_id: ids.organization,
    organization_role: 'editor',
  });
  // A priced scenario of the organization, and a library persona to fork.
  const modelId = await builtinChatModel(setup.api, setup.arrange, {
    displayName: `Priced ${stamp}`,
    creditsPerMinute: 3,
  });
  const editorToken = await apiToken(setup.api, people.editor.email, people.editor.password);
  const author = coachingAuthor(setup.arrange, editorToken);
  const persona = await author.persona({ name: `Buyer ${stamp}` });
  const observer = await author.observer(`Coach ${stamp}`, modelId);
  ids.scenario = await author.scenario({
    name: `Priced call ${stamp}`,
    persona_id: persona,
    observer_ids: [observer],
    model_id: modelId,
  });
  ids.libraryPersona = await coachingAuthor(setup.arrange).persona({
    name: libraryPersonaName,
    personality: 'Careful',
  });
});

test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 900 } });

  test('[NEWCOMER]: a super-admin’s dashboard lists the platform’s first steps, ticking what is done and linking the rest', async ({
    page,
  }) => {
    const token = await apiToken(setup.api, people.superAdmin.email, people.superAdmin.password);
    const checklist = (await (
      await setup.api.get('/v1/platform/setup_checklist', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { steps: { key: string; done: boolean }[]; complete: boolean };
    expect(checklist.complete).toBe(false);
    await signInWithToken(page, token);
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Set up your platform' });
    await expect(section).toBeVisible();
    const done = checklist.steps.filter((step) => step.done).length;
    await expect(section).toContainText(`${done} of 5 steps done`);
    for (const step of checklist.steps) {
      const item = page.getByTestId(`setup-step-${step.key}`);
      // A step to do is a link to its screen; a done one is said done, and is no link.
      await expect(item.getByRole('link')).toHaveCount(step.done ? 0 : 1);
      await expect(item).toContainText(step.done ? '(done)' : '(to do)');
    }
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);

    await page.getByRole('link', { name: 'Play a starter scenario' }).click();
    await expect(page).toHaveURL(/\/apps\/ai-coaching$/);
  });

  test('[NEWCOMER]: an operator without credits is told they come from the organization’s wallet, and a share link from an empty wallet is warned about', async ({
    page,
  }) => {
    await signInWithToken(page, await apiToken(setup.api, people.operator.email, people.operator.password));
    await page.goto(`/apps/ai-coaching/scenario/info-${ids.scenario}`);
    await expect(page.getByText('Your credits come from your organization’s wallet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Allocate credits from the organization’s wallet' })).toHaveAttribute(
      'href',
      `/settings/organization/transaction/${ids.organization}`,
    );
    await page.getByRole('button', { name: 'Share with guests' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'One guest’s session reserves up to 90 credits and your wallet holds 0' }),
    ).toContainText('Allocate yourself credits from your organization’s wallet');
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
  });
});

test.describe('360 px, the learner', () => {
  test.use({ viewport: { width: 360, height: 900 } });

  test('[NEWCOMER]: a learner’s coaching home starts with what they may practise, each card saying what it means', async ({
    page,
  }) => {
    const token = await apiToken(setup.api, people.learner.email, people.learner.password);
    // One session of a free starter scenario, ended: its card then gives their best, and it is a recent session.
    const library = (await (
      await setup.api.get('/v1/coaching/scenarios?source=library&page_size=48&status=published', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { id: string; name: string; language: string }[] };
    const starter = library.items.find((item) => item.language === 'en-GB')!;
    const session = await setup.arrange.call('POST', '/v1/coaching/sessions', { scenario_id: starter.id }, token);
    await setup.arrange.call('POST', `/v1/coaching/sessions/${session.id}/end`, undefined, token);

    await signInWithToken(page, token);
    await page.goto('/apps/ai-coaching');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings.first()).toHaveText('Practise');
    await expect(page.getByText('Build role-plays from personas')).toHaveCount(0);
    // What they cannot change is not offered: no tiles for personas, missions or observers.
    for (const kind of ['Personas', 'Missions', 'Observers']) {
      await expect(page.getByRole('link', { name: kind, exact: true })).toHaveCount(0);
    }
    const priced = page.getByTestId('practice-scenario').filter({ hasText: `Priced call ${stamp}` });
    await expect(priced.getByRole('list', { name: 'About this scenario' })).toContainText('Text chat');
    await expect(priced).toContainText('Difficulty: moderate');
    await expect(priced).toContainText('30 min');
    await expect(priced).toContainText('Up to 90 credits');
    await expect(priced).toContainText('Not played yet');
    const played = page.getByTestId('practice-scenario').filter({ hasText: starter.name });
    await expect(played).toContainText('Your best: Ended');
    await expect(page.getByRole('region', { name: 'Your recent sessions' })).toContainText('Ended');
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[NEWCOMER]: super-admin is offered for the platform organization only, and the user list names each user’s organization', async ({
    page,
  }) => {
    await signInWithToken(page, setup.arrange.token);
    await page.goto('/settings/user/create');
    const role = page.getByLabel('Role');
    await page.getByLabel('Organization').selectOption({ label: `Newcomers ${stamp}` });
    await expect(role.locator('option', { hasText: 'Super-admin' })).toHaveCount(0);
    await page.getByLabel('Organization').selectOption({ value: ids.platform });
    await expect(role.locator('option', { hasText: 'Super-admin' })).toHaveCount(1);
    await role.selectOption({ label: 'Super-admin' });
    // Back to a customer: the role falls back to one it takes, rather than a refusal on sending.
    await page.getByLabel('Organization').selectOption({ label: `Newcomers ${stamp}` });
    await expect(role).toHaveValue('user');
    await expectAxeCleanInBothThemes(page);

    await page.goto(`/settings/user/list?q=${encodeURIComponent(people.operator.email)}`);
    const row = page.getByTestId('user-row').filter({ hasText: people.operator.email });
    await expect(row).toContainText(`Newcomers ${stamp}`);
    await expect(page.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
  });

  test('[NEWCOMER]: a library item says what fork and copy give, and a fork is named apart from its source', async ({
    page,
  }) => {
    await signInWithToken(page, await apiToken(setup.api, people.editor.email, people.editor.password));
    await page.goto(`/apps/ai-coaching/persona/edit/${ids.libraryPersona}`);
    const ways = page.getByRole('list', { name: 'Make it your own' });
    await expect(ways).toContainText('Fork: your own version, which keeps a link to where it came from.');
    await expect(ways).toContainText('Copy: your own independent item, with no link back to this one.');
    await expectAxeCleanInBothThemes(page);
    await ways.getByRole('link', { name: 'Fork' }).click();
    await page.getByRole('button', { name: 'Fork into my organization' }).click();
    await expect(toast(page)).toContainText('forked');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${libraryPersonaName} (fork)`);
  });

  test('[NEWCOMER]: an editor’s coaching home practises first, then builds; the share links sort as their arrow says', async ({
    page,
  }) => {
    await signInWithToken(page, await apiToken(setup.api, people.editor.email, people.editor.password));
    await page.goto('/apps/ai-coaching');
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings.first()).toHaveText('Practise');
    await expect(page.getByRole('region', { name: 'Build your content' })).toContainText('Personas');
    await expectAxeCleanInBothThemes(page);

    const editorToken = await apiToken(setup.api, people.editor.email, people.editor.password);
    for (const label of ['First link', 'Second link']) {
      await setup.arrange.call(
        'POST',
        '/v1/coaching/shared_sessions',
        {
          scenario_id: ids.scenario,
          label: `${label} ${stamp}`,
          expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          max_uses: 3,
        },
        editorToken,
      );
    }
    await page.goto('/apps/ai-coaching/shared-session/list');
    await expect(page.getByLabel('Sort by')).toHaveValue('-updated_at');
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Newest first');
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('columnheader', { name: 'Valid until' })).not.toHaveAttribute('aria-sort', /.+/);
    await page
      .getByRole('columnheader', { name: /Created/ })
      .getByRole('button')
      .click();
    await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Oldest first');
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('[NEWCOMER]: a criterion saved with only its name takes its defaults', async ({ page }) => {
    await signInWithToken(page, await apiToken(setup.api, people.editor.email, people.editor.password));
    const models = (await (
      await setup.api.get('/v1/ai_models?capability=chat&page_size=48', {
        headers: { authorization: `Bearer ${setup.arrange.token}` },
      })
    ).json()) as { items: { id: string; display_name: string }[] };
    expect(models.items.length).toBeGreaterThan(0);
    const name = `Defaults coach ${stamp}`;
    await page.goto('/apps/ai-coaching/observer/create');
    await page.getByLabel('Name', { exact: true }).fill(name);
    const criterion = page.getByRole('listitem').filter({ hasText: 'Criterion 1' });
    await criterion.getByLabel('Criterion', { exact: true }).fill('Listens');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(toast(page)).toContainText(name);
    const editorToken = await apiToken(setup.api, people.editor.email, people.editor.password);
    const observers = (await (
      await setup.api.get(`/v1/coaching/observers?q=${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${editorToken}` },
      })
    ).json()) as { items: { rubric: typeof ONE_CRITERION }[] };
    expect(observers.items[0]!.rubric).toEqual([{ ...ONE_CRITERION[0], name: 'Listens' }]);
  });
});

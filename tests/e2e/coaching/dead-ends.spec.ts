import { expect, test, type Page } from '@playwright/test';
import { requestAs, setUpArranger, expectNoSidewaysScroll, signInWithToken } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';
import { WINNING_PRICE_LINES } from '../support/coaching.js';

// Issue 23, items 1 and 8: the learner's and the guest's paths have a way on from every page (docs/client.md,
// docs/shared-sessions.md "A guest"), and three layout faults are gone.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const ORGANIZATION = `Dead Ends ${stamp}`;
const password = 'Learner-Passw0rd!';
const learner = { email: `lea-${stamp % 1_000_000}@acme.test`, token: '' };
const operator = { email: `op-${stamp % 1_000_000}@acme.test`, token: '' };
const PLAYLIST = 'Difficult conversations: first steps';
const FIRST = 'Price negotiation: the sceptical buyer';
const SECOND = 'Complaint: the customer at the end of his tether';
let firstScenarioId = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(ORGANIZATION);
  for (const [person, role, first] of [
    [learner, 'user', 'Lea'],
    [operator, 'operator', 'Otto'],
  ] as const) {
    person.token = (
      await setup.arrange.member(organizationId, role, {
        email: person.email,
        password,
        first_name: first,
        last_name: 'Learner',
      })
    ).token;
  }
  // Invited, not yet active: their row offers "Resend invitation" beside "Edit".
  await setup.arrange.call('POST', '/v1/users', {
    email: `new-${stamp % 1_000_000}@acme.test`,
    first_name: 'Nina',
    last_name: 'New',
    organization_id: organizationId,
    organization_role: 'user',
  });
  const library = (await (
    await setup.api.get('/v1/coaching/scenarios?source=library&page_size=48', {
      headers: { authorization: `Bearer ${learner.token}` },
    })
  ).json()) as { items: { id: string; name: string }[] };
  firstScenarioId = library.items.find((item) => item.name === FIRST)!.id;
});

/** axe in the light theme, then the dark one's colours, on the screen as it is (its spinners gone). */
const axeBothThemes = async (page: Page) => {
  await expect(page.locator('[role="status"] svg.animate-spin')).toHaveCount(0);
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const rules = dark ? ['color-contrast', 'link-in-text-block'] : undefined;
    expect(await axeViolations(page, { rules }), dark ? 'dark' : 'light').toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

const say = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

/** The built-in buyer's script (coaching-sessions.spec.ts): value first, then a traded concession wins. */
const playToWin = async (page: Page) => {
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  for (const [index, line] of WINNING_PRICE_LINES.entries()) {
    await say(page, line);
    if (index < WINNING_PRICE_LINES.length - 1) {
      await expect(transcript.getByRole('listitem')).toHaveCount(3 + 2 * index);
    }
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
};

const apiCall = async <T>(method: 'POST' | 'DELETE', path: string, token: string, data?: unknown): Promise<T> => {
  const response = await requestAs(setup.api, token, method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
};

const shareLink = (maxUses: number) =>
  apiCall<{ id: string; url: string }>('POST', '/v1/coaching/shared_sessions', learner.token, {
    scenario_id: firstScenarioId,
    label: `Dead ends ${maxUses}`,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    max_uses: maxUses,
  });
const pathOf = (url: string) => new URL(url).pathname;

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('[DEAD ENDS]: signed out, a session’s result or play page goes to the login, then back to the session', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const started = await apiCall<{ id: string; name: string }>('POST', '/v1/coaching/sessions', learner.token, {
      scenario_id: firstScenarioId,
    });
    const ended = await apiCall<{ id: string; name: string }>('POST', '/v1/coaching/sessions', learner.token, {
      scenario_id: firstScenarioId,
    });
    await apiCall('POST', `/v1/coaching/sessions/${ended.id}/end`, learner.token);
    for (const [path, name] of [
      [`/apps/ai-coaching/session/result-${ended.id}`, ended.name],
      [`/apps/ai-coaching/session/play-${started.id}`, started.name],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(path);
      // A first visit: the app, then the login form's chunks, download before the redirect shows.
      await expect(page).toHaveURL(/\/#login$/, { timeout: 20_000 });
      await page.getByLabel('Email address').fill(learner.email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 20_000 });
      await context.close();
    }
  });

  test('[DEAD ENDS]: a result played from a playlist leads to the next scenario, the playlist, again, and the sessions', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInWithToken(page, learner.token);
    await page.goto('/apps/ai-coaching/playlist/list');
    await page.getByRole('link', { name: `Play ${PLAYLIST}` }).click();
    await expect(page).toHaveURL(/\/playlist\/play-/);
    const playlistPath = pathOf(page.url());
    await page
      .getByTestId('playlist-scenario')
      .nth(0)
      // Played once already, through the API, by the test above.
      .getByRole('link', { name: `Play again — ${FIRST}` })
      .click();
    await expect(page).toHaveURL(/\/scenario\/info-[^?]+\?playlist=/);
    await expect(page.getByRole('link', { name: 'Back to the playlist' })).toHaveAttribute('href', playlistPath);
    await page.getByRole('button', { name: 'Start the session' }).click();
    await expect(page).toHaveURL(/\/session\/play-[^?]+\?playlist=/);
    await playToWin(page);
    await expect(page).toHaveURL(/\?playlist=/);
    const resultUrl = page.url();

    const next = page.getByRole('link', { name: 'Next scenario' });
    await expect(next).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the playlist' })).toHaveAttribute('href', playlistPath);
    await expect(page.getByRole('link', { name: 'Play again' })).toHaveAttribute(
      'href',
      new RegExp(`/scenario/info-${firstScenarioId}\\?playlist=`),
    );
    await expect(page.getByRole('link', { name: 'My sessions' })).toHaveAttribute(
      'href',
      '/apps/ai-coaching/session/list',
    );
    await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await axeBothThemes(page);

    await next.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SECOND);
    await expect(page).toHaveURL(/\?playlist=/);
    await page.goto(resultUrl);
    await page.getByRole('link', { name: 'Back to the playlist' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PLAYLIST);
    await expect(page.getByText('1 of 6 scenarios played')).toBeVisible();

    // Opened from elsewhere (the sessions list), the result knows no playlist: again, and the sessions.
    await page.goto(resultUrl.replace(/\?.*$/, ''));
    await expect(page.getByRole('link', { name: 'Play again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next scenario' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the playlist' })).toHaveCount(0);
    await page.getByRole('link', { name: 'My sessions' }).click();
    await expect(page).toHaveURL(/\/session\/list$/);
  });
});

test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('[DEAD ENDS]: a guest plays again through the link while it has uses, then ends on a page of their own', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const link = await shareLink(2);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    const forbidden: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) forbidden.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('403')) forbidden.push(message.text());
    });

    await page.goto(pathOf(link.url));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FIRST);
    await page.getByLabel('Your name').fill('Ada Visitor');
    await page.getByLabel('I accept the terms of use').check();
    await page.getByRole('button', { name: 'Start the session' }).click();
    await expect(page).toHaveURL(/\/session\/play-/, { timeout: 20_000 });
    // A guest is not a user: no account menu, no app menu.
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await playToWin(page);

    // The report names its observers (the guest may not read the scenario's briefing).
    await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 3, name: 'Negotiation coach' })).toBeVisible();
    await expect(page.getByText(/^Observer \d+$/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await axeBothThemes(page);

    // The link takes one more guest: its page again, the name filled in.
    await page.getByRole('link', { name: 'Play again' }).click();
    await expect(page).toHaveURL(new RegExp(`${pathOf(link.url)}$`));
    await expect(page.getByLabel('Your name')).toHaveValue('Ada Visitor');
    await expect(page.locator('main')).toHaveCount(1);
    await page.getByLabel('I accept the terms of use').check();
    await page.getByRole('button', { name: 'Start the session' }).click();
    await expect(page).toHaveURL(/\/session\/play-/, { timeout: 20_000 });
    await playToWin(page);

    // Used up: no "Play again", a way to finish, onto a page without the app's chrome that names the organization.
    const finish = page.getByRole('button', { name: 'Finish' });
    await expect(finish).toBeVisible();
    await expect(page.getByRole('link', { name: 'Play again' })).toHaveCount(0);
    await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await axeBothThemes(page);
    await finish.click();
    await expect(page).toHaveURL(/\/shared\/end$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for practising');
    await expect(page.getByText(`This practice was offered by ${ORGANIZATION}.`)).toBeVisible();
    await expect(page.getByText(`Its link takes no more sessions: ask ${ORGANIZATION} for a new one`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expectNoSidewaysScroll(page);
    await axeBothThemes(page);
    expect(forbidden).toEqual([]);
    await page.context().close();
  });

  test('[LAYOUT]: the user list keeps a short e-mail address on one line at 360 px', async ({ page }) => {
    await signInWithToken(page, operator.token);
    await page.goto('/settings/user/list');
    const email = page.getByTestId('user-row').getByText(learner.email, { exact: true });
    await expect(email).toBeVisible();
    // One line of text-xs (16 px): it used to break as "lea-123456@acme.tes / t" beside a "Resend invitation" column.
    expect((await email.boundingBox())!.height).toBeLessThan(20);
    await expectNoSidewaysScroll(page);
    await axeBothThemes(page);
  });

  test('[LAYOUT]: a revoked link’s page says so once, under the app’s name and a way home, in one main landmark', async ({
    page,
  }) => {
    const link = await shareLink(1);
    await apiCall('DELETE', `/v1/coaching/shared_sessions/${link.id}`, learner.token);
    await page.goto(pathOf(link.url));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
    await expect(page.getByText('This link does not work')).toHaveCount(1);
    await expect(page.getByText('Ask the person who shared it for a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'AI-Coaching, home page' })).toHaveAttribute('href', '/');
    await expect(page.locator('main')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await axeBothThemes(page);
  });
});

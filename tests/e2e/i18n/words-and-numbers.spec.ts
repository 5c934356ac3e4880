import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { requestAs, setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';
import { builtinChatModel, coachingAuthor } from '../support/coaching.js';
import { launchWithFakeMicrophone } from '../support/fake-microphone.js';
import { ADMIN, apiToken } from '../support/session.js';
import { screenshots, SCREENSHOTS_DIR } from '../support/screenshots.js';

// Issue 23 §2, words and numbers, read in French where French typography matters: no-break spaces before : ; ! ? %,
// the apostrophe ’, counts and numbers as the language writes them (toasts included), the dashboard's criteria each on
// its own scale with the starter library's English and French observer as one, the persona's delays said in words to a
// learner (percentiles for operators only), the mission editor without outcome markers, and the voice screen naming
// the persona.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const NBSP = '\u00a0';
const NNBSP = '\u202f';
/** The space Intl.NumberFormat puts in French numbers (U+202F in today's CLDR, U+00A0 in older ones). */
const INTL_SPACE = `[${NBSP}${NNBSP}]`;
/** Set to a folder to write the changed screens there (1280 and 360 px, light and dark). */
const shots = SCREENSHOTS_DIR;
// Two themes' axe runs per screen, and the screenshots when asked for.
test.setTimeout(shots ? 180_000 : 60_000);

const setup = setUpArranger();
const people = { learner: '', operator: '', editor: '', learnerId: '' };
const sessions = { english: '', french: '' };
let voiceScenario = '';
const PERSONA = `Valérie ${stamp}`;

const call = async (token: string, method: 'GET' | 'POST', path: string, data?: unknown) => {
  const response = await requestAs(setup.api, token, method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
};

/** A library scenario played by the learner to its end by one turn, once its report is written. */
const playLibraryScenario = async (search: string) => {
  const library = (await call(
    people.learner,
    'GET',
    `/v1/coaching/scenarios?source=library&q=${encodeURIComponent(search)}`,
  )) as { items: { id: string }[] };
  const { id } = (await call(people.learner, 'POST', '/v1/coaching/sessions', {
    scenario_id: library.items[0]!.id,
  })) as { id: string };
  await call(people.learner, 'POST', `/v1/coaching/sessions/${id}/turns`, {
    text: 'I understand and I am sorry, clearly we will call you tomorrow morning to agree the next step.',
  });
  await call(people.learner, 'POST', `/v1/coaching/sessions/${id}/end`);
  await expect
    .poll(async () => (await call(people.learner, 'GET', `/v1/coaching/sessions/${id}/analysis`))['status'], {
      timeout: 30_000,
    })
    .toBe('done');
  return id;
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const organizationId = await setup.arrange.organization(`Words ${stamp}`);
  await setup.arrange.call('POST', `/v1/organizations/allocate_credit/${organizationId}`, { nb_credits: 5000 });
  for (const [role, first_name] of [
    ['user', 'Lina'],
    ['operator', 'Omar'],
    ['editor', 'Edith'],
  ] as const) {
    const { id, token } = await setup.arrange.member(organizationId, role, { first_name, last_name: 'Words' });
    if (role === 'user') [people.learner, people.learnerId] = [token, id];
    else if (role === 'operator') people.operator = token;
    else people.editor = token;
  }
  // The starter library's conversation observer scores both, once in English and once in French.
  sessions.english = await playLibraryScenario('Complaint');
  sessions.french = await playLibraryScenario('Réclamation');

  const modelId = await builtinChatModel(setup.api, setup.arrange, {
    displayName: `Words ${stamp}`,
    creditsPerMinute: 0,
  });
  const author = coachingAuthor(setup.arrange);
  voiceScenario = await author.scenario({
    name: `Une commande signée ${stamp}`,
    mode: 'voice',
    language: 'fr-FR',
    persona_id: await author.persona({ name: PERSONA, language: 'fr-FR' }),
    mission_id: await author.mission({ title: `Commande ${stamp}`, goal: 'Obtenir la commande signée.' }),
    observer_ids: [await author.observer(`Coach ${stamp}`, modelId)],
    model_id: modelId,
    time_limit_seconds: 300,
  });
});

/** axe finds nothing serious in either theme. */
const expectAxeCleanInBothThemes = async (page: Page) => {
  await expect(page.locator('[role="status"] svg.animate-spin')).toHaveCount(0);
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    expect(await axeViolations(page), dark ? 'dark' : 'light').toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

/**
 * Every sign of what the element reads that wants a no-break space before it has one (U+00A0, or U+202F where
 * Intl.NumberFormat wrote a percentage), and no straight apostrophe: Playwright's text matching counts any space as
 * one, so the characters are read here.
 */
const expectFrenchTypography = async (where: Locator) => {
  const text = (await where.textContent()) ?? '';
  const wrong = [...text.matchAll(/(.)([:;!?%])(.?)/gu)]
    .filter(([, before, sign, after]) => {
      if (sign === ':' && /\d/.test(before!) && /\d/.test(after!)) return false;
      return before !== NBSP && !(sign === '%' && before === NNBSP);
    })
    .map(([match]) => JSON.stringify(match));
  expect(wrong, 'signs without their no-break space').toEqual([]);
  expect(text).not.toContain("'");
};

/** The learner's dashboard and result page as the server answers, with voice turns measured (text sessions have none). */
const withVoiceDelays = async (page: Page) => {
  const delays = { turns: 4, p50_ms: 700, p95_ms: 1100 };
  await page.route(/\/v1\/coaching\/dashboard\?/, async (route) => {
    const answer = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...answer, voice_latency_by_provider: [{ provider_kind: 'builtin', ...delays }] } });
  });
  await page.route(new RegExp(`/v1/coaching/sessions/${sessions.french}$`), async (route) => {
    const answer = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...answer, voice_latency: delays } });
  });
};

// Each behaviour at one width, a phone's or a laptop's: 360 px where a no-break space keeps a sign off the start of a
// line and the dashboard's criteria wrap, 1280 px for the rest.
test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('[I18N]: the learner’s dashboard in French: each criterion on its own scale, English and French as one line, the delays in words', async ({
    page,
  }) => {
    await withVoiceDelays(page);
    await signInWithToken(page, people.learner, { locale: 'fr-FR' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Ma progression' })).toBeVisible();
    await expect(page.getByTestId('coaching-mine-sessions')).toHaveText('2');
    // The overall score is the documented 0–100 figure.
    await expect(page.getByTestId('coaching-mine-average-score')).toHaveText(/^\d+(,\d)? \/ 100$/);
    // One line per criterion of the conversation observer, named as the French session read it.
    const criteria = page.getByTestId('coaching-criterion');
    await expect(criteria.first()).toBeVisible();
    expect(await criteria.count()).toBeLessThanOrEqual(4);
    const names = await criteria.locator('.font-medium').allTextContents();
    expect(new Set(names).size).toBe(names.length);
    for (const english of ['Questions and listening', 'Empathy', 'Clarity', 'Agreed next step'])
      expect(names).not.toContain(english);
    for (const name of names)
      expect(['Questions et écoute', 'Empathie', 'Clarté', 'Prochaine étape convenue']).toContain(name);
    await expect(criteria.first()).toContainText('Coach relationnel');
    // Each on its own scale, never "/ 100": "3 / 5", or the share of sessions passed.
    for (const value of await page.getByTestId('coaching-criterion-value').allTextContents()) {
      expect(value).toMatch(new RegExp(`^(\\d+(,\\d)? / 5|réussi dans \\d+${INTL_SPACE}% des sessions)$`));
    }
    const meter = criteria.first().getByRole('meter');
    await expect(meter).toHaveAttribute('aria-valuemax', /^(1|5)$/);
    // The learner reads the delays in words; the percentiles are the operators'.
    const delays = page.getByTestId('voice-delay-by-provider');
    await expect(delays.getByRole('heading')).toHaveText('Rapidité des réponses orales du persona');
    expect(await delays.getByRole('listitem').textContent()).toBe(
      `Délai habituel avant la réponse du persona${NBSP}: 0,7${NBSP}s (1,1${NBSP}s au plus lent)`,
    );
    await expect(page.getByRole('main')).not.toContainText(/p50|p95/);
    await expectFrenchTypography(page.getByRole('main'));
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'dashboard-learner-fr');
  });

  test('[I18N]: a scenario’s information in French puts a no-break space before each colon, and writes ’', async ({
    page,
  }) => {
    await signInWithToken(page, people.learner, { locale: 'fr-FR' });
    const library = (await call(people.learner, 'GET', '/v1/coaching/scenarios?source=library&q=R%C3%A9clamation')) as {
      items: { id: string }[];
    };
    await page.goto(`/apps/ai-coaching/scenario/info-${library.items[0]!.id}`);
    await expect(page.getByRole('button', { name: 'Commencer la session' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Objectif');
    await expectFrenchTypography(page.getByRole('main'));
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'scenario-info-fr');
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('[I18N]: a result page says the persona’s delays in words to the learner, and its percentiles to an operator', async ({
    page,
    browser,
  }) => {
    await withVoiceDelays(page);
    await signInWithToken(page, people.learner, { locale: 'fr-FR' });
    await page.goto(`/apps/ai-coaching/session/result-${sessions.french}`);
    const delay = page.getByTestId('voice-latency');
    await expect(delay).toContainText('Délai habituel avant la réponse du persona');
    expect(await delay.textContent()).toBe(
      `Délai habituel avant la réponse du persona${NBSP}: 0,7${NBSP}s (1,1${NBSP}s au plus lent)`,
    );
    await expect(page.getByTestId('voice-latency-percentiles')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(/p50|p95/);
    // The session's figures (the transcript is what was said, not our text).
    await expectFrenchTypography(delay.locator('xpath=ancestor::dl'));
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'result-learner-fr');

    // An operator reviewing the learner's session, in a browser of their own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const operator = await context.newPage();
    await withVoiceDelays(operator);
    await signInWithToken(operator, people.operator, { locale: 'fr-FR' });
    await operator.goto(`/apps/ai-coaching/session/result-${sessions.french}`);
    await expect(operator.getByTestId('voice-latency')).toContainText('Délai habituel avant la réponse du persona');
    const percentiles = (await operator.getByTestId('voice-latency-percentiles').textContent()) ?? '';
    expect(percentiles).toMatch(
      new RegExp(`^p50${NBSP}700${NBSP}ms · p95${NBSP}1${INTL_SPACE}100${NBSP}ms \\(4 interventions\\) `),
    );
    await expectAxeCleanInBothThemes(operator);
    await screenshots(operator, 'result-operator-fr');
    await context.close();
  });

  test('[I18N]: the mission editor says how a role-play ends without its markers, in French', async ({ page }) => {
    await signInWithToken(page, people.editor, { locale: 'fr-FR' });
    await page.goto('/apps/ai-coaching/mission/create');
    await page.getByText('Comment se termine un jeu de rôle').click();
    await expect(page.getByRole('main')).toContainText(`Le persona termine le jeu de rôle quand${NBSP}:`);
    await expect(page.getByRole('main')).toContainText('l’apprenant a rempli tous les critères de réussite');
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).not.toMatch(/\[\[|#-|WIN|LOSE|marqueur/);
    await expectFrenchTypography(page.getByRole('main'));
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'mission-editor-fr');
  });

  test('[I18N]: credits allocated say their number as each language writes it', async ({ page }) => {
    const admin = await apiToken(setup.api, ADMIN.email, ADMIN.password);
    for (const [locale, button, expected] of [
      ['en-GB', 'Allocate', '1,500 credits allocated to Lina Words.'],
      ['fr-FR', 'Attribuer', new RegExp(`1${INTL_SPACE}500 crédits attribués à Lina Words\\.`)],
    ] as const) {
      await signInWithToken(page, admin, { locale });
      await page.goto(`/settings/user/edit/${people.learnerId}`);
      await page.getByLabel(locale === 'en-GB' ? 'Number of credits' : 'Nombre de crédits').fill('1500');
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(toast(page)).toContainText(locale === 'en-GB' ? 'credits allocated' : 'crédits attribués');
      expect(await toast(page).textContent()).toMatch(expected);
      if (shots) await page.screenshot({ path: `${shots}/credits-toast-${locale}-1280.png` });
    }
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'user-credits-toast-fr');
  });
});

test.describe('360 px, the voice screen', () => {
  let browser: Browser;
  test.beforeAll(async ({ playwright }, testInfo) => {
    browser = await launchWithFakeMicrophone(playwright, testInfo);
  });
  test.afterAll(async () => browser?.close());

  test('[I18N]: the voice screen names the persona, in French', async ({ baseURL }) => {
    test.setTimeout(shots ? 240_000 : 90_000);
    const context = await browser.newContext({
      baseURL: baseURL!,
      permissions: ['microphone'],
      locale: 'fr-FR',
      viewport: { width: 360, height: 800 },
    });
    await context.addInitScript((token) => localStorage.setItem('accessToken', token), people.learner);
    const page = await context.newPage();
    await page.goto(`/apps/ai-coaching/scenario/info-${voiceScenario}`);
    await page.getByRole('button', { name: 'Commencer la session' }).click();
    const voice = page.getByTestId('voice-play');
    await expect(voice).toBeVisible({ timeout: 20_000 });
    await expect(voice).toHaveAttribute('data-voice-state', 'listening', { timeout: 30_000 });
    await expect(voice).toContainText(`${PERSONA} attend votre réplique écrite.`);
    await expect(voice).toContainText(`Écrivez ce que vous diriez : ${PERSONA} répond à voix haute.`);
    await expect(voice).not.toContainText('Persona');
    // Our texts around the conversation (the transcript is what was said).
    for (const part of await voice.locator('p, label, legend, button').all()) await expectFrenchTypography(part);
    await expectNoSidewaysScroll(page);
    await expectAxeCleanInBothThemes(page);
    await screenshots(page, 'voice-play-fr');
    await context.close();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { arrangeRealtimeVoice, type RealtimeVoiceArrangement } from '../support/realtime-voice.js';
import { axeViolations } from '../support/axe.js';

// Issue 14 item 7: with its organization recording voice sessions, a spoken session (Chromium's fake microphone, the
// fake OpenAI realtime provider, as voice-realtime.spec.ts) says "Recorded" while the learner speaks, and its result
// page replays both sides: the whole conversation, turn after turn with the turn heard highlighted, and each turn on
// its own; the audio comes through the API with the learner's token, played from blob URLs. With recording off,
// neither shows. E2E_SCREENSHOTS=<dir> keeps the screens at 360 and 1280 px, light and dark.
test.describe.configure({ mode: 'serial' });

const shots = process.env.E2E_SCREENSHOTS;
let voice: RealtimeVoiceArrangement;

/** The operator turns the organization's recording on or off, as the organization page does. */
const recordVoiceSessions = async (on: boolean) => {
  const response = await voice.api.patch(`/v1/organizations/${voice.organizationId}`, {
    data: { record_voice_sessions: on },
    headers: { authorization: `Bearer ${voice.operatorToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { record_voice_sessions: boolean }).record_voice_sessions).toBe(on);
};

/** Speaks a session into the fake microphone until the persona agrees; answers the result page's URL. */
const playToWin = async (page: Page, { recorded }: { recorded: boolean }) => {
  voice.fake.script({
    text: 'Fine, you have a deal. [[WIN]]',
    userTranscript: 'Shall we agree the deal today?',
    audioMs: 1200,
  });
  await page.goto(`/apps/ai-coaching/scenario/info-${voice.scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByTestId('voice-play')).toBeVisible({ timeout: 20_000 });
  const badge = page.getByTestId('voice-recorded');
  if (recorded) {
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('Recorded');
    await expect(badge).toHaveAccessibleDescription(
      'Both sides of this conversation are recorded for replay on the result page',
    );
    if (shots) await shootVoiceScreen(page);
  }
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript).toContainText('Fine, you have a deal.', { timeout: 30_000 });
  await expect(page.getByText('The session has ended.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  if (!recorded) await expect(badge).toHaveCount(0);
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
};

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');

/** Screens of a page at both widths in both themes, `prepare`d before each (E2E_SCREENSHOTS). */
const shoot = async (page: Page, name: string, height: number, prepare: () => Promise<void> = async () => {}) => {
  for (const [width, theme] of [
    [1280, 'light'],
    [360, 'dark'],
    [360, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await setTheme(page, theme);
    await prepare();
    await page.screenshot({ path: `${shots}/${name}-${width}-${theme}.png` });
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height });
};

const shootVoiceScreen = (page: Page) => shoot(page, 'voice', 800);

test.beforeAll(async ({ playwright }, testInfo) => {
  voice = await arrangeRealtimeVoice(playwright, testInfo, { label: 'Voice recordings', persona: 'Remy' });
});
test.afterAll(async () => {
  await voice?.close();
});

test('[VOICE]: a recorded session says so while it is played, and its result page replays both sides', async ({
  baseURL,
}) => {
  test.setTimeout(150_000);
  await recordVoiceSessions(true);
  const page = await voice.learnerPage(baseURL!);
  await playToWin(page, { recorded: true });

  const panel = page.getByRole('region', { name: 'Recording' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const transcript = page.getByRole('list', { name: 'Conversation' });
  const learnerTurn = transcript.getByRole('listitem').filter({ hasText: 'Shall we agree the deal today?' });
  const personaTurn = transcript.getByRole('listitem').filter({ hasText: 'Fine, you have a deal.' });
  // Both sides of the turn were kept (the list is asked again for a moment after the end, as the last clip lands).
  await expect(learnerTurn.getByRole('button', { name: 'Play this turn' })).toBeVisible({ timeout: 20_000 });
  await expect(personaTurn.getByRole('button', { name: 'Play this turn' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recording-position')).toHaveText(/^0:00 \/ 0:0[1-9]$/);
  expect(
    await axeViolations(page, {
      include: ['[data-testid="session-recording"]', '[aria-label="Conversation"]'],
      minimumImpact: 'minor',
    }),
  ).toEqual([]);

  // The whole conversation: the learner's turn, then the persona's, each highlighted while it is heard.
  const audioFetched = page.waitForResponse(/\/v1\/coaching\/sessions\/[^/]+\/recordings\/[^/]+$/);
  await panel.getByRole('button', { name: 'Play', exact: true }).click();
  const audio = await audioFetched;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  expect(audio.request().headers()['authorization']).toBe(`Bearer ${voice.learnerToken}`);
  await expect(panel).toHaveAttribute('data-status', 'playing');
  const element = page.getByTestId('recording-audio');
  expect(await element.evaluate((node: HTMLAudioElement) => node.src)).toMatch(/^blob:/);
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(false);
  await expect(learnerTurn).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(async () => Number(await panel.getAttribute('data-position-ms')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await panel.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(panel).toHaveAttribute('data-status', 'paused');
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(true);
  if (shots) await shootResultPage(page);
  // Play goes on from where it stopped, into the persona's reply.
  const pausedAt = Number(await panel.getAttribute('data-position-ms'));
  await panel.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(personaTurn).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  await expect(learnerTurn).not.toHaveAttribute('aria-current', 'true');
  expect(Number(await panel.getAttribute('data-position-ms'))).toBeGreaterThanOrEqual(pausedAt);
  await expect(panel).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });

  // One turn on its own: it plays, its button becomes Pause, and the replay stops at its end.
  await learnerTurn.getByRole('button', { name: 'Play this turn' }).click();
  await expect(learnerTurn).toHaveAttribute('aria-current', 'true');
  await expect(learnerTurn.getByRole('button', { name: 'Pause this turn' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel).toHaveAttribute('data-status', 'playing');
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(false);
  await expect(panel).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });
  await expect(transcript.locator('[aria-current="true"]')).toHaveCount(0);
  await expect(page.getByTestId('recording-position')).toHaveText(/^0:00 \//);

  // Keyboard: the panel's button plays from the keyboard too.
  await panel.getByRole('button', { name: 'Play', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-status', 'playing');
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-status', 'paused');

  // In French.
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'fr-FR', url: baseURL! }]);
  await page.reload();
  const panneau = page.getByRole('region', { name: 'Enregistrement' });
  await expect(panneau.getByRole('button', { name: 'Écouter', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Écouter cette intervention' })).toHaveCount(2);
  await expect(panneau.getByRole('progressbar', { name: 'Position dans la conversation' })).toHaveAttribute(
    'aria-valuetext',
    /^0:00 sur 0:0\d$/,
  );
  await page.context().close();
});

test('[VOICE]: with recording off, the voice screen says nothing of it and the result page has no Recording panel', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  await recordVoiceSessions(false);
  const page = await voice.learnerPage(baseURL!);
  const listed = page.waitForResponse(
    (response) => /\/v1\/coaching\/sessions\/[^/]+\/recordings$/.test(response.url()) && response.ok(),
  );
  await playToWin(page, { recorded: false });
  const recordings = (await (await listed).json()) as { items: unknown[] };
  expect(recordings.items).toEqual([]);
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Fine, you have a deal.');
  await expect(page.getByRole('region', { name: 'Recording' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play this turn' })).toHaveCount(0);
  await page.context().close();
});

const shootResultPage = (page: Page) =>
  shoot(page, 'result', 900, () => page.getByRole('region', { name: 'Recording' }).scrollIntoViewIfNeeded());

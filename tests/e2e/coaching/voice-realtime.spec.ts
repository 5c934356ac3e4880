import { expect, test } from '@playwright/test';
import { arrangeRealtimeVoice, type RealtimeVoiceArrangement } from '../support/realtime-voice.js';

// Issue 14, "Done when": a voice session on the fake OpenAI realtime provider, spoken into Chromium's fake microphone
// (a WAV this test makes: a burst of voiced sound, then quiet, looped by Chromium), reaches a win; the result page shows
// the session's voice-to-voice latency. The server trusts the fake's certificate as an extra root
// (tests/playwright.config.ts); the learner speaks hands-free, the provider hears the end of the turn.

let voice: RealtimeVoiceArrangement;

test.beforeAll(async ({ playwright }, testInfo) => {
  voice = await arrangeRealtimeVoice(playwright, testInfo, { label: 'Voice realtime', persona: 'Rory' });
});
test.afterAll(async () => {
  await voice?.close();
});

test('[VOICE]: a spoken session on the fake realtime provider reaches a win, and the result shows its voice latency', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  voice.fake.script({
    text: 'Fine, you have a deal. [[WIN]]',
    userTranscript: 'Shall we agree the deal today?',
    audioMs: 1200,
  });
  const page = await voice.learnerPage(baseURL!);
  await page.goto(`/apps/ai-coaching/scenario/info-${voice.scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByTestId('voice-play')).toBeVisible({ timeout: 20_000 });

  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript).toContainText('Shall we agree the deal today?', { timeout: 30_000 });
  await expect(transcript).toContainText('Fine, you have a deal.', { timeout: 30_000 });
  await expect(page.getByText('The session has ended.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  // The provider heard the microphone: audio was appended and a turn detected, so at least the 500 ms of quiet that
  // ended it (12,000 samples). How much more depends on when the win closed the conversation.
  expect(voice.fake.connections.at(-1)!.appendedSamples).toBeGreaterThan(12_000);
  await expect(transcript).not.toContainText('[[');

  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('voice-latency')).toContainText(
    /Usual delay before the persona answered: [\d.]+ s \(slowest [\d.]+ s\)/,
    {
      timeout: 20_000,
    },
  );
  await page.context().close();
});

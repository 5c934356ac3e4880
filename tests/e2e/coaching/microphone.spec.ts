import { expect, test, type Browser } from '@playwright/test';
import { builtinChatModel, coachingAuthor } from '../support/coaching.js';
import { launchWithFakeMicrophone, signedInPage } from '../support/fake-microphone.js';
import { setUpArranger } from '../support/arrange.js';

// Issue 14 §4, before a voice session: the microphone check on a voice scenario's page, with Chromium's fake
// microphone (a beep), and the spec's message when access is refused.

const setup = setUpArranger();
let token = '';
let scenarioId = '';
let browser: Browser;
const stamp = Date.now();

test.beforeAll(async ({ playwright }, testInfo) => {
  const organizationId = await setup.arrange.organization(`Voices ${stamp}`);
  const learner = { email: `voice-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
  token = (await setup.arrange.member(organizationId, 'user', { ...learner, first_name: 'Vic' })).token;
  const modelId = await builtinChatModel(setup.api, setup.arrange, {
    displayName: `Voice coach ${stamp}`,
    creditsPerMinute: 0,
  });
  const author = coachingAuthor(setup.arrange);
  scenarioId = await author.scenario({
    name: `Spoken call ${stamp}`,
    mode: 'voice',
    persona_id: await author.persona({ name: `Val ${stamp}` }),
    observer_ids: [await author.observer(`Coach ${stamp}`, modelId)],
    model_id: modelId,
    time_limit_seconds: 120,
  });
  browser = await launchWithFakeMicrophone(playwright, testInfo);
});
test.afterAll(async () => {
  await browser?.close();
});

const open = async (permissions: string[], baseURL: string) => {
  const page = await signedInPage(browser, { baseURL, token, permissions });
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await expect(page.getByRole('heading', { name: 'Your microphone' })).toBeVisible();
  return page;
};

test('[VOICE]: the microphone check shows the level moving and remembers the microphone', async ({ baseURL }) => {
  const page = await open(['microphone'], baseURL!);
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  // Chromium's fake microphone beeps now and then: the highest level the meter showed, whenever it was.
  await meter.evaluate((element) => {
    const seen = window as unknown as { highestLevel: number };
    seen.highestLevel = 0;
    new MutationObserver(() => {
      seen.highestLevel = Math.max(seen.highestLevel, Number(element.getAttribute('aria-valuenow')));
    }).observe(element, { attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await page.getByRole('button', { name: 'Try my microphone' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { highestLevel: number }).highestLevel), { timeout: 15_000 })
    .toBeGreaterThan(5);
  expect(await page.evaluate(() => sessionStorage.getItem('isMicrophoneConfigured'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('selectedInput'))).not.toBeNull();
  await page.getByRole('button', { name: 'Stop the test' }).click();
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  await page.context().close();
});

test('[VOICE]: a refused microphone says the spec’s message', async ({ baseURL }) => {
  const page = await open([], baseURL!);
  await page.getByRole('button', { name: 'Try my microphone' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The permission to use microphone is denied. Please allow access in your browser settings.',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('isMicrophoneConfigured'))).toBeNull();
  await page.context().close();
});

import type { Browser, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';

/**
 * A Chromium of a spec's own with a fake microphone (the voice specs): Chromium's own test signal, or a WAVE file the
 * spec made, played in a loop.
 */
export const launchWithFakeMicrophone = (
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  wavPath?: string,
): Promise<Browser> => {
  const launch = testInfo.project.use.launchOptions ?? {};
  return playwright.chromium.launch({
    ...launch,
    // The whole browser, not the headless shell the other specs run (tests/playwright.config.ts): the shell's meter
    // never moves on the fake microphone, and the persona is never heard.
    executablePath: '/usr/bin/chromium',
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      ...(wavPath ? [`--use-file-for-fake-audio-capture=${wavPath}`] : []),
    ],
  });
};

/** A page signed in with this token, in a context of its own granting these permissions (or none: denied). */
export const signedInPage = async (
  browser: Browser,
  { baseURL, token, permissions }: { baseURL: string; token: string; permissions: string[] },
): Promise<Page> => {
  const context = await browser.newContext({ baseURL, permissions, locale: 'en-GB' });
  await context.addInitScript((accessToken) => localStorage.setItem('accessToken', accessToken), token);
  return context.newPage();
};

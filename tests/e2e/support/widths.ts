import {
  test,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestInfo,
} from '@playwright/test';

/** A phone's width and a laptop's: what each screen is looked at in. */
export const WIDTHS = [360, 1280] as const;

type Body = (
  args: PlaywrightTestArgs & PlaywrightTestOptions & PlaywrightWorkerArgs & PlaywrightWorkerOptions,
  testInfo: TestInfo,
) => Promise<void>;

/**
 * Declares a file's behaviours each at one width, taking turns: a phone's, then a laptop's. Both layouts go through
 * the file's screens without every behaviour running twice (the suite's time is Chromium's); the layout checks of
 * their own (shell/mobile.spec.ts, the no-sideways-scroll checks) keep both widths.
 */
export const widthsByTurns = () => {
  let turn = 0;
  return (title: string, body: Body) => {
    const width = WIDTHS[turn++ % WIDTHS.length]!;
    test.describe(`${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });
      test(title, body);
    });
  };
};

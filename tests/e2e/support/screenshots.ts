import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Where `E2E_SCREENSHOTS=<dir>` asks the specs to keep their screens; unset, none is taken. */
export const SCREENSHOTS_DIR = process.env['E2E_SCREENSHOTS'];

/**
 * The page, or one part of it, at 1280 and 360 px wide in the light and the dark theme, as
 * `<name>-<theme>-<width>.png` in E2E_SCREENSHOTS: for a person to look at a screen before calling it done (not
 * committed). The page then gets its light theme and its viewport back.
 */
export const screenshots = async (page: Page, name: string, part?: Locator): Promise<void> => {
  if (!SCREENSHOTS_DIR) return;
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const viewport = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const file = path.join(SCREENSHOTS_DIR, `${name}-${theme}-${width}.png`);
      await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  if (viewport) await page.setViewportSize(viewport);
};

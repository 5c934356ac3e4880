import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.js';

// axe on the shell pages in both themes: no serious or critical violation may ship.
for (const theme of ['light', 'dark'] as const) {
  for (const path of ['/', '/this/does/not/exist', '/403']) {
    test(`[SHELL]: ${path} has no serious accessibility violation in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto(path);
      await page.locator('html[data-app-ready="true"]').waitFor();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/**
 * What axe finds against WCAG 2.1 A and AA on the page (inside the `include` selectors, when given; only `rules`, when
 * given), at `minimumImpact` or worse (serious by default): one line per rule naming the elements, which a spec
 * expects to be empty.
 *
 * Legacy mode runs axe in the page itself. The default mode runs each frame's part, then finishes in a new blank page:
 * a renderer process per check, about twice as long, for screens that embed no other origin.
 */
export const axeViolations = async (
  page: Page,
  {
    include = [],
    rules,
    minimumImpact = 'serious',
  }: { include?: string[]; rules?: string[]; minimumImpact?: (typeof IMPACTS)[number] } = {},
): Promise<string[]> => {
  let axe = new AxeBuilder({ page }).setLegacyMode();
  for (const selector of include) axe = axe.include(selector);
  axe = rules ? axe.withRules(rules) : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await axe.analyze();
  const floor = IMPACTS.indexOf(minimumImpact);
  return violations
    .filter((violation) => IMPACTS.indexOf(violation.impact ?? 'minor') >= floor)
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
};

/** No axe finding (serious or worse) on the screen once its spinners are gone: what most screens' specs check. */
export const expectAxeClean = async (page: Page) => {
  await expect(page.locator('[role="status"] svg.animate-spin')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
};

/**
 * axe on the screen as it is, in the light theme then the dark one, spinners gone first. The theme is the `dark` class
 * on the root (client/src/lib/theme): switching it in place checks both without loading the screen twice. What a
 * theme changes is colour: the dark pass checks contrast; structure, names and roles are the light pass's.
 */
export const expectAxeCleanInBothThemes = async (page: Page, options: { include?: string[] } = {}) => {
  await page.locator('html[data-app-ready="true"]').waitFor();
  await expect(page.locator('[role="status"] svg.animate-spin')).toHaveCount(0);
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    const rules = dark ? ['color-contrast', 'link-in-text-block'] : undefined;
    expect(await axeViolations(page, { ...options, rules }), dark ? 'dark' : 'light').toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
};

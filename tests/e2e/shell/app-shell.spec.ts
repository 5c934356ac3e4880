import { expect, test, type Page } from '@playwright/test';

const waitForApp = (page: Page) => page.locator('html[data-app-ready="true"]').waitFor();

// A CSP violation in the built app shows up as a console error; the server's policy forbids inline scripts and eval.
const collectConsoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

test('[SHELL]: landing page shows the banner and switches to French', async ({ page }) => {
  const consoleErrors = collectConsoleErrors(page);
  await page.goto('/');
  await waitForApp(page);

  await expect(page.getByRole('banner')).toContainText('AI-Coaching');
  await expect(page.getByRole('heading', { level: 1, name: 'Practise the conversations that matter' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/#login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  await page.getByLabel('Language').selectOption('fr-FR');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Entraînez-vous aux conversations qui comptent' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // The choice is remembered in the locale cookie across reloads.
  await page.reload();
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('fr-FR');

  expect(consoleErrors).toEqual([]);
});

test('[SHELL]: unknown address shows the 404 error page inside the layout', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await waitForApp(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('404');
  await expect(page.getByRole('main')).toContainText('/this/does/not/exist');
  await expect(page.getByRole('banner')).toContainText('AI-Coaching');
});

test('[SHELL]: /403 shows the forbidden page', async ({ page }) => {
  await page.goto('/403');
  await waitForApp(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('403');
});

test('[SHELL]: dark mode toggle persists after reload', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Dark mode' });

  await expect(html).not.toHaveClass(/\bdark\b/);
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await waitForApp(page);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
});

test('[SHELL]: usable at 360 px wide without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await waitForApp(page);

  await expect(page.getByLabel('Language')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('[SHELL]: the running bundle matches the latest-build manifest', async ({ page, request }) => {
  await page.goto('/');
  await waitForApp(page);

  const response = await request.get('/build/latest.json');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { id: string; version: string; builtAt: string };
  expect(manifest.version).toBe('1.4.1');
  expect(Number.isNaN(Date.parse(manifest.builtAt))).toBe(false);
  await expect(page.locator('html')).toHaveAttribute('data-build-id', manifest.id);
});

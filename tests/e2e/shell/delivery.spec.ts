import { expect, test, type Page, type Response } from '@playwright/test';
import { ADMIN, apiToken } from '../support/session.js';

// How the built client reaches the browser (issue 9 §3.1, docs/performance.md): precompressed files, and start-up
// chunks that hold only what a page needs. The figures themselves (Lighthouse, kilobytes) are bench/client's.

const waitForApp = (page: Page) => page.locator('html[data-app-ready="true"]').waitFor();

/** Every answer of the app's own server (not `data:` images), as the page loads. */
const recordResponses = (page: Page) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (/^https?:/.test(response.url())) responses.push(response);
  });
  return responses;
};

const pathOf = (response: Response) => new URL(response.url()).pathname;

test('[PERFORMANCE]: the app shell, its scripts and its styles arrive compressed and vary on Accept-Encoding', async ({
  page,
}) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await waitForApp(page);

  const files = responses.filter(
    (response) => response.request().resourceType() === 'document' || /\.(js|css)$/.test(pathOf(response)),
  );
  expect(files.map(pathOf)).toContain('/');
  expect(files.filter((response) => pathOf(response).endsWith('.js')).length).toBeGreaterThan(2);
  for (const response of files) {
    const body = await response.body();
    // Below 1 kB the build leaves a file as it is.
    if (body.length < 1024) continue;
    const headers = await response.allHeaders();
    // Chromium asks for brotli on HTTPS and on the loopback address, for gzip elsewhere.
    const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
    expect(headers['content-encoding'], pathOf(response)).toBe(/\bbr\b/.test(accepted) ? 'br' : 'gzip');
    expect(headers['vary']?.toLowerCase(), pathOf(response)).toContain('accept-encoding');
  }
});

test('[PERFORMANCE]: a browser that accepts brotli gets the brotli file, with the type of the original', async ({
  page,
  request,
}) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await waitForApp(page);
  const script = responses.find((response) => /^\/assets\/react-.+\.js$/.test(pathOf(response)));
  expect(script, 'the React chunk').toBeDefined();

  for (const [path, type] of [
    [pathOf(script!), /javascript/],
    ['/', /^text\/html/],
    ['/dashboard', /^text\/html/],
  ] as const) {
    const answer = await request.get(path, { headers: { 'accept-encoding': 'br', accept: 'text/html,*/*' } });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['content-encoding'], path).toBe('br');
    expect(answer.headers()['content-type'], path).toMatch(type);
  }
  // Without any accepted encoding, the file itself.
  const plain = await request.get(pathOf(script!), { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).length).toBeGreaterThan(100_000);
});

test('[PERFORMANCE]: the landing and login pages load no signed-in code; the dashboard draws initials without the avatar library', async ({
  page,
  playwright,
}, testInfo) => {
  const responses = recordResponses(page);
  await page.goto('/');
  await waitForApp(page);
  await page.goto('/#login');
  await expect(page.getByLabel('Email address')).toBeVisible();

  const signedOut = responses.map(pathOf).filter((path) => path.endsWith('.js'));
  const signedOutPreloads = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(signedOutPreloads.some((path) => /^\/assets\/landing-route-/.test(path))).toBe(true);
  // React, the start-up libraries, the app, and the landing page's own chunk are all there is to it.
  expect(signedOut.some((path) => /^\/assets\/react-/.test(path))).toBe(true);
  expect(signedOut.some((path) => /^\/assets\/landing-route-/.test(path))).toBe(true);
  expect(signedOut.filter((path) => /lib-dicebear|dashboard-route|avatar-generator/.test(path))).toEqual([]);
  // Nor the auth machine and the query library: no session to run, no data to cache (docs/client.md).
  expect(signedOut.filter((path) => /lib-xstate|auth-runtime|lib-tanstack/.test(path))).toEqual([]);

  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const token = await apiToken(api, ADMIN.email, ADMIN.password);
  await api.dispose();
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  responses.length = 0;
  await page.goto('/dashboard');
  await waitForApp(page);
  // With a stored session, the page asks for the auth machine, the query library and the signed-in frame before the
  // app has run (public/theme-init.js), and not for the landing page nor the play screens' @xstate/react.
  const preloads = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  for (const chunk of ['auth-runtime', 'lib-xstate', 'lib-tanstack-query-core', 'lib-tanstack-react-query']) {
    expect(preloads.filter((path) => path.startsWith(`/assets/${chunk}-`))).toHaveLength(1);
  }
  expect(preloads.filter((path) => /signed-in-layouts/.test(path))).toHaveLength(1);
  expect(preloads.filter((path) => /lib-xstate-react/.test(path))).toEqual([]);
  expect(preloads.filter((path) => /landing-route/.test(path))).toEqual([]);

  // The account menu shows the initials avatar, drawn without the avatar library (components/ui/avatar-generator.ts):
  // dicebear is for the persona thumbnails of the pages that offer them.
  const avatar = page.getByRole('button', { name: /^Account menu of / }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect(responses.map(pathOf).filter((path) => /lib-dicebear/.test(path))).toEqual([]);
});

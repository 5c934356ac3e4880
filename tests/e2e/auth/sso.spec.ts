import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFakeKeycloak, type FakeKeycloak } from '../../src/fakes/keycloak.js';

// The realm is created through the API, as a super-admin would: the server is already running
// (scripts/e2e-server.mjs) when the test starts the provider on a free port.
const REALM = 'test';
const ADMIN = { username: 'admin@e2e.test', password: 'E2e-Admin-Passw0rd!' };

let idp: FakeKeycloak;
let api: APIRequestContext;
let adminToken: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  idp = await startFakeKeycloak({ redirectUris: [`${baseURL}/?realm=${REALM}`] });
  api = await playwright.request.newContext({ baseURL });

  const login = await api.post('/v1/fau/login', { form: { ...ADMIN, grant_type: 'password', scope: '' } });
  expect(login.status()).toBe(200);
  adminToken = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${adminToken}` };
  const me = (await (await api.get('/v1/me', { headers })).json()) as { organization_id: string };

  // A retry of this file finds the realm of the previous attempt.
  await api.delete(`/v1/sso_realms/${REALM}`, { headers });
  const created = await api.post('/v1/sso_realms', {
    headers,
    data: {
      name: REALM,
      issuer: idp.issuer('test'),
      client_id: idp.clientId,
      client_secret: idp.clientSecret('test'),
      organization_id: me.organization_id,
    },
  });
  expect(created.status()).toBe(201);
});

test.afterAll(async () => {
  await api?.delete(`/v1/sso_realms/${REALM}`, { headers: { authorization: `Bearer ${adminToken}` } });
  await api?.dispose();
  await idp?.close();
});

test('[AUTH]: single sign-on through the provider’s login form in the browser', async ({ page }) => {
  // The code is single use and only our callback call below may redeem it: the app, which would
  // redeem it as soon as it loads, is kept from doing so.
  await page.route('**/v1/keycloak/callback**', (route) => route.abort());
  const { url } = (await (await api.get(`/v1/keycloak/get_login_url?realm=${REALM}`)).json()) as { url: string };
  await page.goto(url);
  await page.locator('#username').fill('alice');
  await page.locator('#password').fill('alice-password');
  await page.locator('#kc-login').click();

  await page.waitForURL((landed) => landed.pathname === '/' && landed.searchParams.has('code'), {
    waitUntil: 'commit',
  });
  const landed = new URL(page.url());
  expect(landed.searchParams.get('realm')).toBe(REALM);
  const state = landed.searchParams.get('state');
  expect(state).toBeTruthy();

  const callback = await api.post(`/v1/keycloak/callback?${landed.searchParams.toString()}`);
  expect(callback.status()).toBe(200);
  const tokens = (await callback.json()) as { access_token: string; refresh_token: string; token_type: string };
  expect(tokens.token_type).toBe('bearer');
  expect(tokens.refresh_token).toBeTruthy();

  const me = await api.get('/v1/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(await me.json()).toMatchObject({ email: 'alice@keycloak.test', first_name: 'Alice', last_name: 'Liddell' });
});

test('[AUTH]: single sign-on from /preconnect through the app ends signed in on the dashboard', async ({ page }) => {
  await page.goto('/preconnect');
  await page.getByLabel('Organization sign-in (realm)').selectOption(REALM);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('#username').fill('alice');
  await page.locator('#password').fill('alice-password');
  await page.locator('#kc-login').click();

  // The navigation guard redeems ?realm&code&state, strips them from the address and goes to success-login.
  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored['keycloakAccessToken']).toBeTruthy();
  expect(stored['keycloakRefreshToken']).toBeTruthy();
  expect(stored['lastMethod']).toBe('keycloak');
  expect(stored['lastRealmName']).toBe(REALM);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/preconnect$/);
  // The realm last used is preselected.
  await expect(page.getByLabel('Organization sign-in (realm)')).toHaveValue(REALM);
  expect(await page.evaluate(() => localStorage.getItem('keycloakRefreshToken'))).toBeNull();
});

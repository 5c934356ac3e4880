import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo, linkIn, startMailSink } from './mail-sink.js';
import { ADMIN, apiToken } from './session.js';

/** What the settings specs arrange through the API as the seeded super-admin. */
export type Arranger = {
  token: string;
  call<T = { id: string }>(method: 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown, token?: string): Promise<T>;
  organization(name: string): Promise<string>;
  /** An active account: invited through the API, activated with the code of its mail. */
  account(person: {
    email: string;
    first_name: string;
    last_name?: string;
    organization_id: string;
    organization_role: 'super-admin' | 'operator' | 'editor' | 'user';
    password: string;
  }): Promise<string>;
  /**
   * A member of `organizationId` with an active account and an API token, for `signInWithToken`: what most specs
   * arrange per person. The email is made unique unless given; the password is `MEMBER_PASSWORD` unless given.
   */
  member(
    organizationId: string,
    role: 'operator' | 'editor' | 'user',
    person?: { first_name?: string; last_name?: string; email?: string; password?: string },
  ): Promise<Member>;
};

export type Member = { id: string; email: string; password: string; token: string };

export const MEMBER_PASSWORD = 'Member-Passw0rd!';

/** The activation code in an invitation mail. */
export const inviteCodeIn = (text: string | undefined): string => {
  const match = /\/activate\?code=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no activation link in:\n${text}`);
  return match[1]!;
};

/**
 * Invites `person` as the holder of `headers` and activates the account through the link of the invitation mail, which
 * must point at the app (`baseURL`); answers the new user's id. For specs that arrange without an `arranger`.
 */
export const inviteAndActivate = async (
  api: APIRequestContext,
  sink: SmtpSink,
  headers: Record<string, string>,
  baseURL: string,
  {
    password,
    ...person
  }: {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    organization_id: string;
    organization_role: string;
  },
): Promise<string> => {
  const invited = await api.post('/v1/users', { headers, data: person });
  expect(invited.status()).toBe(201);
  const mail = await sink.waitFor((message) => isMailTo(message, person.email), 15_000);
  const code = new URL(linkIn(mail.text, `${baseURL}/activate?code=`)).searchParams.get('code');
  const activated = await api.post('/v1/activate_account', { data: { invite_code: code, password } });
  expect(activated.status()).toBe(200);
  return ((await invited.json()) as { id: string }).id;
};

/** A request to the API as the holder of `token`, its answer as it comes (the caller reads the status). */
export const requestAs = (api: APIRequestContext, token: string, method: string, path: string, data?: unknown) =>
  api.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { authorization: `Bearer ${token}` } });

export const arranger = async (api: APIRequestContext, sink: SmtpSink): Promise<Arranger> => {
  const token = await apiToken(api, ADMIN.email, ADMIN.password);
  let members = 0;
  const call: Arranger['call'] = async (method, path, data, as = token) => {
    const response = await requestAs(api, as, method, path, data);
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as never;
  };
  const arrange: Arranger = {
    token,
    call,
    async organization(name) {
      return (await call('POST', '/v1/organizations', { name })).id;
    },
    async account({ password, ...person }) {
      const { id } = await call('POST', '/v1/users', { last_name: '', ...person });
      const mail = await sink.waitFor((message) => isMailTo(message, person.email), 15_000);
      const activated = await api.post('/v1/activate_account', {
        data: { invite_code: inviteCodeIn(mail.text), password },
      });
      expect(activated.status()).toBe(200);
      return id;
    },
    async member(organizationId, role, { password = MEMBER_PASSWORD, ...person } = {}) {
      const email = person.email ?? `${role}-${Date.now()}-${(members += 1)}@e2e.test`;
      const id = await arrange.account({
        first_name: role,
        ...person,
        email,
        organization_id: organizationId,
        organization_role: role,
        password,
      });
      return { id, email, password, token: await apiToken(api, email, password) };
    },
  };
  return arrange;
};

/** What `setUpArranger` opens for a spec file: fields set by its beforeAll, so read them in hooks and tests. */
export type ArrangerSetup = { api: APIRequestContext; sink: SmtpSink; arrange: Arranger };

/**
 * Registers the beforeAll that opens an API context on the e2e server, the mail sink and an `arranger`, and the
 * afterAll that closes them: how most spec files start. Call it before the file's own beforeAll (hooks run in the
 * order they are declared), which then reads the returned object.
 */
export const setUpArranger = (): ArrangerSetup => {
  const setup = {} as ArrangerSetup;
  test.beforeAll(async ({ playwright }, testInfo) => {
    setup.sink = await startMailSink();
    setup.api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
    setup.arrange = await arranger(setup.api, setup.sink);
  });
  test.afterAll(async () => {
    await setup.api?.dispose();
    await setup.sink?.close();
  });
  return setup;
};

/** Opens the app signed in with a token (no login form), in a theme and a language. */
export const signInWithToken = async (
  page: Page,
  token: string,
  options: { theme?: 'light' | 'dark'; locale?: 'en-GB' | 'fr-FR' } = {},
) => {
  await page.addInitScript(
    ([accessToken, theme, locale]) => {
      window.localStorage.setItem('accessToken', accessToken);
      window.localStorage.setItem('theme', theme);
      document.cookie = `i18n_redirected=${locale}; path=/`;
    },
    [token, options.theme ?? 'light', options.locale ?? 'en-GB'] as const,
  );
};

/** Nothing on the page is wider than the window: no sideways scrolling at this width. */
export const expectNoSidewaysScroll = async (page: Page) => {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `sideways scroll at ${page.viewportSize()?.width ?? '?'} px`,
  ).toBe(true);
};

export const toast = (page: Page) => page.getByTestId('toast').last();

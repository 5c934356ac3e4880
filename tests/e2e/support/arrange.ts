import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo } from '../support/mail-sink.js';
import { ADMIN, apiToken } from '../support/session.js';

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
};

/** The activation code in an invitation mail. */
export const inviteCodeIn = (text: string | undefined): string => {
  const match = /\/activate\?code=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no activation link in:\n${text}`);
  return match[1]!;
};

export const arranger = async (api: APIRequestContext, sink: SmtpSink): Promise<Arranger> => {
  const token = await apiToken(api, ADMIN.email, ADMIN.password);
  const call: Arranger['call'] = async (method, path, data, as = token) => {
    const response = await api.fetch(path, {
      method,
      ...(data === undefined ? {} : { data }),
      headers: { authorization: `Bearer ${as}` },
    });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as never;
  };
  return {
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
  };
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

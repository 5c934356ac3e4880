import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import { listenLocally, readBody } from './support/http-server.js';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A Keycloak stand-in for tests (notes/testing-tools.md §4): oidc-provider serving Keycloak's URL
 * layout, `/realms/{realm}/.well-known/openid-configuration` and
 * `/realms/{realm}/protocol/openid-connect/{auth,token,userinfo,logout,certs,revoke,token/introspect}`,
 * one issuer and signing key per realm, a login form with the ids of Keycloak's theme (`username`,
 * `password`, `kc-login`, `input-error`) at `/realms/{realm}/login-actions/{uid}`, refresh tokens
 * rotated on each use (Keycloak's "Revoke Refresh Token"), and no consent screen.
 * It listens on 127.0.0.1 on a free port.
 */

export type FakeKeycloakUser = {
  username: string;
  password: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
};

export type FakeKeycloakAccount = FakeKeycloakUser & { subject: string };

export type FakeKeycloak = {
  /** `http://127.0.0.1:{port}` */
  url: string;
  issuer(realm: string): string;
  clientId: string;
  clientSecret(realm: string): string;
  /** Users exist in every realm, with the same subject (an issuer scopes it). */
  addUser(user: FakeKeycloakUser): FakeKeycloakAccount;
  /** From now on the account cannot log in, and its refresh tokens are refused (the account is gone). */
  disableUser(username: string): void;
  /** Refresh tokens of this user at this realm that would still be accepted (not rotated, revoked or expired). */
  liveRefreshTokens(username: string, realm: string): Promise<number>;
  close(): Promise<void>;
};

export const FAKE_KEYCLOAK_REALMS = ['test', 'other'] as const;
export const FAKE_KEYCLOAK_CLIENT_ID = 'ai-coaching';

/** A user whose email the provider has verified, and one whose email it has not. */
export const DEFAULT_FAKE_USERS: readonly FakeKeycloakUser[] = [
  {
    username: 'alice',
    password: 'alice-password',
    email: 'alice@keycloak.test',
    emailVerified: true,
    givenName: 'Alice',
    familyName: 'Liddell',
  },
  {
    username: 'mallory',
    password: 'mallory-password',
    email: 'mallory@keycloak.test',
    emailVerified: false,
    name: 'Mallory Unverified',
  },
];

const KC = '/protocol/openid-connect';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const loginPage = (realm: string, action: string, error?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in to ${escapeHtml(realm)}</title></head>
<body>
<h1>Sign in to your account</h1>
${error ? `<span id="input-error" role="alert">${escapeHtml(error)}</span>` : ''}
<form id="kc-form-login" method="post" action="${escapeHtml(action)}">
  <label for="username">Username or email</label>
  <input id="username" name="username" type="text" autocomplete="username" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">
  <input id="kc-login" name="login" type="submit" value="Sign In">
</form>
</body></html>`;

/** One realm's provider settings: Keycloak's routes, claims and token lifetimes, no consent screen. */
const realmConfiguration = (
  realm: string,
  {
    redirectUris,
    bySubject,
    disabled,
  }: {
    redirectUris: readonly string[];
    bySubject: (subject: string) => FakeKeycloakAccount | undefined;
    disabled: Set<string>;
  },
): Configuration => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: `${realm}-k1` };
  return {
    clients: [
      {
        client_id: FAKE_KEYCLOAK_CLIENT_ID,
        client_secret: `${realm}-client-secret`,
        redirect_uris: [...redirectUris],
        post_logout_redirect_uris: [...redirectUris],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [`${realm}-cookie-key`] },
    routes: {
      authorization: `${KC}/auth`,
      token: `${KC}/token`,
      userinfo: `${KC}/userinfo`,
      jwks: `${KC}/certs`,
      end_session: `${KC}/logout`,
      revocation: `${KC}/revoke`,
      introspection: `${KC}/token/introspect`,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // Keycloak puts profile and email claims in the ID token too.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html><body>${form.replace(
            '</form>',
            '<input type="hidden" name="logout" value="yes"></form>',
          )}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
    // The default would issue refresh tokens only with offline_access; Keycloak issues them to every code flow.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // No consent screen, as for a first-party Keycloak client.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, subject) => {
      const account = bySubject(subject);
      if (!account || disabled.has(account.username)) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          sub: subject,
          preferred_username: account.username,
          ...(account.email !== undefined
            ? { email: account.email, email_verified: account.emailVerified ?? false }
            : {}),
          ...(account.givenName !== undefined ? { given_name: account.givenName } : {}),
          ...(account.familyName !== undefined ? { family_name: account.familyName } : {}),
          ...(account.name !== undefined ? { name: account.name } : {}),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/realms/${realm}/login-actions/${interaction.uid}` },
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      RefreshToken: 3600,
      Session: 3600,
      Grant: 3600,
      Interaction: 600,
    },
  };
};

/** A realm's routes: the provider's own, and the login page it sends the browser to. */
const realmHandler = (
  realm: string,
  provider: Provider,
  accounts: Map<string, FakeKeycloakAccount>,
  disabled: Set<string>,
) => {
  const callback = provider.callback();
  const prefix = `/realms/${realm}`;
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '').slice(prefix.length);
    const loginAction = /^\/login-actions\/([^/?]+)/.exec(path);
    if (!loginAction) {
      // Mounted under /realms/{realm}, as Express would mount it: oidc-provider reads the prefix from originalUrl.
      Object.assign(req, { originalUrl: req.url });
      req.url = path || '/';
      callback(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== loginAction[1]) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown login');
      return;
    }
    const action = `${prefix}/login-actions/${details.uid}`;
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(realm, action));
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    const account = accounts.get(form.get('username') ?? '');
    if (!account || account.password !== form.get('password') || disabled.has(account.username)) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage(realm, action, 'Invalid username or password.'));
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.subject } },
      { mergeWithLastSubmission: false },
    );
  };
};

export const startFakeKeycloak = async (options: {
  /** Every redirect URI the client may use, in every realm (e.g. `${PUBLIC_URL}/?realm=test`). */
  redirectUris: readonly string[];
  users?: readonly FakeKeycloakUser[];
}): Promise<FakeKeycloak> => {
  const accounts = new Map<string, FakeKeycloakAccount>();
  const disabled = new Set<string>();
  const bySubject = (subject: string) => [...accounts.values()].find((account) => account.subject === subject);
  const addUser = (user: FakeKeycloakUser): FakeKeycloakAccount => {
    const account = { ...user, subject: randomUUID() };
    accounts.set(user.username, account);
    return account;
  };
  for (const user of options.users ?? DEFAULT_FAKE_USERS) addUser(user);

  const handlers = new Map<string, (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>>();
  const server = http.createServer((req, res) => {
    const realm = /^\/realms\/([^/?]+)/.exec(req.url ?? '')?.[1];
    const handler = realm ? handlers.get(realm) : undefined;
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Realm not found');
      return;
    }
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(error instanceof Error ? error.message : 'error');
    });
  });
  const listening = await listenLocally(server);
  const url = `http://127.0.0.1:${listening.port}`;
  const issuer = (realm: string) => `${url}/realms/${realm}`;
  const clientSecret = (realm: string) => `${realm}-client-secret`;

  // refresh token values (their jti: they are opaque) issued per realm and account
  const refreshTokens = new Map<string, Set<string>>();
  const providers = new Map<string, Provider>();

  for (const realm of FAKE_KEYCLOAK_REALMS) {
    const configuration = realmConfiguration(realm, { redirectUris: options.redirectUris, bySubject, disabled });
    const provider = new Provider(issuer(realm), configuration);
    provider.on('refresh_token.saved', (token: { jti: string; accountId?: string }) => {
      const key = `${realm}\u001f${token.accountId}`;
      refreshTokens.set(key, (refreshTokens.get(key) ?? new Set()).add(token.jti));
    });
    providers.set(realm, provider);
    handlers.set(realm, realmHandler(realm, provider, accounts, disabled));
  }

  return {
    url,
    issuer,
    clientId: FAKE_KEYCLOAK_CLIENT_ID,
    clientSecret,
    addUser,
    disableUser: (username) => void disabled.add(username),
    async liveRefreshTokens(username, realm) {
      const account = accounts.get(username);
      const provider = providers.get(realm);
      if (!account || !provider) return 0;
      let live = 0;
      for (const value of refreshTokens.get(`${realm}\u001f${account.subject}`) ?? []) {
        if ((await provider.RefreshToken.find(value))?.isValid) live += 1;
      }
      return live;
    },
    close: listening.close,
  };
};

export type AuthorizationResult = {
  /** The URL the provider sent the browser back to. */
  url: string;
  code: string;
  state: string;
  iss: string | undefined;
};

/**
 * What a browser does between our login URL and our redirect URI, with fetch: follows redirects
 * by hand (keeping the provider's cookies), fills the login form, and stops at the first redirect
 * to `appUrl`, whose `code`, `state` and `iss` it returns.
 */
export const loginThroughProvider = async (
  authorizationUrl: string,
  credentials: { username: string; password: string },
  appUrl: string,
): Promise<AuthorizationResult> => {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let request: { method: 'GET' | 'POST'; body?: string } = { method: 'GET' };
  let submitted = false;
  for (let hop = 0; hop < 15; hop++) {
    const response = await fetch(url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(appUrl)) {
        const code = next.searchParams.get('code');
        const state = next.searchParams.get('state');
        if (!code || !state) throw new Error(`The provider redirected back without a code: ${next.search}`);
        return { url: next.href, code, state, iss: next.searchParams.get('iss') ?? undefined };
      }
      url = next.href;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form id="kc-form-login" method="post" action="([^"]+)"/.exec(html)?.[1];
    if (response.status === 200 && action && !submitted) {
      submitted = true;
      url = new URL(action, url).href;
      request = { method: 'POST', body: new URLSearchParams(credentials).toString() };
      continue;
    }
    throw new Error(
      submitted && html.includes('input-error')
        ? `The provider refused the credentials of ${credentials.username}`
        : `Unexpected answer ${response.status} from ${url}`,
    );
  }
  throw new Error('Too many redirects between the provider and the app');
};

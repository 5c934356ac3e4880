import {
  ConflictError,
  USER_NAME_MAX,
  emailClaimDecider,
  normalizeEmail,
  userDecider,
  userEmailStreamId,
  userStreamId,
} from '@ai-coaching/domain';
import {
  DecryptionError,
  SsoError,
  buildLoginUrl,
  claimRefreshToken,
  completeLogin,
  deterministicId,
  emailKey,
  endTokenFamily,
  findSsoRealm,
  findTokenFamily,
  listSsoRealms,
  newId,
  realmNotFound,
  refreshAtProvider,
  releaseRefreshToken,
  revokeAtProvider,
  revokeSession,
  rotateRefreshToken,
  ssoEncryptionKeys,
  ssoRedirectUri,
  startTokenFamily,
  type FamilyEndReason,
  type IdpIdentity,
  type SsoRealm,
  type SsoTokenFamily,
} from '@ai-coaching/platform';
import {
  findOrganization,
  findUser,
  findUserByEmail,
  findUserByIdentity,
  type UserView,
} from '@ai-coaching/projections';
import { z } from 'zod';
import { issueAccessToken } from '../auth/session-tokens.js';
import { runCommand } from '../commands/run-command.js';
import { ApiError } from '../http/api-error.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { defineLegacyRoute, publicAccess } from '../http/route.js';
import { asApiError } from './sso-realms.js';

/**
 * Single sign-on through Keycloak-layout realms (spec section 7). The browser only ever holds our
 * tokens: the provider's stay on the server (ASVS 10.1.1). A login links the provider's identity
 * to an account of the realm's organization, or provisions one; our refresh tokens rotate on each
 * use and a reuse ends the whole login (docs/adr/0007-sso-realms-and-tokens.md).
 */

const TAG = 'Single sign-on';
const NO_STORE = { 'Cache-Control': 'no-store' };

const realmName = z.string().min(1).max(63);
const refreshTokenBody = z.object({ refresh_token: z.string().min(1).max(512) });

const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().describe('Seconds until the access token expires.'),
});

const ssoDeps = async (services: ApiServices) => ({ db: services.db, keys: await ssoEncryptionKeys(services) });

const realmOrNotFound = async (services: ApiServices, name: string): Promise<SsoRealm> => {
  const realm = await findSsoRealm({ ...services, keys: await ssoEncryptionKeys(services) }, name);
  if (!realm) throw realmNotFound(name);
  return realm;
};

const redirectUriOf = (services: ApiServices, realm: SsoRealm) => ssoRedirectUri(services.config.publicUrl, realm.name);

/**
 * Runs a handler and turns the SSO module's refusals into API errors. A stored secret that no
 * longer decrypts (the auth secret changed) is the operator's problem to fix, not a 500.
 */
const answering = async <T>(ctx: ApiContext, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DecryptionError) {
      ctx.state.log.error({ err: error }, 'a stored single sign-on secret does not decrypt');
      throw new ApiError(
        503,
        'sso_secret_unreadable',
        'Single sign-on is misconfigured on our side (a stored secret cannot be read). Contact support.',
      );
    }
    throw asApiError(error);
  }
};

/** Best effort: a provider that cannot be told is logged (never the token) and the answer stands. */
const revokeAtProviderQuietly = async (
  ctx: ApiContext,
  services: ApiServices,
  realm: SsoRealm | undefined,
  token: string | null | undefined,
) => {
  if (!realm || !token) return;
  if (!(await revokeAtProvider(realm, redirectUriOf(services, realm), token))) {
    ctx.state.log.warn({ realm: realm.name }, 'the identity provider could not revoke a refresh token');
  }
};

/** Ends our family and, best effort, the provider's refresh token with it. */
const endFamily = async (
  ctx: ApiContext,
  services: ApiServices,
  family: SsoTokenFamily,
  reason: FamilyEndReason,
  realm?: SsoRealm,
) => {
  const deps = await ssoDeps(services);
  const ended = await endTokenFamily(deps, family.familyId, reason);
  const providerToken = ended?.idpRefreshToken ?? family.idpRefreshToken;
  if (!providerToken) return;
  const knownRealm = realm ?? (await findSsoRealm({ ...services, keys: deps.keys }, family.realm));
  // A realm re-pointed at another issuer must not receive the old issuer's tokens.
  await revokeAtProviderQuietly(
    ctx,
    services,
    knownRealm?.issuer === family.issuer ? knownRealm : undefined,
    providerToken,
  );
};

const accountDisabled = () =>
  new ApiError(403, 'account_disabled', 'This account is disabled. Contact your organization’s administrator.');

const requireActive = (user: UserView): UserView => {
  if (user.status === 'disabled') throw accountDisabled();
  if (user.status !== 'active') {
    throw new ApiError(
      403,
      'sso_account_not_activated',
      'This account has a pending invitation. Accept the invitation first, then sign in with single sign-on.',
    );
  }
  return user;
};

const readModelsBehind = () =>
  new ApiError(503, 'read_models_behind', 'Your account is being set up. Sign in again in a moment.');

/** The losing side of two first logins racing: the account it wanted to create exists, which is what it needed. */
const ignoreUserExists = async (create: () => Promise<unknown>) => {
  try {
    await create();
  } catch (error) {
    if (!(error instanceof ConflictError && error.code === 'user_exists')) throw error;
  }
};

const namesOf = (identity: IdpIdentity): { firstName: string; lastName: string } => {
  const clip = (value: string) => value.slice(0, USER_NAME_MAX);
  if (identity.givenName || identity.familyName) {
    return { firstName: clip(identity.givenName ?? ''), lastName: clip(identity.familyName ?? '') };
  }
  const [first = '', ...rest] = (identity.name ?? '').split(/\s+/);
  return { firstName: clip(first), lastName: clip(rest.join(' ')) };
};

/**
 * Which account this identity signs in to:
 * 1. an identity linked before: that account, whatever its email has become;
 * 2. else, with an email the provider has VERIFIED: the active account of that email, provided it
 *    belongs to the realm's organization (a provider vouches for its own tenant only, so it cannot
 *    claim an account of another organization, a super-admin's included), which gets the identity linked;
 * 3. else a new active account in the realm's organization, with the realm's default role.
 * An unverified email never links nor provisions: anyone can type any address at a provider.
 */
const resolveAccount = async (
  ctx: ApiContext,
  services: ApiServices,
  realm: SsoRealm,
  identity: IdpIdentity,
): Promise<UserView> => {
  const { db } = services;
  const linked = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (linked) {
    const user = await findUser(db, linked.userId);
    if (!user) throw readModelsBehind();
    return requireActive(user);
  }

  if (!identity.email) {
    throw new ApiError(
      403,
      'sso_email_missing',
      'The identity provider did not share your email address, which is needed to sign you in. Contact your administrator.',
    );
  }
  if (!identity.emailVerified) {
    throw new ApiError(
      403,
      'sso_email_not_verified',
      'The identity provider has not verified your email address. Verify it there, then sign in again.',
    );
  }
  const email = normalizeEmail(identity.email);
  const now = new Date().toISOString();
  const link = (userId: string) =>
    runCommand(
      ctx,
      services,
      userStreamId(userId),
      userDecider,
      { type: 'LinkIdentity', data: { userId, issuer: identity.issuer, subject: identity.subject }, metadata: { now } },
      { commandId: deterministicId('sso-link', userId, identity.issuer, identity.subject) },
    );

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.organizationId !== realm.organizationId) {
      throw new ApiError(
        403,
        'sso_organization_mismatch',
        'An account with this email address belongs to another organization, so this realm cannot sign it in.',
      );
    }
    requireActive(existing);
    await link(existing.userId);
    return existing;
  }

  const organization = await findOrganization(db, realm.organizationId);
  if (organization?.status !== 'active') {
    throw new ApiError(
      403,
      'sso_organization_unavailable',
      'The organization this realm signs users in to does not exist or is archived. Contact your administrator.',
    );
  }
  // Derived from the identity: two first logins racing create one account, not two.
  const userId = deterministicId('sso-user', identity.issuer, identity.subject);
  await runCommand(
    ctx,
    services,
    userEmailStreamId(emailKey(email)),
    emailClaimDecider,
    { type: 'ClaimEmail', data: { email, userId }, metadata: { now } },
    { commandId: deterministicId('sso-claim', userId) },
  );
  await ignoreUserExists(() =>
    runCommand(
      ctx,
      services,
      userStreamId(userId),
      userDecider,
      {
        type: 'CreateUser',
        data: {
          userId,
          organizationId: realm.organizationId,
          email,
          ...namesOf(identity),
          role: realm.defaultRole,
          passwordHash: null,
          createdBy: null,
        },
        metadata: { now },
      },
      { commandId: deterministicId('sso-create', userId) },
    ),
  );
  await link(userId);
  const user = await findUser(db, userId);
  if (!user) throw readModelsBehind();
  return requireActive(user);
};

export const keycloakRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/authentication_methods',
    summary: 'Sign-in methods: password login (`fau`) and single sign-on (`keycloak`) with the realms to pick from.',
    tag: TAG,
    access: publicAccess,
    responses: {
      200: {
        description: 'The methods.',
        schema: z.object({
          fau: z.literal(true),
          keycloak: z.boolean().describe('True when at least one realm is configured.'),
          realms: z.array(z.object({ name: z.string() })),
        }),
      },
    },
    handler: async ({ services }) => {
      const realms = (await listSsoRealms(services)).map(({ name }) => ({ name }));
      return { body: { fau: true, keycloak: realms.length > 0, realms } };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/keycloak/get_login_url',
    summary:
      'The identity provider URL to send the browser to (state, nonce and PKCE S256 included; valid 10 minutes). The provider returns to `/?realm={realm}&code=…&state=…`.',
    tag: TAG,
    access: publicAccess,
    query: z.object({ realm: realmName }),
    responses: {
      200: { description: 'The login URL.', schema: z.object({ url: z.string() }) },
      404: { description: 'No such realm (`realm_not_found`).' },
      502: {
        description:
          'The realm’s provider cannot be reached (`sso_provider_unavailable`) or its metadata does not match the realm (`sso_provider_misconfigured`).',
      },
    },
    handler: async ({ query, services, ctx }) =>
      answering(ctx, async () => {
        const realm = await realmOrNotFound(services, query.realm);
        const url = await buildLoginUrl(services.db, realm, redirectUriOf(services, realm));
        return { body: { url }, headers: NO_STORE };
      }),
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/keycloak/callback',
    summary:
      'Finish a single sign-on login with the parameters the provider put in the URL: `realm` and `code`, and also `state` (required: it binds the answer to the login we started) and `iss` when present (checked against the realm’s issuer). Links or provisions the account and returns our tokens.',
    tag: TAG,
    access: publicAccess,
    query: z.object({
      realm: realmName,
      code: z.string().min(1).max(4096),
      state: z.string().min(1).max(512),
      iss: z.string().min(1).max(2048).optional(),
    }),
    responses: {
      200: { description: 'Signed in.', schema: tokenResponse },
      401: {
        description:
          '`sso_state_invalid` (unknown, used, expired or another realm’s), `sso_issuer_mismatch`, `sso_code_exchange_failed`, `sso_response_invalid`.',
      },
      403: {
        description:
          '`account_disabled`, `sso_organization_mismatch`, `sso_email_not_verified`, `sso_email_missing`, `sso_account_not_activated`, `sso_organization_unavailable`.',
      },
      404: { description: 'No such realm (`realm_not_found`).' },
      502: {
        description:
          'The realm’s provider cannot be reached (`sso_provider_unavailable`) or its metadata does not match the realm (`sso_provider_misconfigured`).',
      },
    },
    handler: async ({ query, services, ctx }) =>
      answering(ctx, async () => {
        const realm = await realmOrNotFound(services, query.realm);
        const redirectUri = redirectUriOf(services, realm);
        const login = await completeLogin(services.db, realm, redirectUri, query);
        let user: UserView;
        try {
          user = await resolveAccount(ctx, services, realm, login.identity);
        } catch (error) {
          // Refused here: the provider's session for us must not outlive the refusal.
          await revokeAtProviderQuietly(ctx, services, realm, login.refreshToken);
          throw error;
        }
        const issued = await issueAccessToken(services, {
          userId: user.userId,
          role: user.role,
          organizationId: user.organizationId,
          kind: 'sso',
        });
        const refreshToken = await startTokenFamily(await ssoDeps(services), {
          familyId: newId(),
          userId: user.userId,
          realm: realm.name,
          issuer: login.identity.issuer,
          subject: login.identity.subject,
          idpRefreshToken: login.refreshToken,
          sessionId: issued.sessionId,
        });
        ctx.state.log.info({ realm: realm.name, userId: user.userId }, 'single sign-on login');
        return {
          body: {
            access_token: issued.accessToken,
            refresh_token: refreshToken,
            token_type: 'bearer',
            expires_in: issued.expiresIn,
          },
          headers: NO_STORE,
        };
      }),
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/keycloak/refresh_token',
    summary:
      'Exchange a refresh token for a new access token and a new refresh token (the old one stops working). Presenting a used one ends the whole login. The provider is asked too, so a user disabled there loses access.',
    tag: TAG,
    access: publicAccess,
    body: refreshTokenBody,
    responses: {
      200: { description: 'New tokens.', schema: tokenResponse },
      401: {
        description:
          '`refresh_token_invalid`, `refresh_token_reused` (the login is ended), `refresh_token_expired`, `refresh_token_revoked`, `sso_session_ended` (the provider ended it).',
      },
      403: { description: '`account_disabled`.' },
      502: {
        description: 'The provider cannot be reached (`sso_provider_unavailable`); the refresh token still works.',
      },
    },
    handler: async ({ body, services, ctx }) =>
      answering(ctx, async () => {
        const deps = await ssoDeps(services);
        const claim = await claimRefreshToken(deps, body.refresh_token);
        switch (claim.outcome) {
          case 'unknown':
            throw new ApiError(401, 'refresh_token_invalid', 'This refresh token is not valid. Sign in again.');
          case 'revoked':
            throw new ApiError(401, 'refresh_token_revoked', 'This sign-in has ended. Sign in again.');
          case 'reused':
            ctx.state.log.warn({ userId: claim.family.userId, realm: claim.family.realm }, 'refresh token reused');
            await endFamily(ctx, services, claim.family, 'refresh_reuse');
            throw new ApiError(
              401,
              'refresh_token_reused',
              'This refresh token was already used, so this sign-in has been ended everywhere for safety. Sign in again.',
            );
          case 'expired':
            await endFamily(ctx, services, claim.family, 'expired');
            throw new ApiError(401, 'refresh_token_expired', 'This sign-in has expired. Sign in again.');
        }
        const { family } = claim;
        const sessionEnded = () =>
          new ApiError(401, 'sso_session_ended', 'Your single sign-on session has ended. Sign in again.');

        const realm = await findSsoRealm({ ...services, keys: deps.keys }, family.realm);
        if (!realm || realm.issuer !== family.issuer) {
          await endFamily(ctx, services, family, 'sso_logout');
          throw sessionEnded();
        }
        const user = await findUser(services.db, family.userId);
        if (user?.status !== 'active') {
          await endFamily(ctx, services, family, 'user_disabled', realm);
          throw accountDisabled();
        }

        let providerToken: string | undefined;
        if (family.idpRefreshToken) {
          const refreshed = await refreshAtProvider(
            realm,
            redirectUriOf(services, realm),
            family.idpRefreshToken,
            family.subject,
          );
          if (refreshed.outcome === 'unavailable') {
            // Not the user's fault: give the token back so the next try can succeed.
            await releaseRefreshToken(services.db, claim.tokenHash);
            throw new SsoError(
              502,
              'sso_provider_unavailable',
              `The identity provider of realm "${realm.name}" cannot be reached. Try again in a moment.`,
            );
          }
          if (refreshed.outcome === 'ended') {
            await endTokenFamily(deps, family.familyId, 'sso_logout');
            throw sessionEnded();
          }
          providerToken = refreshed.refreshToken;
        }

        const issued = await issueAccessToken(services, {
          userId: user.userId,
          role: user.role,
          organizationId: user.organizationId,
          kind: 'sso',
        });
        const refreshToken = await rotateRefreshToken(deps, {
          familyId: family.familyId,
          sessionId: issued.sessionId,
          idpRefreshToken: providerToken,
        });
        if (!refreshToken) {
          // A reuse ended the family while we refreshed: the session just made must not survive it.
          await revokeSession(services.db, issued.sessionId, 'refresh_reuse');
          throw new ApiError(401, 'refresh_token_revoked', 'This sign-in has ended. Sign in again.');
        }
        // One live session per login: the access token this refresh replaces stops working now.
        await revokeSession(services.db, claim.sessionId, 'rotated');
        return {
          body: {
            access_token: issued.accessToken,
            refresh_token: refreshToken,
            token_type: 'bearer',
            expires_in: issued.expiresIn,
          },
          headers: NO_STORE,
        };
      }),
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/keycloak/logout',
    summary:
      'End a single sign-on login: our refresh tokens and sessions of this login (and the bearer’s session, if one is sent) stop working, and the provider’s refresh token is revoked there (RFC 7009). Idempotent; any token of the login is accepted.',
    tag: TAG,
    access: publicAccess,
    body: refreshTokenBody,
    responses: { 204: { description: 'Signed out (also when the token was unknown or already ended).' } },
    handler: async ({ body, caller, services, ctx }) =>
      answering(ctx, async () => {
        if (caller) await revokeSession(services.db, caller.sessionId, 'logout');
        const family = await findTokenFamily(await ssoDeps(services), body.refresh_token);
        if (family) await endFamily(ctx, services, family, 'logout');
      }),
  }),
];

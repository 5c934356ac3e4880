import { SSO_PROVISIONED_ROLES, ssoRealmNameSchema, ssoRealmSettingsSchema } from '@ai-coaching/domain';
import { z } from 'zod';
import { text } from './http/fields.js';
import { authenticationMethodsSchema } from './auth.js';
import { listOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// Open objects where they always were: the provider adds parameters of its own to the callback URL
// (`session_state` …), and those are ignored, not refused.

export const ssoTokensSchema = z.strictObject({
  access_token: text(),
  refresh_token: text(),
  token_type: z.literal('bearer'),
  expires_in: z.number().describe('Seconds until the access token expires.'),
});
export type SsoTokens = z.infer<typeof ssoTokensSchema>;

export const ssoLoginUrlSchema = z.strictObject({ url: text() });

export const ssoRealmSchema = z.strictObject({
  name: text(),
  issuer: text(),
  client_id: text(),
  organization_id: text(),
  default_role: z.enum(SSO_PROVISIONED_ROLES),
  source: z.enum(['environment', 'api']).describe('Realms of SSO_REALMS are read-only here.'),
  created_at: text().nullable(),
});
export type SsoRealmResponse = z.infer<typeof ssoRealmSchema>;

const realmName = text().min(1).max(63);
const refreshTokenBody = z.object({ refresh_token: text().min(1).max(512) });

const providerUnavailable = {
  description:
    'The realm’s provider cannot be reached (`sso_provider_unavailable`) or its metadata does not match the realm (`sso_provider_misconfigured`).',
};

export const ssoOperations = defineOperations(
  { name: 'sso', tag: 'Single sign-on' },
  {
    authenticationMethods: {
      method: 'GET',
      path: '/v1/authentication_methods',
      summary: 'Sign-in methods: password login (`fau`) and single sign-on (`keycloak`) with the realms to pick from.',
      responses: { 200: { description: 'The methods.', schema: authenticationMethodsSchema } },
    },
    loginUrl: {
      method: 'GET',
      path: '/v1/keycloak/get_login_url',
      summary:
        'The identity provider URL to send the browser to (state, nonce and PKCE S256 included; valid 10 minutes). The provider returns to `/?realm={realm}&code=…&state=…`.',
      query: z.object({ realm: realmName }),
      responses: {
        200: { description: 'The login URL.', schema: ssoLoginUrlSchema },
        404: { description: 'No such realm (`realm_not_found`).' },
        502: providerUnavailable,
      },
    },
    callback: {
      method: 'POST',
      path: '/v1/keycloak/callback',
      summary:
        'Finish a single sign-on login with the parameters the provider put in the URL: `realm` and `code`, and also `state` (required: it binds the answer to the login we started) and `iss` when present (checked against the realm’s issuer). Links or provisions the account and returns our tokens.',
      query: z.object({
        realm: realmName,
        code: text().min(1).max(4096),
        state: text().min(1).max(512),
        iss: text().min(1).max(2048).optional(),
      }),
      responses: {
        200: { description: 'Signed in.', schema: ssoTokensSchema },
        401: {
          description:
            '`sso_state_invalid` (unknown, used, expired or another realm’s), `sso_issuer_mismatch`, `sso_code_exchange_failed`, `sso_response_invalid`.',
        },
        403: {
          description:
            '`account_disabled`, `sso_organization_mismatch`, `sso_email_not_verified`, `sso_email_missing`, `sso_account_not_activated`, `sso_organization_unavailable`.',
        },
        404: { description: 'No such realm (`realm_not_found`).' },
        502: providerUnavailable,
      },
    },
    refreshToken: {
      method: 'POST',
      path: '/v1/keycloak/refresh_token',
      summary:
        'Exchange a refresh token for a new access token and a new refresh token (the old one stops working). Presenting a used one ends the whole login. The provider is asked too, so a user disabled there loses access.',
      body: refreshTokenBody,
      responses: {
        200: { description: 'New tokens.', schema: ssoTokensSchema },
        401: {
          description:
            '`refresh_token_invalid`, `refresh_token_reused` (the login is ended), `refresh_token_expired`, `refresh_token_revoked`, `sso_session_ended` (the provider ended it).',
        },
        403: { description: '`account_disabled`.' },
        502: {
          description: 'The provider cannot be reached (`sso_provider_unavailable`); the refresh token still works.',
        },
      },
    },
    logout: {
      method: 'POST',
      path: '/v1/keycloak/logout',
      summary:
        'End a single sign-on login: our refresh tokens and sessions of this login (and the bearer’s session, if one is sent) stop working, and the provider’s refresh token is revoked there (RFC 7009). Idempotent; any token of the login is accepted.',
      body: refreshTokenBody,
      responses: { 204: { description: 'Signed out (also when the token was unknown or already ended).' } },
    },
  },
);

/**
 * Single sign-on realms, platform-wide: only super-admins see or change them, since a realm
 * decides who may enter an organization. The client secret is write-only.
 */
export const ssoRealmOperations = defineOperations(
  { name: 'ssoRealms', tag: 'Single sign-on' },
  {
    list: {
      method: 'GET',
      path: '/v1/sso_realms',
      summary: 'Single sign-on realms, from SSO_REALMS and created here; client secrets are never shown.',
      responses: { 200: { description: 'Every realm.', schema: listOf(ssoRealmSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/sso_realms',
      summary:
        'Add a Keycloak-layout realm; its client secret is stored encrypted. Register `{PUBLIC_URL}/?realm={name}` as redirect URI at the provider.',
      body: ssoRealmSettingsSchema,
      responses: {
        201: { description: 'The realm, without its secret.', schema: ssoRealmSchema },
        409: { description: 'A realm of that name exists (`realm_exists`).' },
      },
    },
    remove: {
      method: 'DELETE',
      path: '/v1/sso_realms/:name',
      summary:
        'Delete a realm created here. Its users keep their accounts; their single sign-on sessions end at the next refresh.',
      params: z.object({ name: ssoRealmNameSchema }),
      responses: {
        204: { description: 'Deleted.' },
        404: { description: 'No such realm (`realm_not_found`).' },
        409: { description: 'The realm comes from SSO_REALMS (`realm_read_only`).' },
      },
    },
  },
);

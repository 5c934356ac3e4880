import { z } from 'zod';
import type { Role } from '../permissions/roles.js';
import { storableText } from '../shared/text.js';

/**
 * The settings of a single sign-on realm, as `SSO_REALMS` and `POST /v1/sso_realms` give them.
 * Here, not in the platform, so the API's contract and the config schema share one rule.
 */

/**
 * Roles a realm may give the users it provisions. Never super-admin: an identity provider run by a
 * customer must not be able to mint platform staff. Never guest: guests are not accounts.
 */
export const SSO_PROVISIONED_ROLES = ['user', 'editor', 'operator'] as const satisfies readonly Role[];
export type SsoProvisionedRole = (typeof SSO_PROVISIONED_ROLES)[number];

// The domain compiles without DOM or Node types; `URL` (WHATWG) is a global of every runtime it runs in.
declare const URL: new (input: string) => {
  protocol: string;
  hostname: string;
  search: string;
  hash: string;
  username: string;
  password: string;
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is accepted for a loopback issuer only: the test stand-in, never a real provider. */
export const isLoopbackHttpIssuer = (issuer: string): boolean => {
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
};

const isAcceptableIssuer = (value: string): boolean => {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    return url.protocol === 'https:' || isLoopbackHttpIssuer(value);
  } catch {
    return false;
  }
};

const NAME = 'a realm name of 1 to 63 lower-case letters, digits, "-" or "_", starting with a letter or digit';
const ISSUER =
  'the issuer URL of the realm, such as https://sso.example.com/realms/acme (https; http only for 127.0.0.1 or localhost)';
const CLIENT_ID = 'the client id registered at the identity provider (up to 255 characters)';
const CLIENT_SECRET = 'the client secret registered at the identity provider (up to 1024 characters)';
const ORGANIZATION_ID = 'the id of the organization the realm provisions users into';

export const ssoRealmNameSchema = storableText({ error: NAME }).regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, NAME);

export const ssoRealmSettingsSchema = z
  .object({
    name: ssoRealmNameSchema,
    issuer: storableText({ error: ISSUER }).refine(isAcceptableIssuer, ISSUER),
    client_id: storableText({ error: CLIENT_ID }).min(1, CLIENT_ID).max(255, CLIENT_ID),
    client_secret: storableText({ error: CLIENT_SECRET }).min(1, CLIENT_SECRET).max(1024, CLIENT_SECRET),
    organization_id: storableText({ error: ORGANIZATION_ID }).min(1, ORGANIZATION_ID).max(100, ORGANIZATION_ID),
    default_role: z
      .enum(SSO_PROVISIONED_ROLES, { error: `one of ${SSO_PROVISIONED_ROLES.join(', ')} (never super-admin)` })
      .default('user'),
  })
  .strict();

export type SsoRealmSettings = z.output<typeof ssoRealmSettingsSchema>;

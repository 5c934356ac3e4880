import type { SsoTokens } from '@ai-coaching/contracts';
import {
  endTokenFamily,
  findSsoRealm,
  realmNotFound,
  revokeAtProvider,
  ssoEncryptionKeys,
  ssoRedirectUri,
  type FamilyEndReason,
  type SsoRealm,
  type SsoTokenFamily,
} from '@ai-coaching/platform';
import type { AppServices, Origin } from '../app-services.js';
import type { IssuedAccessToken } from './session-tokens.js';

// What the single sign-on flows share: the keys that unseal stored secrets, the realm lookup, and
// the ending of a login at our end and, best effort, at the provider's.

export const ssoDeps = async (services: AppServices) => ({
  db: services.db,
  keys: await ssoEncryptionKeys(services),
});

export const findRealm = async (services: AppServices, name: string): Promise<SsoRealm | undefined> =>
  findSsoRealm({ ...services, keys: await ssoEncryptionKeys(services) }, name);

export const realmOrNotFound = async (services: AppServices, name: string): Promise<SsoRealm> => {
  const realm = await findRealm(services, name);
  if (!realm) throw realmNotFound(name);
  return realm;
};

export const redirectUriOf = (services: AppServices, realm: SsoRealm) =>
  ssoRedirectUri(services.config.publicUrl, realm.name);

export const logOf = (services: AppServices, origin: Origin) => origin.log ?? services.logger;

export const ssoTokens = (issued: IssuedAccessToken, refreshToken: string): SsoTokens => ({
  access_token: issued.accessToken,
  refresh_token: refreshToken,
  token_type: 'bearer',
  expires_in: issued.expiresIn,
});

/** Best effort: a provider that cannot be told is logged (never the token) and the answer stands. */
export const revokeAtProviderQuietly = async (
  services: AppServices,
  origin: Origin,
  realm: SsoRealm | undefined,
  token: string | null | undefined,
): Promise<void> => {
  if (!realm || !token) return;
  if (!(await revokeAtProvider(realm, redirectUriOf(services, realm), token))) {
    logOf(services, origin).warn({ realm: realm.name }, 'the identity provider could not revoke a refresh token');
  }
};

/** Ends our family and, best effort, the provider's refresh token with it. */
export const endFamily = async (
  services: AppServices,
  origin: Origin,
  family: SsoTokenFamily,
  reason: FamilyEndReason,
  realm?: SsoRealm,
): Promise<void> => {
  const deps = await ssoDeps(services);
  const ended = await endTokenFamily(deps, family.familyId, reason);
  const providerToken = ended?.idpRefreshToken ?? family.idpRefreshToken;
  if (!providerToken) return;
  const knownRealm = realm ?? (await findSsoRealm({ ...services, keys: deps.keys }, family.realm));
  // A realm re-pointed at another issuer must not receive the old issuer's tokens.
  await revokeAtProviderQuietly(
    services,
    origin,
    knownRealm?.issuer === family.issuer ? knownRealm : undefined,
    providerToken,
  );
};

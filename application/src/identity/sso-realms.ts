import type { List, SsoRealmResponse } from '@ai-coaching/contracts';
import { ValidationError, type SsoRealmSettings } from '@ai-coaching/domain';
import {
  createSsoRealm,
  deleteSsoRealm,
  listSsoRealms,
  ssoEncryptionKeys,
  type SsoRealmSummary,
} from '@ai-coaching/platform';
import { findOrganization } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';

// Never the client secret: it is write-only through the API.
const toSsoRealm = (realm: SsoRealmSummary): SsoRealmResponse => ({
  name: realm.name,
  issuer: realm.issuer,
  client_id: realm.clientId,
  organization_id: realm.organizationId,
  default_role: realm.defaultRole,
  source: realm.source,
  created_at: realm.createdAt,
});

export const readSsoRealms = async (services: AppServices): Promise<List<SsoRealmResponse>> => {
  const items = (await listSsoRealms(services)).map(toSsoRealm);
  return { items, total: items.length };
};

/** A realm provisions users into an existing organization; its client secret is stored sealed. */
export const addSsoRealm = async (
  services: AppServices,
  origin: Origin,
  settings: SsoRealmSettings,
): Promise<SsoRealmResponse> => {
  if (!(await findOrganization(services.db, settings.organization_id))) {
    throw new ValidationError(
      'organization_not_found',
      'There is no organization with this id for the realm to provision users into.',
      { field: 'organization_id' },
    );
  }
  const keys = await ssoEncryptionKeys(services);
  const createdBy = origin.caller?.kind === 'user' ? origin.caller.userId : null;
  return toSsoRealm(await createSsoRealm({ ...services, keys }, settings, createdBy));
};

/** Realms of SSO_REALMS are read-only here; the users of a deleted realm keep their accounts. */
export const removeSsoRealm = (services: AppServices, name: string): Promise<void> => deleteSsoRealm(services, name);

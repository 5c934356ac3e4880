import {
  SSO_PROVISIONED_ROLES,
  SsoError,
  createSsoRealm,
  deleteSsoRealm,
  listSsoRealms,
  ssoEncryptionKeys,
  ssoRealmNameSchema,
  ssoRealmSettingsSchema,
  type SsoRealmSummary,
} from '@ai-coaching/platform';
import { findOrganization } from '@ai-coaching/projections';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineLegacyRoute, permission } from '../http/route.js';

/** The platform knows no HTTP; its SSO refusals carry the status they stand for. */
export const asApiError = (error: unknown): unknown =>
  error instanceof SsoError ? new ApiError(error.status, error.code, error.message) : error;

const realmResponse = z.object({
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  organization_id: z.string(),
  default_role: z.enum(SSO_PROVISIONED_ROLES),
  source: z.enum(['environment', 'api']).describe('Realms of SSO_REALMS are read-only here.'),
  created_at: z.string().nullable(),
});

// Never the client secret: it is write-only through the API.
const toResponse = (realm: SsoRealmSummary): z.infer<typeof realmResponse> => ({
  name: realm.name,
  issuer: realm.issuer,
  client_id: realm.clientId,
  organization_id: realm.organizationId,
  default_role: realm.defaultRole,
  source: realm.source,
  created_at: realm.createdAt,
});

/**
 * Single sign-on realms, platform-wide: only super-admins see or change them, since a realm
 * decides who may enter an organization.
 */
export const ssoRealmRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/sso_realms',
    summary: 'Single sign-on realms, from SSO_REALMS and created here; client secrets are never shown.',
    tag: 'Single sign-on',
    access: permission('super-admin-read'),
    responses: {
      200: { description: 'Every realm.', schema: z.object({ items: z.array(realmResponse), total: z.number() }) },
    },
    handler: async ({ services }) => {
      const items = (await listSsoRealms(services)).map(toResponse);
      return { body: { items, total: items.length } };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/sso_realms',
    summary:
      'Add a Keycloak-layout realm; its client secret is stored encrypted. Register `{PUBLIC_URL}/?realm={name}` as redirect URI at the provider.',
    tag: 'Single sign-on',
    access: permission('super-admin-update'),
    body: ssoRealmSettingsSchema,
    responses: {
      201: { description: 'The realm, without its secret.', schema: realmResponse },
      409: { description: 'A realm of that name exists (`realm_exists`).' },
    },
    handler: async ({ body, services, caller }) => {
      if (!(await findOrganization(services.db, body.organization_id))) {
        throw new ApiError(
          400,
          'organization_not_found',
          'There is no organization with this id for the realm to provision users into.',
          { field: 'organization_id' },
        );
      }
      try {
        const keys = await ssoEncryptionKeys(services);
        const createdBy = caller?.kind === 'user' ? caller.userId : null;
        const realm = await createSsoRealm({ ...services, keys }, body, createdBy);
        return { status: 201, body: toResponse(realm) };
      } catch (error) {
        throw asApiError(error);
      }
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    path: '/v1/sso_realms/:name',
    summary:
      'Delete a realm created here. Its users keep their accounts; their single sign-on sessions end at the next refresh.',
    tag: 'Single sign-on',
    access: permission('super-admin-update'),
    params: z.object({ name: ssoRealmNameSchema }),
    responses: {
      204: { description: 'Deleted.' },
      404: { description: 'No such realm (`realm_not_found`).' },
      409: { description: 'The realm comes from SSO_REALMS (`realm_read_only`).' },
    },
    handler: async ({ params, services }) => {
      try {
        await deleteSsoRealm(services, params.name);
      } catch (error) {
        throw asApiError(error);
      }
    },
  }),
];

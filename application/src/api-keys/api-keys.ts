import {
  apiKeyDecider,
  assertRotatable,
  apiKeyStreamId,
  NotFoundError,
  permissionsOf,
  type ApiKeyScope,
  type Permission,
} from '@ai-coaching/domain';
import type { ApiKey, apiKeyOperations, CreatedApiKey, Page, ParsedRequest } from '@ai-coaching/contracts';
import { apiKeysLastUse, newApiKey, type ApiKeyLastUse } from '@ai-coaching/platform';
import { findApiKey, listApiKeys as queryApiKeys, type ApiKeyView } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { streamCommandRunner } from '../commands/stream-commands.js';
import { listScope, signedInUser, visibleTo, type UserCaller } from '../tenancy/scope.js';

type Operations = typeof apiKeyOperations;

/** A rotation's default grace period: a day, long enough to deploy the new key during working hours. */
const DEFAULT_GRACE_HOURS = 24;

const keyNotFound = () => new NotFoundError('api_key_not_found', 'This API key does not exist.');

/** The management of keys and SCIM tokens: never held by a key. */
const MANAGES_KEYS = ['api-key-', 'scim-token-'];

/**
 * What a key may hold: what its creator holds, as an operator at most (a key reaches one organization), and never
 * the management of keys or SCIM tokens, so that a leaked key cannot make others that outlive its revocation.
 */
export const grantableByKey = (caller: UserCaller): Permission[] =>
  permissionsOf(caller.role === 'super-admin' ? 'operator' : caller.role).filter(
    (permission) =>
      caller.permissions.includes(permission) && !MANAGES_KEYS.some((prefix) => permission.startsWith(prefix)),
  );

const statusOf = (key: ApiKeyView, now: number): ApiKey['status'] => {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return 'expired';
  return key.replacedBy !== null ? 'expiring' : 'active';
};

const toApiKey = (key: ApiKeyView, lastUse: ApiKeyLastUse | undefined, now: number): ApiKey => ({
  id: key.apiKeyId,
  organization_id: key.organizationId,
  name: key.name,
  prefix: key.prefix,
  permissions: key.permissions as ApiKey['permissions'],
  status: statusOf(key, now),
  created_by: key.createdBy,
  created_by_name: key.createdByName,
  created_at: key.createdAt,
  expires_at: key.expiresAt,
  revoked_at: key.revokedAt,
  rotated_from: key.rotatedFrom,
  replaced_by: key.replacedBy,
  last_used_at: lastUse?.at ?? null,
  last_used_address: lastUse?.address ?? null,
});

export const withLastUse = async (services: AppServices, keys: ApiKeyView[]): Promise<ApiKey[]> => {
  const lastUse = await apiKeysLastUse(
    services.db,
    keys.map((key) => key.apiKeyId),
  );
  const now = services.clock.now().getTime();
  return keys.map((key) => toApiKey(key, lastUse.get(key.apiKeyId), now));
};

/** A key of the caller's organization and of that scope: an `api` key's routes never see a SCIM token, nor the reverse. */
export const visibleKey = async (
  services: AppServices,
  caller: UserCaller,
  apiKeyId: string,
  scope: ApiKeyScope = 'api',
  notFound = keyNotFound,
): Promise<ApiKeyView> => {
  const key = await findApiKey(services.db, apiKeyId);
  return visibleTo(caller, key?.scope === scope ? key : undefined, notFound);
};

const currentKey = async (services: AppServices, apiKeyId: string): Promise<ApiKey> => {
  const key = await findApiKey(services.db, apiKeyId);
  if (!key) throw keyNotFound();
  return (await withLastUse(services, [key]))[0]!;
};

export const runApiKeyCommand = streamCommandRunner(apiKeyStreamId, apiKeyDecider);

export const listApiKeys = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<ApiKey>> => {
  const caller = signedInUser(origin.caller);
  const organizationId = await listScope(services, caller, query.organization_id);
  const page = await queryApiKeys(services.db, {
    ...query,
    scope: 'api',
    ...(organizationId ? { organizationId } : {}),
  });
  return { ...page, items: await withLastUse(services, page.items) };
};

export const readApiKey = async (services: AppServices, origin: Origin, apiKeyId: string): Promise<ApiKey> => {
  const key = await visibleKey(services, signedInUser(origin.caller), apiKeyId);
  return (await withLastUse(services, [key]))[0]!;
};

/** Makes a key for the caller's organization; the key is answered this once and kept nowhere but as a hash. */
export const makeKey = async (
  services: AppServices,
  origin: Origin,
  caller: UserCaller,
  fields: {
    name: string;
    permissions: readonly string[];
    expiresAt: string | null;
    rotatedFrom: string | null;
    scope?: ApiKeyScope;
    grantable?: readonly string[];
  },
): Promise<CreatedApiKey> => {
  const apiKeyId = services.ids.newId();
  const { key, prefix, hash } = newApiKey();
  await runApiKeyCommand(services, origin, apiKeyId, {
    type: 'CreateApiKey',
    data: {
      apiKeyId,
      organizationId: caller.organizationId,
      name: fields.name,
      prefix,
      keyHash: hash,
      permissions: fields.permissions,
      grantable: fields.grantable ?? grantableByKey(caller),
      expiresAt: fields.expiresAt,
      createdBy: caller.userId,
      rotatedFrom: fields.rotatedFrom,
      scope: fields.scope ?? 'api',
    },
  });
  return { ...(await currentKey(services, apiKeyId)), key };
};

export const createApiKey = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<CreatedApiKey> =>
  makeKey(services, origin, signedInUser(origin.caller), {
    name: body.name,
    permissions: body.permissions,
    expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at).toISOString(),
    rotatedFrom: null,
  });

/**
 * A new key with the old one's name, permissions and expiry, acting for whoever rotates it; the old key keeps
 * working for the grace period. The old one is replaced only once the new one exists, so a failure between the two
 * leaves two working keys, never none.
 */
export const rotateApiKey = async (
  services: AppServices,
  origin: Origin,
  apiKeyId: string,
  body: ParsedRequest<Operations['rotate']>['body'],
): Promise<CreatedApiKey> => {
  const caller = signedInUser(origin.caller);
  const old = await visibleKey(services, caller, apiKeyId);
  assertRotatable(
    { status: old.revokedAt === null ? 'active' : 'revoked', replacedBy: old.replacedBy, expiresAt: old.expiresAt },
    nowIso(services),
  );
  const created = await makeKey(services, origin, caller, {
    name: old.name,
    permissions: old.permissions,
    expiresAt: old.expiresAt,
    rotatedFrom: old.apiKeyId,
  });
  await runApiKeyCommand(services, origin, old.apiKeyId, {
    type: 'ReplaceApiKey',
    data: {
      apiKeyId: old.apiKeyId,
      replacedBy: created.id,
      graceSeconds: (body.grace_period_hours ?? DEFAULT_GRACE_HOURS) * 3600,
    },
  });
  return { ...(await currentKey(services, created.id)), key: created.key };
};

export const revokeApiKey = async (services: AppServices, origin: Origin, apiKeyId: string): Promise<void> => {
  const caller = signedInUser(origin.caller);
  const key = await visibleKey(services, caller, apiKeyId);
  await runApiKeyCommand(services, origin, key.apiKeyId, {
    type: 'RevokeApiKey',
    data: { apiKeyId: key.apiKeyId, revokedBy: caller.userId },
  });
};

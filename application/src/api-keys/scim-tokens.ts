import { NotFoundError, SCIM_TOKEN_PERMISSIONS } from '@ai-coaching/domain';
import {
  scimTokenSchema,
  type CreatedScimToken,
  type Page,
  type ParsedRequest,
  type ScimToken,
  type scimTokenOperations,
} from '@ai-coaching/contracts';
import { listApiKeys as queryApiKeys } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { listScope, signedInUser } from '../tenancy/scope.js';
import { makeKey, runApiKeyCommand, visibleKey, withLastUse } from './api-keys.js';

type Operations = typeof scimTokenOperations;

/** What a token is called when its creator names it not. */
const DEFAULT_NAME = 'SCIM';

/** Where an identity provider sends its requests. */
export const scimBaseUrl = (services: Pick<AppServices, 'config'>): string => `${services.config.publicUrl}/scim/v2`;

const tokenNotFound = () => new NotFoundError('scim_token_not_found', 'This SCIM token does not exist.');

/** A token shows what its schema names of the key it is, and nothing of what only API keys have. */
const SCIM_TOKEN_FIELDS = Object.keys(scimTokenSchema.shape) as (keyof ScimToken)[];
const toScimToken = (key: ScimToken): ScimToken =>
  Object.fromEntries(SCIM_TOKEN_FIELDS.map((field) => [field, key[field]])) as ScimToken;

export const listScimTokens = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<ScimToken>> => {
  const organizationId = await listScope(services, signedInUser(origin.caller), query.organization_id);
  const page = await queryApiKeys(services.db, {
    ...query,
    scope: 'scim',
    ...(organizationId ? { organizationId } : {}),
  });
  return { ...page, items: (await withLastUse(services, page.items)).map(toScimToken) };
};

/**
 * An API key scoped to SCIM, holding the management of users and user groups: its creator must hold all of it (the
 * key machinery refuses otherwise), so a token never does more than the operator who made it.
 */
export const createScimToken = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<CreatedScimToken> => {
  const caller = signedInUser(origin.caller);
  const created = await makeKey(services, origin, caller, {
    name: body.name ?? DEFAULT_NAME,
    permissions: SCIM_TOKEN_PERMISSIONS,
    grantable: caller.permissions,
    expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at).toISOString(),
    rotatedFrom: null,
    scope: 'scim',
  });
  return { ...toScimToken(created), token: created.key, base_url: scimBaseUrl(services) };
};

export const revokeScimToken = async (services: AppServices, origin: Origin, tokenId: string): Promise<void> => {
  const caller = signedInUser(origin.caller);
  const token = await visibleKey(services, caller, tokenId, 'scim', tokenNotFound);
  await runApiKeyCommand(services, origin, token.apiKeyId, {
    type: 'RevokeApiKey',
    data: { apiKeyId: token.apiKeyId, revokedBy: caller.userId },
  });
};

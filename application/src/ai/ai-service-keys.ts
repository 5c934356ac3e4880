import {
  aiServiceKeyDecider,
  aiServiceKeyStreamId,
  ConflictError,
  lastFourOf,
  NotFoundError,
  type AiServiceKeyCommand,
} from '@ai-coaching/domain';
import type { AiServiceKey, aiServiceKeyOperations, Page, ParsedRequest } from '@ai-coaching/contracts';
import { keysLastUsedAt } from '@ai-coaching/platform';
import {
  findAiServiceKey,
  listAiServiceKeys as queryAiServiceKeys,
  type AiServiceKeyView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { isSuperAdmin, signedInUser, type UserCaller } from '../tenancy/scope.js';
import { sealServiceKey } from './ai-connection.js';
import { manageableItem, manageableProvider } from './ai-scope.js';

type Operations = typeof aiServiceKeyOperations;

const keyNotFound = () => new NotFoundError('ai_service_key_not_found', 'This service key does not exist.');

const toAiServiceKey = (key: AiServiceKeyView, lastUsedAt: string | undefined): AiServiceKey => ({
  id: key.keyId,
  provider_id: key.providerId,
  label: key.label,
  last4: key.last4,
  created_by: key.createdBy,
  created_at: key.createdAt,
  last_used_at: lastUsedAt ?? null,
  status: key.status,
  current: key.current,
});

const withLastUse = async (services: AppServices, keys: AiServiceKeyView[]): Promise<AiServiceKey[]> => {
  const lastUse = await keysLastUsedAt(
    services.db,
    keys.map((key) => key.keyId),
  );
  return keys.map((key) => toAiServiceKey(key, lastUse.get(key.keyId)));
};

/**
 * A key is seen only by those who manage its provider: a platform key by super-admins, an
 * organization's by its operators; anyone else is answered as if it did not exist.
 */
const managedKey = async (services: AppServices, caller: UserCaller, keyId: string) => {
  const key = await findAiServiceKey(services.db, keyId);
  if (key && key.organizationId === null && !isSuperAdmin(caller)) throw keyNotFound();
  return manageableItem(caller, key, keyNotFound);
};

const currentKey = async (services: AppServices, keyId: string): Promise<AiServiceKey> => {
  const key = await findAiServiceKey(services.db, keyId);
  if (!key) throw keyNotFound();
  return (await withLastUse(services, [key]))[0]!;
};

const run = (services: AppServices, origin: Origin, command: AiServiceKeyCommand) =>
  runCommand(services, origin, {
    streamId: aiServiceKeyStreamId(command.data.keyId),
    decider: aiServiceKeyDecider,
    command,
  });

export const listAiServiceKeys = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<AiServiceKey>> => {
  const caller = signedInUser(origin.caller);
  const page = await queryAiServiceKeys(services.db, {
    ...query,
    ...(query.provider_id !== undefined ? { providerId: query.provider_id } : {}),
    ...(isSuperAdmin(caller) ? {} : { organizationId: caller.organizationId }),
  });
  return { ...page, items: await withLastUse(services, page.items) };
};

export const readAiServiceKey = async (services: AppServices, origin: Origin, keyId: string) => {
  const key = await managedKey(services, signedInUser(origin.caller), keyId);
  return (await withLastUse(services, [key]))[0]!;
};

/**
 * Adds a key, which calls use from now on; the provider's earlier keys keep working until they are
 * revoked, so a rotation has no gap. Only the sealed value and its last four characters are kept.
 */
export const addAiServiceKey = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<AiServiceKey> => {
  const caller = signedInUser(origin.caller);
  const provider = await manageableProvider(services, caller, body.provider_id);
  if (provider.kind === 'builtin') {
    throw new ConflictError('ai_provider_needs_no_key', 'The built-in provider needs no key.');
  }
  const keyId = services.ids.newId();
  await run(services, origin, {
    type: 'AddAiServiceKey',
    data: {
      keyId,
      providerId: provider.providerId,
      organizationId: provider.organizationId,
      label: body.label,
      sealedValue: await sealServiceKey(services, keyId, body.value),
      last4: lastFourOf(body.value),
      createdBy: caller.userId,
    },
    metadata: { now: nowIso(services) },
  });
  return currentKey(services, keyId);
};

export const relabelAiServiceKey = async (
  services: AppServices,
  origin: Origin,
  keyId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<AiServiceKey> => {
  const key = await managedKey(services, signedInUser(origin.caller), keyId);
  if (body.label !== undefined) {
    await run(services, origin, {
      type: 'RelabelAiServiceKey',
      data: { keyId: key.keyId, label: body.label },
      metadata: { now: nowIso(services) },
    });
  }
  return currentKey(services, key.keyId);
};

export const revokeAiServiceKey = async (services: AppServices, origin: Origin, keyId: string): Promise<void> => {
  const key = await managedKey(services, signedInUser(origin.caller), keyId);
  await run(services, origin, {
    type: 'RevokeAiServiceKey',
    data: { keyId: key.keyId },
    metadata: { now: nowIso(services) },
  });
};

import {
  AiCallError,
  aiProviderDecider,
  aiProviderStreamId,
  aiServiceKeyDecider,
  aiServiceKeyStreamId,
  ConflictError,
  ValidationError,
  type AiProviderCommand,
} from '@ai-coaching/domain';
import {
  errorText,
  DEFAULT_MESSAGE_LOCALE,
  type AiProvider,
  type aiProviderOperations,
  type AiProviderTestResult,
  type Page,
  type ParsedRequest,
} from '@ai-coaching/contracts';
import { checkProviderUrl } from '@ai-coaching/platform';
import {
  activeAiServiceKeyIds,
  findAiProvider,
  listAiProviders as queryAiProviders,
  type AiProviderView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { isSuperAdmin, listScope, signedInUser, visibleOrganization } from '../tenancy/scope.js';
import { adapterFor, connectionOf, markKeyUsed } from './ai-connection.js';
import { catalogueScope, manageableProvider, platformOnly, providerNotFound, visibleProvider } from './ai-scope.js';
import { namesOf, referrersOf } from './ai-usage-references.js';

type Operations = typeof aiProviderOperations;

export const toAiProvider = (provider: AiProviderView): AiProvider => ({
  id: provider.providerId,
  name: provider.name,
  kind: provider.kind,
  base_url: provider.baseUrl,
  region: provider.region,
  api_version: provider.apiVersion,
  organization_id: provider.organizationId,
  enabled: provider.enabled,
  builtin: provider.kind === 'builtin',
  created_by: provider.createdBy,
  created_at: provider.createdAt,
  updated_at: provider.updatedAt,
  model_count: provider.modelCount,
});

const currentProvider = async (services: AppServices, providerId: string): Promise<AiProvider> => {
  const provider = await findAiProvider(services.db, providerId);
  if (!provider) throw providerNotFound();
  return toAiProvider(provider);
};

const run = (services: AppServices, origin: Origin, command: AiProviderCommand) =>
  runCommand(services, origin, {
    streamId: aiProviderStreamId(command.data.providerId),
    decider: aiProviderDecider,
    command,
  });

/**
 * The outbound guard's check of an address as written (https; a private address only where the
 * deployment allows it), so a provider that could never be called is not saved. The guard checks
 * again, on the resolved address, at every call.
 */
const checkBaseUrl = (services: AppServices, baseUrl: string | null | undefined) => {
  // A malformed address is the decider's to refuse, with the field's own message.
  if (!baseUrl?.trim() || !URL.canParse(baseUrl.trim())) return;
  try {
    checkProviderUrl(baseUrl.trim(), { allowPrivateNetwork: services.config.AI_ALLOW_PRIVATE_NETWORK });
  } catch (error) {
    if (!(error instanceof AiCallError)) throw error;
    throw new ValidationError(
      'ai_provider_url_refused',
      'This address cannot be called: use https, and a private network address only where the deployment sets AI_ALLOW_PRIVATE_NETWORK=true.',
      { field: 'base_url' },
    );
  }
};

export const listAiProviders = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<AiProvider>> => {
  const caller = signedInUser(origin.caller);
  const scope =
    query.organization_id === undefined
      ? catalogueScope(caller)
      : { organizationId: await listScope(services, caller, query.organization_id) };
  const page = await queryAiProviders(services.db, { ...query, ...scope });
  return { ...page, items: page.items.map(toAiProvider) };
};

export const readAiProvider = async (services: AppServices, origin: Origin, providerId: string) =>
  toAiProvider(await visibleProvider(services, signedInUser(origin.caller), providerId));

export const createAiProvider = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<AiProvider> => {
  const caller = signedInUser(origin.caller);
  if (body.kind === 'builtin') {
    throw new ValidationError('ai_provider_kind_reserved', 'The built-in provider exists once; it cannot be added.', {
      field: 'kind',
    });
  }
  // Left out: the caller's own organization, or platform-wide for a super-admin.
  const requested =
    body.organization_id === undefined ? (isSuperAdmin(caller) ? null : caller.organizationId) : body.organization_id;
  const organizationId =
    requested === null ? null : (await visibleOrganization(services, caller, requested)).organizationId;
  if (organizationId === null && !isSuperAdmin(caller)) throw platformOnly();
  checkBaseUrl(services, body.base_url);
  const providerId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateAiProvider',
    data: {
      providerId,
      kind: body.kind,
      organizationId,
      name: body.name,
      baseUrl: body.base_url ?? null,
      region: body.region ?? null,
      apiVersion: body.api_version ?? null,
      enabled: body.enabled,
      createdBy: caller.userId,
    },
    metadata: { now: nowIso(services) },
  });
  return currentProvider(services, providerId);
};

export const updateAiProvider = async (
  services: AppServices,
  origin: Origin,
  providerId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<AiProvider> => {
  const provider = await manageableProvider(services, signedInUser(origin.caller), providerId);
  if (body.base_url !== undefined) checkBaseUrl(services, body.base_url);
  // The command sets every setting; a field left out keeps its value, null clears it.
  await run(services, origin, {
    type: 'UpdateAiProvider',
    data: {
      providerId: provider.providerId,
      name: body.name ?? provider.name,
      baseUrl: body.base_url === undefined ? provider.baseUrl : body.base_url,
      region: body.region === undefined ? provider.region : body.region,
      apiVersion: body.api_version === undefined ? provider.apiVersion : body.api_version,
      enabled: body.enabled ?? provider.enabled,
    },
    metadata: { now: nowIso(services) },
  });
  return currentProvider(services, provider.providerId);
};

/** Deletes a provider nothing uses any more, then revokes its keys so no sealed key stays usable. */
export const deleteAiProvider = async (services: AppServices, origin: Origin, providerId: string): Promise<void> => {
  const provider = await manageableProvider(services, signedInUser(origin.caller), providerId);
  if (provider.kind === 'builtin') {
    throw new ConflictError('ai_provider_builtin', 'The built-in provider cannot be disabled or deleted.');
  }
  const referrers = await referrersOf(services, { provider: provider.providerId });
  if (referrers.length > 0) {
    throw new ConflictError(
      'ai_provider_in_use',
      `This provider is still used by ${namesOf(referrers)}; delete or change them first.`,
      { used_by: referrers },
    );
  }
  const now = nowIso(services);
  await run(services, origin, {
    type: 'DeleteAiProvider',
    data: { providerId: provider.providerId },
    metadata: { now },
  });
  for (const keyId of await activeAiServiceKeyIds(services.db, provider.providerId)) {
    await runCommand(services, origin, {
      streamId: aiServiceKeyStreamId(keyId),
      decider: aiServiceKeyDecider,
      command: { type: 'RevokeAiServiceKey', data: { keyId }, metadata: { now } },
    });
  }
};

/**
 * The connection test: the adapter's cheapest call with the current key, timed. A failure is an
 * answer, not an error: its code and a message in the caller's language say what to fix.
 */
export const testAiProvider = async (
  services: AppServices,
  origin: Origin,
  providerId: string,
): Promise<AiProviderTestResult> => {
  const caller = signedInUser(origin.caller);
  const provider = await visibleProvider(services, caller, providerId);
  const started = services.clock.now().getTime();
  const elapsed = () => Math.max(0, Math.round(services.clock.now().getTime() - started));
  try {
    const { connection, keyId } = await connectionOf(services, provider);
    await adapterFor(services, connection).test({
      organizationId: provider.organizationId ?? caller.organizationId,
      timeoutMs: services.config.AI_CALL_TIMEOUT_MS,
    });
    const latency = elapsed();
    // The provider accepted the key: that is a use, and "never used" would mislead whoever rotates keys.
    if (keyId) await markKeyUsed(services, keyId);
    return { ok: true, latency_ms: latency };
  } catch (error) {
    const code = error instanceof AiCallError ? error.code : 'provider_error';
    if (!(error instanceof AiCallError)) {
      (origin.log ?? services.logger).warn({ err: error, providerId }, 'AI provider test failed unexpectedly');
    }
    return {
      ok: false,
      latency_ms: elapsed(),
      error_code: code,
      message: errorText(origin.locale ?? DEFAULT_MESSAGE_LOCALE, 'ai_call_failed', {}, code),
    };
  }
};

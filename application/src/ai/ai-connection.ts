import { AiCallError, type AiAdapter, type AiConnection } from '@ai-coaching/domain';
import {
  createKeyUseMarker,
  decryptSecret,
  encryptSecret,
  secretEncryptionKeys,
  type SqlExecutor,
} from '@ai-coaching/platform';
import { findCurrentAiServiceKey, type AiProviderView } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { defaultAiAdapters } from './ai-adapters.js';

/** A key's value is bound to its id when sealed, so a sealed value copied to another key does not open. */
const keyContext = (keyId: string) => `ai_service_key:${keyId}`;

export const sealServiceKey = async (
  services: Pick<AppServices, 'db' | 'config'>,
  keyId: string,
  value: string,
): Promise<string> => {
  const [sealingKey] = await secretEncryptionKeys(services);
  return encryptSecret(sealingKey!, value, keyContext(keyId));
};

/**
 * How to reach a provider now: its settings and its current key, unsealed (none for the built-in
 * provider, nor when no key was added). The key stays in memory for the call only.
 */
export const connectionOf = async (
  services: Pick<AppServices, 'db' | 'config'>,
  provider: AiProviderView,
): Promise<{ connection: AiConnection; keyId?: string }> => {
  const connection: AiConnection = {
    providerId: provider.providerId,
    kind: provider.kind,
    ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
    ...(provider.region ? { region: provider.region } : {}),
    ...(provider.apiVersion ? { apiVersion: provider.apiVersion } : {}),
  };
  if (provider.kind === 'builtin') return { connection };
  const key = await findCurrentAiServiceKey(services.db, provider.providerId);
  if (!key) return { connection };
  const apiKey = decryptSecret(await secretEncryptionKeys(services), key.sealedValue, keyContext(key.keyId));
  return { connection: { ...connection, apiKey }, keyId: key.keyId };
};

/** The adapter of the connection's kind, from the services' registry (the deployment's default otherwise). */
export const adapterFor = (
  services: Pick<AppServices, 'config' | 'aiAdapters'>,
  connection: AiConnection,
): AiAdapter => {
  const factory = (services.aiAdapters ?? defaultAiAdapters(services.config))[connection.kind];
  if (!factory) {
    throw new AiCallError('not_supported', `Providers of kind ${connection.kind} cannot be called yet.`);
  }
  return factory(connection);
};

const keyMarkers = new WeakMap<SqlExecutor, ReturnType<typeof createKeyUseMarker>>();

/** Records that a key was used (a call, or a connection test that reached the provider), at most once a minute. */
export const markKeyUsed = async (
  services: Pick<AppServices, 'db' | 'clock' | 'logger'>,
  keyId: string,
): Promise<void> => {
  let marker = keyMarkers.get(services.db);
  if (!marker) {
    marker = createKeyUseMarker(services.db);
    keyMarkers.set(services.db, marker);
  }
  // Losing the mark is better than failing the call it records.
  await marker(keyId, services.clock.now()).catch((error: unknown) =>
    services.logger.warn({ err: error, keyId }, 'could not mark the AI service key as used'),
  );
};

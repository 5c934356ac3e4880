import { createServer, type AddressInfo } from 'node:net';
import type { AiConnection } from '@ai-coaching/domain';
import { createCircuitBreakerRegistry, type ProviderCallOptions } from '@ai-coaching/platform';

// What the AI adapter specs share: a port nothing listens on, and the call options and connections of adapters
// aimed at the fakes on 127.0.0.1.

/** A port nothing listens on: it was free a moment ago and is closed again. */
export const closedPort = async (): Promise<number> => {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
};

/**
 * An adapter's call options against a fake: private networks allowed (as AI_ALLOW_PRIVATE_NETWORK=true does), its own
 * circuit breakers, no retries, 5 s.
 */
export const fakeCallOptions = (extra: ProviderCallOptions = {}): ProviderCallOptions => ({
  allowPrivateNetwork: true,
  breakers: createCircuitBreakerRegistry(),
  timeoutMs: 5000,
  maxRetries: 0,
  ...extra,
});

let providerSequence = 0;

/** A provider's connection with an id of its own, so no two adapters share a circuit breaker's record. */
export const providerConnection = (kind: AiConnection['kind'], extra: Partial<AiConnection>): AiConnection => ({
  providerId: `${kind}-${++providerSequence}`,
  kind,
  ...extra,
});

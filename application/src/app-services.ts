import type { UserLocale } from '@ai-coaching/domain';
import type { Caller, Logger, Platform } from '@ai-coaching/platform';
import type { AiAdapterRegistry } from './ai/ai-adapters.js';

/**
 * What use cases work with: the engines, the clock and id ports, and the configuration they read.
 * Every runtime builds it from its platform, so HTTP routes, gateway sockets and worker jobs run
 * the same use cases.
 */
export type AppServices = Pick<
  Platform,
  'config' | 'logger' | 'db' | 'store' | 'queue' | 'tokens' | 'clock' | 'ids' | 'blobs'
> & {
  /** Wakes projections running in this process after an append (one-process mode), so waits are short. */
  wakeProjections?: (names?: readonly string[]) => void;
  /** The adapter of each provider kind; `defaultAiAdapters(config)` when absent (tests give fakes). */
  aiAdapters?: AiAdapterRegistry;
};

/**
 * Who asks and on behalf of which request: the caller (absent when the system acts), the id that
 * correlates the events with the request's log lines, and the request's logger. Adapters build it
 * (`originOf(ctx)` in the API, the socket's identity in the gateway, the job in the workers).
 */
export type Origin = {
  caller?: Caller | undefined;
  correlationId?: string;
  log?: Logger;
  /** The language the caller reads (the request's `Accept-Language`): texts made for them follow it. */
  locale?: UserLocale;
  /** Told, after each command, whether the read models caught up with it (the API turns it into a header). */
  onReadModelWait?: (outcome: 'caught-up' | 'timed-out') => void;
  /**
   * Whether the caller reads the read models right after its commands, so each waits for them (the default). False
   * where the answer carries all the caller shows: the gateway's text turns (docs/coaching-sessions.md, "Streaming
   * over the gateway"). A command that ends a session waits all the same (`runAndSettle`).
   */
  readYourWrites?: boolean;
};

/** The system acting on its own (a job, the seed). */
export const SYSTEM: Origin = {};

/** The clock's current time as the ISO string commands carry in `metadata.now`. */
export const nowIso = (services: Pick<AppServices, 'clock'>): string => services.clock.now().toISOString();

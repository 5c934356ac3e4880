import { AiCallError } from '@ai-coaching/domain';

/**
 * A per-provider circuit breaker (issue 10 item 3). When a provider keeps failing (5xx, timeouts,
 * unreachable), callers stop waiting on it: after `failureThreshold` consecutive failed calls the
 * circuit opens and calls fail at once with 'circuit_open'; after `coolDownMs` one trial call is let
 * through (half-open), and its outcome closes or reopens the circuit. Answers that prove the provider is
 * up, even refusals (4xx: wrong key, unknown model, rate limited), count as successes.
 */
export type CircuitState = 'closed' | 'open' | 'half_open';

export type CircuitBreakerOptions = {
  /** Consecutive failed calls that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long the circuit stays open before a trial call. Default 30 s. */
  coolDownMs?: number;
  /** Milliseconds since the epoch; replaceable in tests. */
  now?: () => number;
};

/** One admitted call: it reports how it ended exactly once (later reports are ignored). */
export type CircuitTicket = {
  succeeded(): void;
  failed(): void;
  /** Ended without telling anything about the provider (cancelled, refused before sending). */
  released(): void;
};

export type CircuitBreaker = {
  state(): CircuitState;
  /** Admits a call or throws AiCallError 'circuit_open'. */
  admit(): CircuitTicket;
  /** Admits a call whatever the state (the connection test, which must be able to show a provider is back). */
  force(): CircuitTicket;
};

export const createCircuitBreaker = (options: CircuitBreakerOptions = {}): CircuitBreaker => {
  const threshold = options.failureThreshold ?? 5;
  const coolDownMs = options.coolDownMs ?? 30_000;
  const now = options.now ?? Date.now;
  let state: CircuitState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let trialInFlight = false;

  const currentState = (): CircuitState => {
    if (state === 'open' && now() - openedAt >= coolDownMs) state = 'half_open';
    return state;
  };

  const open = () => {
    state = 'open';
    openedAt = now();
    failures = 0;
  };

  const ticket = (trial: boolean): CircuitTicket => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      if (trial) trialInFlight = false;
      outcome();
    };
    return {
      succeeded: () =>
        finish(() => {
          state = 'closed';
          failures = 0;
        }),
      failed: () =>
        finish(() => {
          if (trial || currentState() === 'half_open') open();
          else if (state === 'closed' && ++failures >= threshold) open();
        }),
      released: () => finish(() => undefined),
    };
  };

  return {
    state: currentState,
    admit() {
      const current = currentState();
      if (current === 'closed') return ticket(false);
      if (current === 'half_open' && !trialInFlight) {
        trialInFlight = true;
        return ticket(true);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((openedAt + coolDownMs - now()) / 1000));
      throw new AiCallError(
        'circuit_open',
        'The provider failed repeatedly, so calls to it are paused for a moment. Try again shortly, or test the connection.',
        { retryAfterSeconds },
      );
    },
    force: () => ticket(false),
  };
};

/** The breakers of a process, one per provider id, so that every adapter of a provider shares one. */
export type CircuitBreakerRegistry = {
  forProvider(providerId: string): CircuitBreaker;
  /** Forgets a provider's breaker (the provider was deleted or its settings changed). */
  forget(providerId: string): void;
};

export const createCircuitBreakerRegistry = (options: CircuitBreakerOptions = {}): CircuitBreakerRegistry => {
  const breakers = new Map<string, CircuitBreaker>();
  return {
    forProvider(providerId) {
      let breaker = breakers.get(providerId);
      if (!breaker) {
        breaker = createCircuitBreaker(options);
        breakers.set(providerId, breaker);
      }
      return breaker;
    },
    forget: (providerId) => void breakers.delete(providerId),
  };
};

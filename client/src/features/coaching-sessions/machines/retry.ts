import type { PlayError } from './play-types';

// How both play machines try again while the server or the gateway cannot be reached: an error as the screens show
// it, whether trying again may work, how long to wait, and the pair of states that does it.

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 15_000;

export function toPlayError(error: unknown): PlayError {
  if (typeof error !== 'object' || error === null) return { code: 'unknown_error', message: null, status: null };
  const { code, message, status } = error as Record<string, unknown>;
  return {
    code: typeof code === 'string' && code ? code : 'unknown_error',
    message: typeof message === 'string' && message ? message : null,
    status: typeof status === 'number' ? status : null,
  };
}

/** Unreachable, dropped or broken (5xx): trying again may work; a reply that failed is resent by the learner. */
export const isTransientError = (error: PlayError): boolean =>
  error.code !== 'coaching_session_reply_failed' &&
  (error.status === 0 || (error.status !== null && error.status >= 500));

/** 1 s, 2 s, 4 s… up to 15 s between tries. */
export const retryDelayOf = (attempts: number): number =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** The `retryDelay` a machine's `after` uses, from its context's count of attempts. */
export const retryDelay = ({ context }: { context: { attempts: number } }): number => retryDelayOf(context.attempts);

export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: toPlayError(event.error) });

/**
 * The states `name` (the request, `invoke` without its `onError`) and `waiting`: a transient failure waits
 * `retryDelay`, or one of the `wakeOn` events, and tries again; any other failure goes to `orElse` with the error.
 * The machine names a guard `isTransient`, actions `setError` and `countAttempt`, and the delay `retryDelay`.
 */
export const retrying = <const Name extends string, const Invoke extends object, const Wake extends string>(
  name: Name,
  invoke: Invoke,
  { orElse, wakeOn }: { orElse: string; wakeOn: readonly Wake[] },
) => {
  const onError = [
    {
      guard: { type: 'isTransient', params: errorOf },
      target: 'waiting',
      actions: [{ type: 'setError', params: errorOf }, 'countAttempt'],
    },
    { target: orElse, actions: { type: 'setError', params: errorOf } },
  ] as const;
  const waiting = {
    after: { retryDelay: name },
    on: Object.fromEntries(wakeOn.map((type) => [type, name])) as Record<Wake, Name>,
  };
  return { [name]: { invoke: { ...invoke, onError } }, waiting } as Record<
    Name,
    { invoke: Invoke & { onError: typeof onError } }
  > & { waiting: typeof waiting };
};

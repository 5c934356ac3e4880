import type { Logger, Platform } from '@ai-coaching/platform';
import type { DefaultContext, DefaultState, ParameterizedContext } from 'koa';
import type { AuthRateLimiter, Caller, CallerRefusal } from '@ai-coaching/platform';

export type ApiState = DefaultState & {
  requestId: string;
  log: Logger;
  /** Set by `authenticate` when the request carries a valid token of an active session. */
  caller?: Caller;
  /** Why a token that was sent did not resolve to a caller. */
  authRefusal?: CallerRefusal;
};

export type ApiContext = ParameterizedContext<ApiState, DefaultContext>;

/** Everything route handlers may use; one-process and the standalone API build the same. */
export type ApiServices = Pick<Platform, 'config' | 'logger' | 'db' | 'store' | 'queue' | 'tokens'> & {
  rateLimiter: AuthRateLimiter;
  /** Wakes projections running in this process after an append (one-process mode). */
  wakeProjections?: (names?: readonly string[]) => void;
};

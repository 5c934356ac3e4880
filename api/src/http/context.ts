import type { AppServices } from '@ai-coaching/application';
import type { Logger } from '@ai-coaching/platform';
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

/** Everything route handlers may use: the application's services, plus the sign-in rate limiter. */
export type ApiServices = AppServices & { rateLimiter: AuthRateLimiter };

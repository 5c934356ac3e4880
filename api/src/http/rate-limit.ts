import type { AuthRateLimitKeys, RateLimitedError } from '@ai-coaching/platform';
import { ApiError } from './api-error.js';
import type { ApiContext } from './context.js';

const humanWait = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/**
 * The 429 answer to a rate-limited auth action. The message is the same whichever key (account or address)
 * is blocked, so it cannot tell whether an account exists.
 */
export const tooManyAttempts = (error: RateLimitedError): ApiError =>
  new ApiError(
    429,
    'too_many_requests',
    `Too many attempts. Wait ${humanWait(error.retryAfterSeconds)} and try again.`,
    { retry_after_seconds: error.retryAfterSeconds },
    { 'Retry-After': String(error.retryAfterSeconds) },
  );

/**
 * The rate-limit keys of a request. `ctx.ip` is the socket address, or, from a peer in TRUSTED_PROXIES, the client
 * address X-Forwarded-For gives read from the right (http/client-address.ts), so a client cannot choose the address
 * it is counted under.
 */
export const rateLimitKeys = (ctx: Pick<ApiContext, 'ip'>, account?: string): AuthRateLimitKeys => ({
  address: ctx.ip,
  ...(account !== undefined ? { account } : {}),
});

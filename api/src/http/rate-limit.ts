import type { AuthRateLimitKeys, RateLimitedError } from '@ai-coaching/platform';
import { ApiError } from './api-error.js';
import type { ApiContext } from './context.js';

const humanWait = (seconds: number): string => {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const retryAfter = (error: RateLimitedError) => ({ 'Retry-After': String(error.retryAfterSeconds) });

/**
 * Too many image uploads: by the caller, or by their organization's users together (`details.limited`). Which one
 * is said, since nobody learns anything from it that they did not know.
 */
const tooManyUploads = (error: RateLimitedError): ApiError => {
  const wait = humanWait(error.retryAfterSeconds);
  const byOrganization = error.key === 'organization';
  return new ApiError(
    429,
    'too_many_requests',
    byOrganization
      ? `Your organization has uploaded too many images in the last few minutes. Wait ${wait} and try again.`
      : `You have uploaded too many images in the last few minutes. Wait ${wait} and try again.`,
    { retry_after_seconds: error.retryAfterSeconds, limited: byOrganization ? 'organization' : 'user' },
    retryAfter(error),
  );
};

/**
 * The 429 answer to a rate-limited action. For sign-in actions the message is the same whichever key (account or
 * address) is blocked, so it cannot tell whether an account exists.
 */
export const tooManyAttempts = (error: RateLimitedError): ApiError => {
  if (error.action === 'image-upload') return tooManyUploads(error);
  const wait = humanWait(error.retryAfterSeconds);
  return new ApiError(
    429,
    'too_many_requests',
    error.action === 'api-key'
      ? `This API key has made too many requests. Wait ${wait} and try again.`
      : `Too many attempts. Wait ${wait} and try again.`,
    { retry_after_seconds: error.retryAfterSeconds },
    retryAfter(error),
  );
};

/**
 * The rate-limit keys of a request. `ctx.ip` is the socket address, or, from a peer in TRUSTED_PROXIES, the client
 * address X-Forwarded-For gives read from the right (http/client-address.ts), so a client cannot choose the address
 * it is counted under.
 */
export const rateLimitKeys = (ctx: Pick<ApiContext, 'ip'>, account?: string): AuthRateLimitKeys => ({
  address: ctx.ip,
  ...(account !== undefined ? { account } : {}),
});

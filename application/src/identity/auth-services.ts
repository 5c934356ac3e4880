import type { AuthRateLimiter } from '@ai-coaching/platform';
import type { AppServices } from '../app-services.js';

/**
 * What the sign-in flows use besides the application's services: the limiter of failed attempts,
 * counted per account and per client address (the address comes from the adapter: the API reads it
 * from the request).
 */
export type AuthServices = AppServices & { rateLimiter: AuthRateLimiter };

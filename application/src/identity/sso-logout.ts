import { findTokenFamily, revokeSession } from '@ai-coaching/platform';
import type { AppServices, Origin } from '../app-services.js';
import { endFamily, ssoDeps } from './sso-common.js';

/**
 * Ends a single sign-on login: the bearer's session if one came with the request, and every
 * session and refresh token of the login the token belongs to, with the provider's refresh token.
 * Idempotent: an unknown or already ended token changes nothing.
 */
export const endSsoLogin = async (services: AppServices, origin: Origin, refreshToken: string): Promise<void> => {
  if (origin.caller) await revokeSession(services.db, origin.caller.sessionId, 'logout');
  const family = await findTokenFamily(await ssoDeps(services), refreshToken);
  if (family) await endFamily(services, origin, family, 'logout');
};

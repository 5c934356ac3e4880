import type { AccessToken } from '@ai-coaching/contracts';
import { normalizeEmail } from '@ai-coaching/domain';
import { hashPassword, revokeSession, verifyPassword } from '@ai-coaching/platform';
import { findUserCredentials } from '@ai-coaching/projections';
import type { Origin } from '../app-services.js';
import type { AuthServices } from './auth-services.js';
import { accountDisabled, AuthenticationError } from './authentication-error.js';
import { issueAccessToken } from './session-tokens.js';

// Verified when the account does not exist or has no password, so a login for an unknown
// address costs the same time as one for a known address (ASVS 6.3.8).
let dummyHash: Promise<string> | undefined;
const hashToCompareWith = (services: AuthServices, passwordHash: string | null | undefined) =>
  passwordHash ?? (dummyHash ??= hashPassword(services.ids.newId()));

const invalidCredentials = () =>
  new AuthenticationError(
    401,
    'invalid_credentials',
    'The email address or password is incorrect. Check them and try again.',
  );

/**
 * The password grant. A wrong password, an unknown account and an account not activated yet are
 * the same failure (one answer, one count against the account and the address); a disabled
 * account is told so, once its password proved who asks.
 */
export const passwordLogin = async (
  services: AuthServices,
  input: { username: string; password: string; address: string },
): Promise<AccessToken> => {
  const keys = { account: input.username, address: input.address };
  await services.rateLimiter.check('login', keys);
  const user = await findUserCredentials(services.db, { email: normalizeEmail(input.username) });
  const valid = await verifyPassword(await hashToCompareWith(services, user?.passwordHash), input.password);
  if (!user || !valid || user.status === 'invited') {
    await services.rateLimiter.recordFailure('login', keys);
    throw invalidCredentials();
  }
  if (user.status !== 'active') throw accountDisabled();
  await services.rateLimiter.recordSuccess('login', keys);
  const issued = await issueAccessToken(services, {
    userId: user.userId,
    role: user.role,
    organizationId: user.organizationId,
    kind: 'password',
  });
  return { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn };
};

/** Ends the session of the token used, a guest's included: it stops working at once. */
export const signOut = async (services: Pick<AuthServices, 'db'>, origin: Origin): Promise<void> => {
  if (origin.caller) await revokeSession(services.db, origin.caller.sessionId, 'logout');
};

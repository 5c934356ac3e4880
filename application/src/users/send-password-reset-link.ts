import { assertUserManageable, ConflictError } from '@ai-coaching/domain';
import type { AuthRateLimiter } from '@ai-coaching/platform';
import type { AppServices, Origin } from '../app-services.js';
import { issueResetLink } from '../identity/passwords.js';
import { signedInUser } from '../tenancy/scope.js';
import { visibleUser } from './user-lookup.js';

/**
 * An administrator mails a user of their organization (a super-admin: of any) a link to choose a
 * new password: the self-service reset, started for them — the same RequestPasswordReset command,
 * code lifetime, link and mail, so the previous link stops working and the reset screen is the
 * usual one. The request counts against the account and the caller's address exactly as a
 * self-service one does, so nobody floods an inbox from either side.
 */
export const sendPasswordResetLink = async (
  services: AppServices & { rateLimiter: AuthRateLimiter },
  origin: Origin,
  input: { userId: string; address: string },
): Promise<{ message: string }> => {
  const me = signedInUser(origin.caller);
  const user = await visibleUser(services, me, input.userId);
  if (user.userId !== me.userId) assertUserManageable(me, user);
  if (user.status === 'disabled')
    throw new ConflictError('user_disabled', 'This account is disabled; enable it first.');
  if (user.status !== 'active') {
    throw new ConflictError('user_not_active', 'This account is not activated yet: send the invitation again instead.');
  }
  await services.rateLimiter.consume('password-reset', { account: user.email, address: input.address });
  // False when the account stopped being active since the look-up.
  if (!(await issueResetLink(services, origin, user))) {
    throw new ConflictError('user_not_active', 'This account is no longer active; nothing was sent.');
  }
  return {
    message: `A link to choose a new password has been sent to ${user.email}; the previous link no longer works.`,
  };
};

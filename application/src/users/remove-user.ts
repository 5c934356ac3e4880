import { assertUserManageable, assertUserRemovable } from '@ai-coaching/domain';
import { revokeUserSessions } from '@ai-coaching/platform';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { guardSuperAdminRemoval } from '../platform/super-admin-guard.js';
import { signedInUser } from '../tenancy/scope.js';
import { releaseEmail, runUserCommand } from './user-commands.js';
import { visibleUser } from './user-lookup.js';

/**
 * Removes a user: an invitation is cancelled and its address freed; an account that was activated
 * is disabled instead (its history stays) and its sessions end.
 */
export const removeUser = async (services: AppServices, origin: Origin, userId: string): Promise<void> => {
  const me = signedInUser(origin.caller);
  assertUserRemovable(me, userId);
  const user = await visibleUser(services, me, userId);
  assertUserManageable(me, user);
  const metadata = { now: nowIso(services) };
  // Taking a super-admin away is announced on the platform stream first: the last one always stays.
  await guardSuperAdminRemoval(services, origin, user, { remove: true }, async () => {
    if (user.status === 'invited') {
      await runUserCommand(services, origin, { type: 'CancelInvitation', data: { userId: user.userId }, metadata });
      await releaseEmail(services, origin, user.email, user.userId);
      return;
    }
    await runUserCommand(services, origin, { type: 'DisableUser', data: { userId: user.userId }, metadata });
    await revokeUserSessions(services.db, user.userId, 'user_disabled');
  });
};

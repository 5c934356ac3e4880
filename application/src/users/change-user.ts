import type { ParsedRequest, User, userOperations } from '@ai-coaching/contracts';
import { assertRoleFitsOrganization, assertUserChangeAllowed, assertUserManageable } from '@ai-coaching/domain';
import { revokeUserSessions } from '@ai-coaching/platform';
import { findOrganization, type UserView } from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { guardSuperAdminRemoval } from '../platform/super-admin-guard.js';
import { signedInUser } from '../tenancy/scope.js';
import { runUserCommand } from './user-commands.js';
import { visibleUser } from './user-lookup.js';
import { withWallet } from './user-view.js';

export type ChangeUserInput = ParsedRequest<(typeof userOperations)['update']>['body'];

/** The account's own commands for the change, in an order its decider accepts. */
const applyChange = async (
  services: AppServices,
  origin: Origin,
  user: UserView,
  change: ChangeUserInput,
): Promise<void> => {
  const command = { userId: user.userId };
  // Enable first and disable last: the decider refuses changes to a disabled account.
  if (change.status === 'active') {
    await runUserCommand(services, origin, { type: 'EnableUser', data: command, metadata: { now: nowIso(services) } });
  }
  if (change.first_name !== undefined || change.last_name !== undefined || change.locale !== undefined) {
    await runUserCommand(services, origin, {
      type: 'UpdateUserProfile',
      data: {
        ...command,
        firstName: change.first_name ?? user.firstName,
        lastName: change.last_name ?? user.lastName,
        locale: change.locale ?? user.locale,
      },
      metadata: { now: nowIso(services) },
    });
  }
  if (change.avatar_image_id !== undefined) {
    await runUserCommand(services, origin, {
      type: 'ChangeUserAvatar',
      data: { ...command, avatarImageId: change.avatar_image_id },
      metadata: { now: nowIso(services) },
    });
  }
  if (change.organization_role !== undefined) {
    await runUserCommand(services, origin, {
      type: 'ChangeUserRole',
      data: { ...command, role: change.organization_role },
      metadata: { now: nowIso(services) },
    });
  }
  if (change.status === 'disabled') {
    await runUserCommand(services, origin, { type: 'DisableUser', data: command, metadata: { now: nowIso(services) } });
    await revokeUserSessions(services.db, user.userId, 'user_disabled');
  }
};

/**
 * Changes names, language, picture, role or access. Every rule is checked before the first command, so a
 * refused request changes nothing; disabling ends every session of the account at once.
 */
export const changeUser = async (
  services: AppServices,
  origin: Origin,
  userId: string,
  change: ChangeUserInput,
): Promise<User> => {
  const me = signedInUser(origin.caller);
  assertUserChangeAllowed(me, userId, { role: change.organization_role, status: change.status });
  const user = await visibleUser(services, me, userId);
  if (user.userId !== me.userId) assertUserManageable(me, user);
  if (change.organization_role === 'super-admin' && user.role !== 'super-admin') {
    const organization = await findOrganization(services.db, user.organizationId);
    assertRoleFitsOrganization(change.organization_role, organization ?? { kind: 'unknown' });
  }
  // Taking a super-admin away is announced on the platform stream first: the last one always stays.
  await guardSuperAdminRemoval(services, origin, user, { role: change.organization_role, status: change.status }, () =>
    applyChange(services, origin, user, change),
  );
  return withWallet(services, await visibleUser(services, me, user.userId));
};

import { ConflictError } from '../shared/errors.js';

/**
 * How long a removal under way keeps its super-admin out of the count without being settled: the
 * account's own change lands well within it, and a process that died in between holds nobody up
 * for longer.
 */
export const SUPER_ADMIN_REMOVAL_LEASE_SECONDS = 120;

/** userId → end of the lease (ISO 8601) of each removal under way. */
export type PendingSuperAdminRemovals = Readonly<Record<string, string>>;

/**
 * The super-admins who remain active once `userId` is taken away: the active ones, less the
 * target, less those whose removal is under way (its lease not over at `now`).
 */
export const remainingSuperAdmins = (
  activeSuperAdminIds: readonly string[],
  pending: PendingSuperAdminRemovals,
  userId: string,
  now: string,
): string[] =>
  [...new Set(activeSuperAdminIds)].filter((id) => {
    if (id === userId) return false;
    const leaseUntil = pending[id];
    return leaseUntil === undefined || Date.parse(leaseUntil) <= Date.parse(now);
  });

/** The platform is never left without an active super-admin: nobody could run it any more. */
export const assertNotLastSuperAdmin = (
  activeSuperAdminIds: readonly string[],
  pending: PendingSuperAdminRemovals,
  userId: string,
  now: string,
): void => {
  if (remainingSuperAdmins(activeSuperAdminIds, pending, userId, now).length === 0) {
    throw new ConflictError(
      'last_super_admin',
      'This is the last active super-admin: invite or promote another one before demoting, disabling or removing it.',
    );
  }
};

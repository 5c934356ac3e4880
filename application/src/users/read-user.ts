import type { UserDetail } from '@ai-coaching/contracts';
import { can, userAccount } from '@ai-coaching/domain';
import { listGroupsOfUser } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { walletOf } from '../credits/wallets.js';
import { signedInUser } from '../tenancy/scope.js';
import { userNotFound, visibleUser } from './user-lookup.js';
import { toUserDetail } from './user-view.js';

/** A user with their groups. Everyone may read themself; reading others needs one of the read permissions. */
export const readUser = async (services: AppServices, origin: Origin, userId: string): Promise<UserDetail> => {
  const me = signedInUser(origin.caller);
  // Whoever may not read others sees only themself, so another id answers as one that does not exist.
  if (userId !== me.userId && !can(me.permissions, ['user-read', 'user-detail-read', 'user-read-other'])) {
    throw userNotFound();
  }
  const user = await visibleUser(services, me, userId);
  const groups = await listGroupsOfUser(services.db, user.userId);
  return toUserDetail(user, await walletOf(services, userAccount(user.userId)), groups);
};

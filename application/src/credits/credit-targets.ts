import { ConflictError, groupAccount, NotFoundError, userAccount, type OwnerAccount } from '@ai-coaching/domain';
import { findUser, findUserGroup } from '@ai-coaching/projections';
import type { AppServices } from '../app-services.js';
import { isSuperAdmin, visibleOrganization, type UserCaller } from '../tenancy/scope.js';

// Every rule on a movement's target (who it is, whose it is, its state) is checked before the
// ledger command, so a refused request writes nothing; the ledger itself checks the amounts and
// what is available.

/** A user or a user group an organization's credits move to, by id. */
export type CreditTarget = { kind: 'user' | 'user_group'; id: string };

/** The organization a caller acts in: theirs, or (super-admins allocating) any. */
export type TargetScope = { organizationId: string } | 'any';

/** An owner account that may hold credits, and the organization whose ledger records it. */
export type CreditableAccount = { organizationId: string; account: OwnerAccount };

export const managedScope = (caller: UserCaller): TargetScope =>
  isSuperAdmin(caller) ? 'any' : { organizationId: caller.organizationId };

const inScope = (scope: TargetScope, organizationId: string) =>
  scope === 'any' || scope.organizationId === organizationId;

const userNotFound = () => new NotFoundError('user_not_found', 'There is no user with this id.');
const groupNotFound = () => new NotFoundError('user_group_not_found', 'This user group does not exist.');

/** A user who can hold credits: in scope (else 404, as if missing) and not disabled (invited is fine). */
const creditableUser = async (
  services: Pick<AppServices, 'db'>,
  scope: TargetScope,
  userId: string,
): Promise<CreditableAccount> => {
  const user = await findUser(services.db, userId);
  if (!user || !inScope(scope, user.organizationId)) throw userNotFound();
  if (user.status === 'disabled') {
    throw new ConflictError('target_disabled', 'This user is disabled; enable the account to move its credits.');
  }
  return { organizationId: user.organizationId, account: userAccount(user.userId) };
};

const creditableGroup = async (
  services: Pick<AppServices, 'db'>,
  scope: TargetScope,
  userGroupId: string,
): Promise<CreditableAccount> => {
  const group = await findUserGroup(services.db, userGroupId);
  if (!group || !inScope(scope, group.organizationId)) throw groupNotFound();
  if (group.status === 'archived') {
    throw new ConflictError('target_archived', 'This user group is archived; its credits can no longer move.');
  }
  return { organizationId: group.organizationId, account: groupAccount(group.userGroupId) };
};

/** The target's account if it is in scope and may hold credits; 404 as if missing, or 409 for its state. */
export const creditableTarget = (
  services: Pick<AppServices, 'db'>,
  scope: TargetScope,
  target: CreditTarget,
): Promise<CreditableAccount> =>
  target.kind === 'user' ? creditableUser(services, scope, target.id) : creditableGroup(services, scope, target.id);

/** The organization whose wallet a super-admin fills or empties: it exists and is not archived. */
export const creditableOrganization = async (
  services: Pick<AppServices, 'db'>,
  caller: UserCaller,
  organizationId: string,
): Promise<string> => {
  const organization = await visibleOrganization(services, caller, organizationId);
  if (organization.status === 'archived') {
    throw new ConflictError('target_archived', 'This organization is archived; its credits can no longer move.');
  }
  return organization.organizationId;
};

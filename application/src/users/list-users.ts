import type { Page, ParsedRequest, User, userOperations } from '@ai-coaching/contracts';
import { userAccount } from '@ai-coaching/domain';
import { listUsers as queryUsers } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { walletsOf } from '../credits/wallets.js';
import { listScope, signedInUser } from '../tenancy/scope.js';
import { toUser } from './user-view.js';

export type ListUsersQuery = ParsedRequest<(typeof userOperations)['list']>['query'];

/** A page of the users the caller may see: their organization's, or any (or one) organization's for a super-admin. */
export const listUsers = async (services: AppServices, origin: Origin, query: ListUsersQuery): Promise<Page<User>> => {
  const organizationId = await listScope(services, signedInUser(origin.caller), query.organization_id);
  const page = await queryUsers(services.db, { ...query, organizationId });
  const walletOfUser = await walletsOf(services, page.items, (user) => userAccount(user.userId));
  return { ...page, items: page.items.map((user) => toUser(user, walletOfUser(user))) };
};

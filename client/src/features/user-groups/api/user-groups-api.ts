import {} from '@ai-coaching/contracts';
import {
  userGroupCreditOperations,
  userGroupOperations as op,
  userOperations,
} from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidateAll, useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { UserGroup, UserGroupDetail } from '@ai-coaching/contracts';

const keys = queryKeys('user-groups');
const userKeys = queryKeys('users');

export const getUserGroupsQueryOptions = (filters: ListState & { organization_id?: string }) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(op.list, { query: filters }));

export const useUserGroups = (filters: ListState & { organization_id?: string }) =>
  useQuery(getUserGroupsQueryOptions(filters));

export const getUserGroupQueryOptions = (id: string) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => api.call(op.read, { params: { id } }) });

export const useUserGroup = (id: string) => useQuery(getUserGroupQueryOptions(id));

/** What a change to groups makes stale: their lists and details, and the users' group lists. */
const GROUP_CHANGE = [keys, userKeys];

export const useInvalidateGroups = () => useInvalidateAll(...GROUP_CHANGE);

export const useCreateUserGroup = () =>
  useInvalidatingMutation(GROUP_CHANGE, (body: RequestOf<typeof op.create>['body']) => api.call(op.create, { body }));

export const useUpdateUserGroup = (id: string) =>
  useInvalidatingMutation(GROUP_CHANGE, (body: RequestOf<typeof op.update>['body']) =>
    api.call(op.update, { params: { id }, body }),
  );

export const archiveUserGroup = (id: string) => api.call(op.archive, { params: { id } });

export const changeMembership = (groupId: string, action: 'add' | 'remove', userId: string) =>
  api.call(action === 'add' ? op.addMember : op.removeMember, {
    params: { user_group_id: groupId },
    body: { user_id: userId },
  });

/** The organization's users, to show members by name and to pick new ones (first 48 by name, searchable). */
export const useMemberCandidates = (organizationId: string, q: string) =>
  useQuery({
    queryKey: [...userKeys.all, 'candidates', organizationId, q],
    queryFn: () =>
      api.call(userOperations.list, { query: { organization_id: organizationId, q, page_size: 48, sort: 'name' } }),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });

export const userGroupCreditCommand = (
  command: 'allocate' | 'deallocate' | 'transfer',
  id: string,
  nbCredits: number,
  key: string,
) =>
  api.call(
    userGroupCreditOperations[command],
    { params: { user_group_id: id }, body: { nb_credits: nbCredits } },
    { idempotencyKey: key },
  );

import {} from '@ai-coaching/contracts';
import { organizationOperations, userCreditOperations, userOperations as op } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidateAll, useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { User, UserDetail, UserStatus } from '@ai-coaching/contracts';

export type UserFilters = ListState & { organization_id?: string };
export type InviteUserInput = RequestOf<typeof op.invite>['body'];
export type UpdateUserInput = RequestOf<typeof op.update>['body'];

const keys = queryKeys('users');

export const getUsersQueryOptions = (filters: UserFilters) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(op.list, { query: filters }));

export const useUsers = (filters: UserFilters) => useQuery(getUsersQueryOptions(filters));

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: keys.detail(id), queryFn: () => api.call(op.read, { params: { id } }) });

export const useUser = (id: string) => useQuery(getUserQueryOptions(id));

/** After any change to users: lists and details show it. */
export const useInvalidateUsers = () => useInvalidateAll(keys);

export const useInviteUser = () =>
  useInvalidatingMutation(keys, (body: InviteUserInput) => api.call(op.invite, { body }));

export const useUpdateUser = (id: string) =>
  useInvalidatingMutation(keys, (body: UpdateUserInput) => api.call(op.update, { params: { id }, body }));

export const useResendInvitation = () =>
  useMutation({ mutationFn: (id: string) => api.call(op.resendInvitation, { params: { user_id: id } }) });

/** Cancels an invitation (its address is freed) or, for an activated account, disables it. */
export const removeUser = (id: string) => api.call(op.remove, { params: { id } });

/** Allocate (organization → user), deallocate (back) and transfer (caller → user), `{nb_credits}`. */
export const userCreditCommand = (
  command: 'allocate' | 'deallocate' | 'transfer',
  id: string,
  nbCredits: number,
  key: string,
) =>
  api.call(
    userCreditOperations[command],
    { params: { user_id: id }, body: { nb_credits: nbCredits } },
    { idempotencyKey: key },
  );

/** Organizations a super-admin may pick from (by name, first 48). */
export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'options'],
    queryFn: () => api.call(organizationOperations.list, { query: { page_size: 48, sort: 'name' } }),
    enabled,
  });

/** One organization's name, for a super-admin's list of users of every organization; shared with its other reads. */
export const useOrganizationName = (organizationId: string) =>
  useQuery({
    queryKey: ['organizations', 'detail', organizationId],
    queryFn: () => api.call(organizationOperations.read, { params: { id: organizationId } }),
    select: (organization) => organization.name,
    staleTime: 60_000,
  });

import type { ListPage } from '@ai-coaching/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '../../../components/wallet-figures';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';

export type UserGroup = Wallet & {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  status: 'active' | 'archived';
  member_count: number;
  created_at: string;
  updated_at: string;
};

export type UserGroupDetail = UserGroup & { member_ids: string[] };

export type MemberCandidate = { id: string; email: string; first_name: string; last_name: string; status: string };

const groupsKey = ['user-groups'] as const;

export const getUserGroupsQueryOptions = (filters: ListState & { organization_id?: string }) =>
  queryOptions({
    queryKey: [...groupsKey, 'list', filters],
    queryFn: () => api.get<ListPage<UserGroup>>('/v1/user_groups', filters),
    placeholderData: keepPreviousData,
  });

export const useUserGroups = (filters: ListState & { organization_id?: string }) =>
  useQuery(getUserGroupsQueryOptions(filters));

export const getUserGroupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...groupsKey, 'detail', id],
    queryFn: () => api.get<UserGroupDetail>(`/v1/user_groups/${id}`),
  });

export const useUserGroup = (id: string) => useQuery(getUserGroupQueryOptions(id));

const useInvalidateGroups = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: groupsKey });
};

export const useCreateUserGroup = () => {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (input: { name: string; description: string; organization_id: string }) =>
      api.post<UserGroupDetail>('/v1/user_groups', input),
    onSuccess: invalidate,
  });
};

export const useUpdateUserGroup = (id: string) => {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (input: { name?: string; description?: string }) =>
      api.patch<UserGroupDetail>(`/v1/user_groups/${id}`, input),
    onSuccess: invalidate,
  });
};

export const useArchiveUserGroup = () => {
  const invalidate = useInvalidateGroups();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/v1/user_groups/${id}`), onSuccess: invalidate });
};

export const useMembership = (groupId: string) => {
  const queryClient = useQueryClient();
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupsKey }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
  return useMutation({
    mutationFn: ({ change, userId }: { change: 'add' | 'remove'; userId: string }) =>
      api.post<UserGroupDetail>(`/v1/user_groups/${change}_member/${groupId}`, { user_id: userId }),
    onSuccess: invalidate,
  });
};

/** The organization's users, to show members by name and to pick new ones (first 48 by name, searchable). */
export const useMemberCandidates = (organizationId: string, q: string) =>
  useQuery({
    queryKey: ['users', 'candidates', organizationId, q],
    queryFn: () =>
      api.get<ListPage<MemberCandidate>>('/v1/users', {
        organization_id: organizationId,
        q,
        page_size: 48,
        sort: 'name',
      }),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });

export const userGroupCreditCommand = (
  command: 'allocate' | 'deallocate' | 'transfer',
  id: string,
  nbCredits: number,
  key: string,
) => api.post<unknown>(`/v1/user_groups/${command}_credit/${id}`, { nb_credits: nbCredits }, { idempotencyKey: key });

export const useInvalidateGroupsAfterCredits = useInvalidateGroups;

import type { ListPage } from '@ai-coaching/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '../../../components/wallet-figures';
import { api } from '../../../lib/http/api';
import type { ListState } from '../../../hooks/use-list-params';

export type UserStatus = 'invited' | 'active' | 'disabled';

export type User = Wallet & {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: string;
  organization_role: string;
  status: UserStatus;
  locale: string;
  created_at: string;
  updated_at: string;
};

export type UserDetail = User & { groups: { id: string; name: string }[] };

export type UserFilters = ListState & { organization_id?: string; status?: UserStatus | '' };

const usersKey = ['users'] as const;

export const getUsersQueryOptions = (filters: UserFilters) =>
  queryOptions({
    queryKey: [...usersKey, 'list', filters],
    queryFn: () => api.get<ListPage<User>>('/v1/users', filters),
    placeholderData: keepPreviousData,
  });

export const useUsers = (filters: UserFilters, enabled = true) =>
  useQuery({ ...getUsersQueryOptions(filters), enabled });

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...usersKey, 'detail', id], queryFn: () => api.get<UserDetail>(`/v1/users/${id}`) });

export const useUser = (id: string) => useQuery(getUserQueryOptions(id));

export type InviteUserInput = {
  email: string;
  first_name: string;
  last_name: string;
  organization_id: string;
  organization_role: string;
};

const useInvalidateUsers = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKey });
};

export const useInviteUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: InviteUserInput) => api.post<User>('/v1/users', input),
    onSuccess: invalidate,
  });
};

export type UpdateUserInput = Partial<{
  first_name: string;
  last_name: string;
  organization_role: string;
  status: 'active' | 'disabled';
}>;

export const useUpdateUser = (id: string) => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => api.patch<UserDetail>(`/v1/users/${id}`, input),
    onSuccess: invalidate,
  });
};

export const useResendInvitation = () =>
  useMutation({ mutationFn: (id: string) => api.post<void>(`/v1/users/resend_invitation/${id}`) });

export const useDeleteUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => api.delete<void>(`/v1/users/${id}`), onSuccess: invalidate });
};

/** Allocate (organization → user), deallocate (back) and transfer (caller → user), `{nb_credits}`. */
export const userCreditCommand = (
  command: 'allocate' | 'deallocate' | 'transfer',
  id: string,
  nbCredits: number,
  key: string,
) => api.post<unknown>(`/v1/users/${command}_credit/${id}`, { nb_credits: nbCredits }, { idempotencyKey: key });

export const useInvalidateUsersAfterCredits = useInvalidateUsers;

export type OrganizationOption = { id: string; name: string };

/** Organizations a super-admin may pick from (name search, first 48). */
export const useOrganizationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['organizations', 'options'],
    queryFn: () => api.get<ListPage<OrganizationOption>>('/v1/organizations', { page_size: 48, sort: 'name' }),
    enabled,
  });

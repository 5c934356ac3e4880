import type { ListPage } from '@ai-coaching/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export const useUpdateOwnNames = (id: string) =>
  useMutation({
    mutationFn: (input: { first_name: string; last_name: string }) => api.patch<unknown>(`/v1/users/${id}`, input),
  });

/** POST /v1/change_password {current_password, new_password}: other sessions end, this one continues. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) =>
      api.post<void>('/v1/change_password', input),
  });

export type TransferTarget = { id: string; label: string };

/**
 * Who the caller may give credits to: users and groups of their organization, as far as they may list them.
 * A learner without user-list sees only groups they can list, and may type nothing else: the API refuses unknown
 * or foreign targets anyway.
 */
export const useTransferTargets = (kind: 'user' | 'group', q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['transfer-targets', kind, q],
    queryFn: async (): Promise<TransferTarget[]> => {
      const query = { q, page_size: 48, sort: 'name' };
      if (kind === 'group') {
        const page = await api.get<ListPage<{ id: string; name: string }>>('/v1/user_groups', query);
        return page.items.map((group) => ({ id: group.id, label: group.name }));
      }
      const page = await api.get<
        ListPage<{ id: string; email: string; first_name: string; last_name: string; status: string }>
      >('/v1/users', query);
      return page.items
        .filter((user) => user.status !== 'disabled')
        .map((user) => {
          const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
          return { id: user.id, label: name ? `${name} (${user.email})` : user.email };
        });
    },
    enabled,
    placeholderData: keepPreviousData,
  });

export const transferCredits = (kind: 'user' | 'group', id: string, nbCredits: number, idempotencyKey: string) =>
  api.post<unknown>(
    `/v1/${kind === 'user' ? 'users' : 'user_groups'}/transfer_credit/${id}`,
    { nb_credits: nbCredits },
    { idempotencyKey },
  );

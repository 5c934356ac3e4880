import {
  authOperations,
  userCreditOperations,
  userGroupCreditOperations,
  userGroupOperations,
  userOperations,
  type OperationRequest,
} from '@ai-coaching/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export const useUpdateOwnNames = (id: string) =>
  useMutation({
    mutationFn: (body: { first_name: string; last_name: string }) =>
      api.call(userOperations.update, { params: { id }, body }),
  });

/** Other sessions end, this one continues. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: OperationRequest<typeof authOperations.changePassword>['body']) =>
      api.call(authOperations.changePassword, { body }),
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
      const query = { q, page_size: 48, sort: 'name' } as const;
      if (kind === 'group') {
        const page = await api.call(userGroupOperations.list, { query });
        return page.items.map((group) => ({ id: group.id, label: group.name }));
      }
      const page = await api.call(userOperations.list, { query });
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
  kind === 'user'
    ? api.call(
        userCreditOperations.transfer,
        { params: { user_id: id }, body: { nb_credits: nbCredits } },
        { idempotencyKey },
      )
    : api.call(
        userGroupCreditOperations.transfer,
        { params: { user_group_id: id }, body: { nb_credits: nbCredits } },
        { idempotencyKey },
      );

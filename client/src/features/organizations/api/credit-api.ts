import type { ListPage, SortKey } from '@ai-coaching/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';

export type CreditTarget = 'organization' | 'group' | 'user';
const TARGET_PATHS: Record<CreditTarget, string> = {
  organization: '/v1/organizations',
  group: '/v1/user_groups',
  user: '/v1/users',
};

/** Allocate or deallocate credits: issuance ↔ organization (super-admins), organization ↔ group or user. */
export const creditCommand = (
  command: 'allocate' | 'deallocate',
  target: CreditTarget,
  id: string,
  nbCredits: number,
  idempotencyKey: string,
) =>
  api.post<unknown>(`${TARGET_PATHS[target]}/${command}_credit/${id}`, { nb_credits: nbCredits }, { idempotencyKey });

/** Every wallet shown on screen may have moved: organizations, users, groups and the history. */
export const useInvalidateAfterCredits = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['organizations'], ['users'], ['user-groups'], ['credit-movements'], ['credit-targets']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
};

export type CreditTargetOption = { id: string; label: string; available: number };

/** Users and groups of an organization that can receive credits, for the transaction screen's picker. */
export const useCreditTargets = (organizationId: string, target: 'group' | 'user', q: string) =>
  useQuery({
    queryKey: ['credit-targets', organizationId, target, q],
    queryFn: async (): Promise<CreditTargetOption[]> => {
      const query = { organization_id: organizationId, q, page_size: 48, sort: 'name' };
      if (target === 'group') {
        const page = await api.get<ListPage<{ id: string; name: string; credit_wallet: number }>>(
          '/v1/user_groups',
          query,
        );
        return page.items.map((group) => ({ id: group.id, label: group.name, available: group.credit_wallet }));
      }
      const page = await api.get<
        ListPage<{
          id: string;
          email: string;
          first_name: string;
          last_name: string;
          credit_wallet: number;
          status: string;
        }>
      >('/v1/users', query);
      return page.items
        .filter((user) => user.status !== 'disabled')
        .map((user) => ({
          id: user.id,
          label: [user.first_name, user.last_name].filter(Boolean).join(' ')
            ? `${[user.first_name, user.last_name].filter(Boolean).join(' ')} (${user.email})`
            : user.email,
          available: user.credit_wallet,
        }));
    },
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });

export const MOVEMENT_KINDS = [
  'issued',
  'withdrawn',
  'allocated',
  'deallocated',
  'transferred',
  'reserved',
  'captured',
  'released',
  'expired',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export type Movement = {
  id: string;
  occurred_at: string;
  actor_id: string | null;
  actor_name: string | null;
  kind: MovementKind;
  from: string | null;
  to: string | null;
  amount: number;
  from_balance_after: number | null;
  to_balance_after: number | null;
};

export type HistoryFilters = {
  page: number;
  page_size: number;
  sort: SortKey;
  kind?: MovementKind | '';
  account?: string;
  from?: string;
  to?: string;
};

const historyQuery = (filters: HistoryFilters) => ({
  ...filters,
  kind: filters.kind || undefined,
  account: filters.account || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

export const useCreditMovements = (organizationId: string, filters: HistoryFilters) =>
  useQuery({
    queryKey: ['credit-movements', organizationId, filters],
    queryFn: () =>
      api.get<ListPage<Movement>>(`/v1/organizations/${organizationId}/credit_movements`, historyQuery(filters)),
    placeholderData: keepPreviousData,
  });

/** The CSV export with the same filters (every page); fetched with the token, so not a plain link. */
export const downloadCreditMovementsCsv = (organizationId: string, filters: HistoryFilters) => {
  const { page: _page, page_size: _size, ...rest } = historyQuery(filters);
  return api.request<string>(`/v1/organizations/${organizationId}/credit_movements.csv`, {
    query: rest,
    responseType: 'text',
  });
};

import { pathOf, type CreditMovementResult, type MovementKind } from '@ai-coaching/contracts';
import {
  creditHistoryOperations as historyOp,
  organizationCreditOperations,
  userCreditOperations,
  userGroupCreditOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import type { SortKey } from '@ai-coaching/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { isLocale } from '../../../lib/i18n/locales';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';

export { MOVEMENT_KINDS, type CreditMovementItem, type MovementKind } from '@ai-coaching/contracts';

const movementKeys = queryKeys('credit-movements');
const targetKeys = queryKeys('credit-targets');

export type CreditTarget = 'organization' | 'group' | 'user';

/** Allocate or deallocate credits: issuance ↔ organization (super-admins), organization ↔ group or user. */
export const creditCommand = (
  command: 'allocate' | 'deallocate',
  target: CreditTarget,
  id: string,
  nbCredits: number,
  idempotencyKey: string,
): Promise<CreditMovementResult> => {
  const body = { nb_credits: nbCredits };
  const options = { idempotencyKey };
  switch (target) {
    case 'organization':
      return api.call(
        command === 'allocate' ? organizationCreditOperations.issue : organizationCreditOperations.withdraw,
        { params: { organization_id: id }, body },
        options,
      );
    case 'group':
      return api.call(userGroupCreditOperations[command], { params: { user_group_id: id }, body }, options);
    case 'user':
      return api.call(userCreditOperations[command], { params: { user_id: id }, body }, options);
  }
};

/** Every wallet shown on screen may have moved: organizations, users, groups and the history. */
export const useInvalidateAfterCredits = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        queryKeys('organizations').all,
        queryKeys('users').all,
        queryKeys('user-groups').all,
        movementKeys.all,
        targetKeys.all,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
};

export type CreditTargetOption = { id: string; label: string; available: number };

/** Users and groups of an organization that can receive credits, for the transaction screen's picker. */
export const useCreditTargets = (organizationId: string, target: 'group' | 'user', q: string) =>
  useQuery({
    queryKey: targetKeys.list({ organizationId, target, q }),
    queryFn: async (): Promise<CreditTargetOption[]> => {
      const query = { organization_id: organizationId, q, page_size: 48, sort: 'name' } as const;
      if (target === 'group') {
        const page = await api.call(userGroupOperations.list, { query });
        return page.items.map((group) => ({ id: group.id, label: group.name, available: group.credit_wallet }));
      }
      const page = await api.call(userOperations.list, { query });
      return page.items
        .filter((user) => user.status !== 'disabled')
        .map((user) => {
          const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
          return { id: user.id, label: name ? `${name} (${user.email})` : user.email, available: user.credit_wallet };
        });
    },
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });

/** The history's filters as the screen keeps them in its address; an empty string is no filter. */
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

export const getCreditMovementsQueryOptions = (organizationId: string, filters: HistoryFilters) =>
  pagedListQueryOptions(movementKeys.list({ organizationId, ...filters }), () =>
    api.call(historyOp.list, { params: { organization_id: organizationId }, query: historyQuery(filters) }),
  );

export const useCreditMovements = (organizationId: string, filters: HistoryFilters) =>
  useQuery(getCreditMovementsQueryOptions(organizationId, filters));

/**
 * The CSV export with the same filters (every page); fetched with the token, so not a plain link. Kinds and accounts
 * are named in the interface's language (`<html lang>`, which follows i18next), as the screen names them.
 */
export const downloadCreditMovementsCsv = (organizationId: string, filters: HistoryFilters) => {
  const { page: _page, page_size: _size, ...rest } = historyQuery(filters);
  const lang = document.documentElement.lang;
  const query = {
    ...rest,
    ...(isLocale(lang) ? { lang } : {}),
  } satisfies RequestOf<typeof historyOp.export>['query'];
  return api.request<string>(pathOf(historyOp.export.path, { organization_id: organizationId }), {
    query,
    responseType: 'text',
  });
};

/** Downloading the CSV is the user's intent (busy while it runs); it changes nothing cached. */
export const useCreditMovementsCsv = (organizationId: string) =>
  useMutation({ mutationFn: (filters: HistoryFilters) => downloadCreditMovementsCsv(organizationId, filters) });

import { COLLEAGUE_SEARCH_MIN } from '@ai-coaching/contracts';
import {
  authOperations,
  notificationSettingsOperations,
  userCreditOperations,
  userGroupCreditOperations,
  userGroupOperations,
  userOperations,
} from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

const userKeys = queryKeys('users');

/** My own record: what `/v1/me` does not carry (the picture). Everyone may read themself. */
export const getOwnUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => api.call(userOperations.read, { params: { id } }) });

export const useOwnUser = (id: string) => useQuery({ ...getOwnUserQueryOptions(id), enabled: id !== '' });

export const useUpdateOwnProfile = (id: string) =>
  useInvalidatingMutation(
    userKeys,
    (body: { first_name: string; last_name: string; avatar_image_id?: string | null }) =>
      api.call(userOperations.update, { params: { id }, body }),
  );

const notificationSettingsKeys = queryKeys('notification-settings');

/** My notification settings: the managers' weekly digest of overdue assignments (on unless turned off). */
export const useNotificationSettings = (enabled: boolean) =>
  useQuery({
    queryKey: notificationSettingsKeys.detail('me'),
    queryFn: () => api.call(notificationSettingsOperations.read, {}),
    enabled,
  });

export const useUpdateNotificationSettings = () =>
  useInvalidatingMutation(
    notificationSettingsKeys,
    (body: RequestOf<typeof notificationSettingsOperations.update>['body']) =>
      api.call(notificationSettingsOperations.update, { body }),
  );

/** Other sessions end, this one continues. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: RequestOf<typeof authOperations.changePassword>['body']) =>
      api.call(authOperations.changePassword, { body }),
  });

export type TransferTarget = { id: string; label: string };

const colleagueKeys = queryKeys('colleagues');
const transferGroupKeys = queryKeys('transfer-groups');

/**
 * Colleagues to give credits to, by a part of their name or email: the active users of my organization, names
 * only (`GET /v1/users/colleagues`, for whoever may transfer; docs/api/credits.md). Nothing is asked before the
 * search is long enough.
 */
export const useColleagues = (q: string, enabled: boolean) => {
  const search = q.trim();
  return useQuery({
    queryKey: colleagueKeys.list({ q: search }),
    queryFn: async (): Promise<TransferTarget[]> =>
      (await api.call(userOperations.colleagues, { query: { q: search } })).items.map((colleague) => ({
        id: colleague.id,
        label: colleague.display_name,
      })),
    enabled: enabled && search.length >= COLLEAGUE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
};

/**
 * Groups to give credits to: whoever may list groups picks among the organization's (searched); anyone else among
 * the groups they belong to, which their own record lists.
 */
export const useTransferGroups = (options: { mayListGroups: boolean; myId: string; q: string }, enabled: boolean) =>
  useQuery({
    queryKey: transferGroupKeys.list(options.mayListGroups ? { q: options.q } : { mine: options.myId }),
    queryFn: async (): Promise<TransferTarget[]> => {
      if (!options.mayListGroups) {
        const me = await api.call(userOperations.read, { params: { id: options.myId } });
        return me.groups.map((group) => ({ id: group.id, label: group.name }));
      }
      const page = await api.call(userGroupOperations.list, { query: { q: options.q, page_size: 48, sort: 'name' } });
      return page.items.map((group) => ({ id: group.id, label: group.name }));
    },
    enabled: enabled && options.myId !== '',
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

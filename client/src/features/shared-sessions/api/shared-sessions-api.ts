import type { SharedSession } from '@ai-coaching/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ListState } from '../../../hooks/use-list-params';
import { api } from '../../../lib/http/api';
import { sharedSessionOperations as links, userGroupOperations as groups } from '../../../lib/http/contract-routes';
import { pagedListQueryOptions, queryKeys } from '../../../lib/query/query-keys';
import { useInvalidatingMutation } from '../../../lib/query/invalidating-mutation';

export type { SharedSession, SharedSessionGuestLink, SharedSessionPage } from '@ai-coaching/contracts';

const keys = queryKeys('shared-sessions');

export const getShareLinksQueryOptions = (filters: ListState) =>
  pagedListQueryOptions(keys.list(filters), () => api.call(links.list, { query: filters }));

export const useShareLinks = (filters: ListState) => useQuery(getShareLinksQueryOptions(filters));

export type NewShareLink = {
  scenario_id: string;
  label: string;
  expires_at: string;
  max_uses: number;
  paid_by?: { type: 'user' } | { type: 'user_group'; user_group_id: string };
};

/** One key per dialog: a double click or a retry makes one link. */
export const useCreateShareLink = () =>
  useInvalidatingMutation(keys, ({ body, idempotencyKey }: { body: NewShareLink; idempotencyKey: string }) =>
    api.call(links.create, { body }, { idempotencyKey }),
  );

export const useRevokeShareLink = () =>
  useInvalidatingMutation(keys, (link: Pick<SharedSession, 'id'>) =>
    api.call(links.revoke, { params: { id: link.id } }),
  );

/** What the public page of a link shows; a closed or wrong code answers 404 `shared_session_unavailable`. */
export const getSharedSessionPageQueryOptions = (accessCode: string) =>
  queryOptions({
    queryKey: [...keys.all, 'page', accessCode],
    queryFn: () => api.call(links.page, { params: { access_code: accessCode } }, { token: null }),
    retry: false,
  });

export const useSharedSessionPage = (accessCode: string) => useQuery(getSharedSessionPageQueryOptions(accessCode));

export const joinSharedSession = (accessCode: string, displayName: string) =>
  api.call(
    links.join,
    { params: { access_code: accessCode }, body: { display_name: displayName, accept_terms: true } },
    { token: null },
  );

export type SharedSessionJoined = Awaited<ReturnType<typeof joinSharedSession>>;

/**
 * Joining as a guest, then `thenEnter` (signing the guest in and on to the play screen) inside the same mutation:
 * the Start button stays busy until the guest is in. Nothing cached changes (the guest has no lists yet).
 */
export const useJoinSharedSession = (accessCode: string, thenEnter: (joined: SharedSessionJoined) => Promise<void>) =>
  useMutation({
    mutationFn: async (displayName: string) => thenEnter(await joinSharedSession(accessCode, displayName)),
  });

/**
 * For the guest of a session: whether the link they came through takes another guest (its code then) and who offered
 * it. Asked when their result page shows: other guests may have used it up meanwhile.
 */
export const getGuestSharedLinkQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...keys.all, 'guest-link', sessionId],
    queryFn: () => api.call(links.guestLink, { params: { id: sessionId } }),
    retry: false,
  });

export const useGuestSharedLink = (sessionId: string) => useQuery(getGuestSharedLinkQueryOptions(sessionId));

/** The groups whose credits a sharer holding `credit-allocate` may have pay for the guests (their organization's). */
export const getPayingGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...keys.all, 'paying-groups'],
    queryFn: () => api.call(groups.list, { query: { page: 1, page_size: 48, sort: 'name', q: '' } }),
  });

export const usePayingGroups = (enabled: boolean) => useQuery({ ...getPayingGroupsQueryOptions(), enabled });

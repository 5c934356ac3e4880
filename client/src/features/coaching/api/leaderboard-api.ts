import type { LeaderboardPreference, OperationRequest } from '@ai-coaching/contracts';
import type * as contracts from '@ai-coaching/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http/api';
import { leaderboardOperations, userGroupOperations } from '../../../lib/http/contract-routes';

// Leaderboards (docs/programs.md, "Leaderboards"): the board, whether the organization shows them, and the learner's
// choice to hide their name.

export type LeaderboardQuery = OperationRequest<typeof contracts.leaderboardOperations.read>['query'];

const keys = {
  board: (query: LeaderboardQuery) => ['coaching', 'leaderboard', query] as const,
  mine: ['coaching', 'leaderboard-preference'] as const,
};

/** The board asked for: the organization's or a group's, over a period, by one metric. */
export const useLeaderboard = (query: LeaderboardQuery) =>
  useQuery({ queryKey: keys.board(query), queryFn: () => api.call(leaderboardOperations.read, { query }) });

/** Whether the caller hides their name, and whether their organization shows leaderboards at all. */
export const useLeaderboardPreference = () =>
  useQuery({ queryKey: keys.mine, queryFn: () => api.call(leaderboardOperations.readMine, {}) });

export const useHideLeaderboardName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => api.call(leaderboardOperations.changeMine, { body: { hidden } }),
    onSuccess: (preference: LeaderboardPreference) => {
      queryClient.setQueryData(keys.mine, preference);
      return queryClient.invalidateQueries({ queryKey: ['coaching', 'leaderboard'] });
    },
  });
};

/** The groups a board may be of: the organization's (the spec's largest page). */
export const useLeaderboardGroups = () =>
  useQuery({
    queryKey: ['coaching', 'leaderboard-groups'],
    queryFn: () => api.call(userGroupOperations.list, { query: { page: 1, page_size: 48, sort: 'name' } }),
  });

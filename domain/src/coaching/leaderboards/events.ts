/** One stream per learner: their choices about leaderboards (docs/programs.md, "Leaderboards"). */
export const leaderboardPreferenceStreamId = (userId: string): string => `leaderboard-preference-${userId}`;

/**
 * Whether the learner's name is hidden on their organization's leaderboards: others then read "A learner" in its
 * place (the learner still sees their own line). Shown until they hide it.
 */
export type LeaderboardNameHidden = {
  type: 'LeaderboardNameHidden';
  data: { userId: string; organizationId: string; hidden: boolean; changedAt: string };
};

export type LeaderboardPreferenceEvent = LeaderboardNameHidden;

// What a leaderboard ranks and over when (docs/programs.md, "Leaderboards"): pure, so the use case and its specs read
// the same rules.

export const LEADERBOARD_SCOPES = ['organization', 'user_group'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];
export const LEADERBOARD_PERIODS = ['week', 'month', 'quarter'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_METRICS = ['programs_passed', 'average_best_score', 'practice_time'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** Lines a leaderboard shows, besides the caller's own when it ranks below them. */
export const LEADERBOARD_SIZE = 50;

const DAY_MS = 86_400_000;

/**
 * The current calendar week (from Monday), month or quarter in UTC, up to `now`: `to` is `now` itself, so the period
 * holds what happened so far.
 */
export const leaderboardPeriod = (period: LeaderboardPeriod, now: Date): { from: string; to: string } => {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const from =
    period === 'week'
      ? Date.UTC(year, month, now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY_MS
      : Date.UTC(year, period === 'month' ? month : month - (month % 3), 1);
  return { from: new Date(from).toISOString(), to: now.toISOString() };
};

export type LeaderboardStanding = {
  userId: string;
  /** "First Last". */
  name: string;
  hidden: boolean;
  value: number;
};

export type RankedStanding = LeaderboardStanding & { rank: number };

/**
 * Best value first; equal values share a rank and the next rank skips them (1, 1, 3). Within a tie, names in
 * alphabetical order and the hidden ones after them, so their place says nothing of their name.
 */
export const rankStandings = (standings: readonly LeaderboardStanding[]): RankedStanding[] => {
  const sorted = [...standings].sort(
    (a, b) =>
      b.value - a.value ||
      Number(a.hidden) - Number(b.hidden) ||
      (a.hidden ? 0 : a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })) ||
      a.userId.localeCompare(b.userId),
  );
  let rank = 0;
  return sorted.map((standing, index) => {
    if (index === 0 || standing.value !== sorted[index - 1]!.value) rank = index + 1;
    return { ...standing, rank };
  });
};

/** The first `LEADERBOARD_SIZE` lines, and the caller's own after them when it ranks below. */
export const leaderboardLines = (ranked: readonly RankedStanding[], callerId: string): RankedStanding[] => {
  const top = ranked.slice(0, LEADERBOARD_SIZE);
  const own = ranked.find((standing) => standing.userId === callerId);
  return own && !top.includes(own) ? [...top, own] : top;
};

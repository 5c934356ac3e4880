import type { TerminalCoachingSessionStatus } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { scopedSessions } from '../coaching-dashboard/index.js';

/**
 * A learner's progress through a playlist (docs/coaching-sessions.md, "Playlists in play"): for each of its scenarios,
 * what the learner's own sessions of that scenario came to, wherever they started it. Like the dashboard it keeps no
 * table: it is a GROUP BY over the `coaching-sessions` read model, with each session's overall score as the dashboard
 * computes it (its latest finished report, reviewers' corrections counted).
 */

/** Best first: a win beats an end, an end a loss, a loss an abort. */
export const SESSION_OUTCOME_RANK: Readonly<Record<TerminalCoachingSessionStatus, number>> = {
  win: 4,
  end: 3,
  loose: 2,
  abort: 1,
};

export type ScenarioProgressView = {
  scenarioId: string;
  /** The learner's sessions of the scenario, playing or ended. */
  sessions: number;
  /** Of those, the ended ones. */
  finished: number;
  /** The best outcome of the ended ones; null before one ended. */
  bestStatus: TerminalCoachingSessionStatus | null;
  /** The best overall score, 0..100; null without a scored session. */
  bestScore: number | null;
  lastSessionId: string;
  lastPlayedAt: string;
};

const TERMINAL = `('win', 'end', 'loose', 'abort')`;
const rankOf = (column: string) =>
  `CASE ${column} ${Object.entries(SESSION_OUTCOME_RANK)
    .map(([status, rank]) => `WHEN '${status}' THEN ${rank}`)
    .join(' ')} ELSE 0 END`;

/**
 * The progress of one user of one organization on these scenarios, for that user only (their private practice
 * counts); a scenario never played has no row.
 */
export const coachingScenarioProgress = async (
  db: SqlExecutor,
  params: { organizationId: string; userId: string; scenarioIds: readonly string[] },
): Promise<ScenarioProgressView[]> => {
  if (params.scenarioIds.length === 0) return [];
  // The learner's own progress: their private practice counts in it.
  const base = scopedSessions({ organizationId: params.organizationId, userId: params.userId, withPrivate: true });
  const scenarios = base.bind(JSON.stringify(params.scenarioIds));
  const { rows } = await db.query<{
    scenario_id: string;
    sessions: number;
    finished: number;
    best_status: TerminalCoachingSessionStatus | null;
    best_score: number | null;
    last_session_id: string;
    last_played_at: Date | string;
  }>(
    `${base.sql}
     SELECT s.scenario_id, count(*)::int AS sessions,
            count(*) FILTER (WHERE s.status IN ${TERMINAL})::int AS finished,
            (array_agg(s.status ORDER BY ${rankOf('s.status')} DESC) FILTER (WHERE s.status IN ${TERMINAL}))[1]
              AS best_status,
            max(s.score)::float8 AS best_score,
            (array_agg(s.session_id ORDER BY s.started_at DESC, s.session_id DESC))[1] AS last_session_id,
            max(s.started_at) AS last_played_at
     FROM sessions s
     WHERE s.scenario_id IN (SELECT jsonb_array_elements_text(${scenarios}::jsonb))
     GROUP BY s.scenario_id`,
    base.params,
  );
  return rows.map((row) => ({
    scenarioId: row.scenario_id,
    sessions: row.sessions,
    finished: row.finished,
    bestStatus: row.best_status,
    bestScore: row.best_score,
    lastSessionId: row.last_session_id,
    lastPlayedAt: new Date(row.last_played_at).toISOString(),
  }));
};

export type RecentSessionView = {
  sessionId: string;
  scenarioId: string;
  name: string;
  status: string;
  startedAt: string;
  /** Its overall score as the dashboard computes it; null without a finished report. */
  score: number | null;
};

/** A user's latest sessions of one organization, newest first, each with its overall score: for that user only. */
export const recentCoachingSessions = async (
  db: SqlExecutor,
  params: { organizationId: string; userId: string; limit: number },
): Promise<RecentSessionView[]> => {
  const base = scopedSessions({ organizationId: params.organizationId, userId: params.userId, withPrivate: true });
  const limit = base.bind(params.limit);
  const { rows } = await db.query<{
    session_id: string;
    scenario_id: string;
    name: string;
    status: string;
    started_at: Date | string;
    score: number | null;
  }>(
    `${base.sql}
     SELECT s.session_id, s.scenario_id, s.name, s.status, s.started_at, s.score::float8 AS score
     FROM sessions s ORDER BY s.started_at DESC, s.session_id DESC LIMIT ${limit}`,
    base.params,
  );
  return rows.map((row) => ({
    sessionId: row.session_id,
    scenarioId: row.scenario_id,
    name: row.name,
    status: row.status,
    startedAt: new Date(row.started_at).toISOString(),
    score: row.score,
  }));
};

/**
 * A learner's scored tries of these scenarios started since an instant, oldest first, by scenario: what a program's
 * pass rule counts (docs/programs.md). A session that ended without a finished report (one still being written, or
 * none) is no try yet, and private practice is never one (`scopedSessions` leaves it out).
 */
export const scoredScenarioTries = async (
  db: SqlExecutor,
  params: { organizationId: string; userId: string; scenarioIds: readonly string[]; since: string },
): Promise<Map<string, number[]>> => {
  const tries = new Map<string, number[]>();
  if (params.scenarioIds.length === 0) return tries;
  const base = scopedSessions({ organizationId: params.organizationId, userId: params.userId, from: params.since });
  const scenarios = base.bind(JSON.stringify(params.scenarioIds));
  const { rows } = await db.query<{ scenario_id: string; score: number }>(
    `${base.sql}
     SELECT s.scenario_id, s.score::float8 AS score FROM sessions s
     WHERE s.status IN ${TERMINAL} AND s.score IS NOT NULL
       AND s.scenario_id IN (SELECT jsonb_array_elements_text(${scenarios}::jsonb))
     ORDER BY s.started_at, s.session_id`,
    base.params,
  );
  for (const row of rows) tries.set(row.scenario_id, [...(tries.get(row.scenario_id) ?? []), row.score]);
  return tries;
};

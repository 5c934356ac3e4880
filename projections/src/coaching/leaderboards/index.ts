import type { LeaderboardMetric, LeaderboardStanding } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { scopedSessions, sessionConditions } from '../coaching-dashboard/index.js';

const TABLES = { preferences: 'rm_leaderboard_preferences' } as const;

/**
 * Leaderboards (docs/programs.md, "Leaderboards"): the learners' choice to hide their name, one row each, and the
 * standings, GROUP BYs over the read models that already hold the figures (`program-assignments`' certificates,
 * `coaching-sessions` with their scores as the dashboard computes them, `user-directory`, `user-groups`).
 */
export const leaderboardsProjection = defineProjection({
  name: 'leaderboards',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.preferences} (
        user_id text PRIMARY KEY,
        organization_id text NOT NULL,
        hidden boolean NOT NULL,
        changed_at timestamptz NOT NULL
      );`);
  },
  on: {
    async LeaderboardNameHidden(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.preferences} (user_id, organization_id, hidden, changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET hidden = excluded.hidden, changed_at = excluded.changed_at
         WHERE ${t.preferences}.changed_at <= excluded.changed_at`,
        [data.userId, data.organizationId, data.hidden, data.changedAt],
      );
    },
  },
});

/** Whether the learner hides their name on leaderboards; false until they do. */
export const leaderboardNameHidden = async (db: SqlExecutor, userId: string): Promise<boolean> => {
  const { rows } = await db.query<{ hidden: boolean }>(`SELECT hidden FROM ${TABLES.preferences} WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0]?.hidden ?? false;
};

export type LeaderboardFilter = {
  organizationId: string;
  /** Only the group's current members. */
  groupId?: string;
  /** Started (a session) or passed (a certificate) at or after, and before (ISO). */
  from: string;
  to: string;
  metric: LeaderboardMetric;
};

/**
 * Each learner's figure, as `figures (user_id, value)` after the common table expressions the metric needs: the
 * certificates passed in the period; the mean of each scenario's best overall score over the scored sessions started
 * in it (not private practice, as a score anyone else reads never holds one); the seconds of the sessions started in
 * it and ended, private practice included (managers see its time too). Guests' sessions belong to no learner.
 */
const figures = (filter: LeaderboardFilter): { sql: string; params: unknown[]; bind: (value: unknown) => string } => {
  const period = { organizationId: filter.organizationId, from: filter.from, to: filter.to };
  if (filter.metric === 'average_best_score') {
    const base = scopedSessions(period);
    return {
      ...base,
      sql: `${base.sql},
      best AS (
        SELECT s.user_id, s.scenario_id, max(s.score) AS score FROM sessions s
        WHERE s.status IN ('win', 'loose', 'end', 'abort') AND s.score IS NOT NULL GROUP BY s.user_id, s.scenario_id
      ),
      figures AS (SELECT user_id, round(avg(score), 1)::float8 AS value FROM best GROUP BY user_id)`,
    };
  }
  if (filter.metric === 'practice_time') {
    const { conditions, params, bind } = sessionConditions({ ...period, withPrivate: true });
    return {
      params,
      bind,
      sql: `WITH figures AS (
        SELECT s.user_id, coalesce(sum(s.used_seconds), 0)::float8 AS value FROM rm_coaching_sessions s
        WHERE ${conditions.join(' AND ')} AND s.status IN ('win', 'loose', 'end', 'abort') GROUP BY s.user_id
      )`,
    };
  }
  const params: unknown[] = [filter.organizationId, filter.from, filter.to];
  const bind = (value: unknown) => `$${params.push(value)}`;
  return {
    params,
    bind,
    sql: `WITH figures AS (
      SELECT c.user_id, count(*)::float8 AS value FROM rm_assignment_certificates c
      WHERE c.organization_id = $1 AND c.passed_at >= $2::timestamptz AND c.passed_at < $3::timestamptz
      GROUP BY c.user_id
    )`,
  };
};

/**
 * The standings of the organization's active learners (of the group's current members) who did something counted
 * in the period, unranked; a learner with nothing counted has no line.
 */
export const leaderboardStandings = async (
  db: SqlExecutor,
  filter: LeaderboardFilter,
): Promise<LeaderboardStanding[]> => {
  const { sql, params, bind } = figures(filter);
  const organization = bind(filter.organizationId);
  const group =
    filter.groupId === undefined
      ? ''
      : `AND EXISTS (SELECT 1 FROM rm_user_group_members gm
           WHERE gm.user_group_id = ${bind(filter.groupId)} AND gm.user_id = u.user_id)`;
  const { rows } = await db.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    hidden: boolean | null;
    value: number;
  }>(
    `${sql}
     SELECT u.user_id, u.first_name, u.last_name, p.hidden, f.value
     FROM figures f
     JOIN rm_users u ON u.user_id = f.user_id AND u.organization_id = ${organization} AND u.status = 'active'
       AND u.role <> 'guest'
     LEFT JOIN ${TABLES.preferences} p ON p.user_id = u.user_id
     WHERE true ${group}`,
    params,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    hidden: row.hidden ?? false,
    value: row.value,
  }));
};

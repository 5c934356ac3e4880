import { RUBRIC_SCALE_RANGE, type RubricScale } from '@ai-coaching/domain';
import { voiceLatencyByProvider, type SqlExecutor, type VoiceLatencyByProvider } from '@ai-coaching/platform';

/**
 * The coaching dashboard's figures (docs/coaching-sessions.md, "Dashboard"): aggregates computed by the database over
 * the read models `coaching-sessions`, `coaching-session-analyses` (with reviewers' corrections), `user-directory`,
 * `user-groups` and `coaching-content` (scenario titles). It keeps no table of its own: every figure is a GROUP BY over
 * rows those read models already keep current, so there is nothing here that could lag behind them or need a rebuild.
 *
 * A session's score is the overall score of its latest finished report version (every observer done or failed), the
 * same weighted mean `weightedAnalysisScore` gives, so a re-run still in progress leaves the previous score counted.
 */

export type CoachingDashboardFilter = {
  /** Always one organization: figures are never computed across tenants. */
  organizationId: string;
  userId?: string;
  /** Sessions of the group's current members. */
  groupId?: string;
  scenarioId?: string;
  /** Started at or after (ISO). */
  from?: string;
  /** Started before (ISO). */
  to?: string;
  /**
   * Counts private practice too: only for figures its player alone reads (their own dashboard, their progress). Left
   * out otherwise, so a figure anyone else reads never holds a private session's score or outcome (docs/programs.md).
   */
  withPrivate?: boolean;
};

export type CoachingDashboardInterval = 'day' | 'week';

export type CoachingDashboardFigures = {
  /** Sessions started in the period, playing or ended. */
  sessions: number;
  /** Ended sessions: win, loose, end or abort. */
  finished: number;
  wins: number;
  /** Ended sessions that had a mission to win: the win rate's denominator (free speech cannot be won). */
  decided: number;
  /** Sessions with an overall score. */
  scored: number;
  /** Mean of the sessions' overall scores, 0..100, one decimal; null without a scored session. */
  averageScore: number | null;
  /** Credits captured by the ended sessions. */
  creditsUsed: number;
};

export type CoachingDashboardTrendPoint = {
  /** The bucket's first day, YYYY-MM-DD (UTC); a week starts on Monday. */
  start: string;
  sessions: number;
  scored: number;
  averageScore: number | null;
};

export type CoachingDashboardUserRow = CoachingDashboardFigures & {
  userId: string;
  /** null when the user directory no longer knows them. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

export type CoachingDashboardGroupRow = CoachingDashboardFigures & {
  groupId: string;
  name: string;
  /** Members who played in the period. */
  players: number;
};

export type CoachingDashboardScenarioRow = CoachingDashboardFigures & {
  scenarioId: string;
  /** The scenario's title; for one deleted since, the name of one of its sessions. */
  title: string;
};

export type CoachingDashboardCriterionRow = {
  /** The observer whose rubric holds it: of its versions and translations, the one named here (`name`). */
  observerId: string;
  /** That observer's name in the version played; null if the version is gone. */
  observerName: string | null;
  /** Its place in the observer's rubric, from 0. */
  position: number;
  name: string;
  scale: RubricScale;
  /** Sessions that scored the criterion (it applied to them). */
  sessions: number;
  /** Mean of its scores on its own scale, two decimals: for `pass_fail`, the share of passes. */
  average: number;
  /** Mean of its scores normalised to 0..100, one decimal. */
  averageScore: number;
};

/**
 * Observers that are one observer written in several languages (the starter library's): each of their ids, with the
 * id they count under. Any other observer is its own.
 */
export type ObserverTranslations = Readonly<Record<string, string>>;

/** A criterion's score (`score`, an SQL numeric) within its scale's bounds. */
const scoreOnScale = (score: string) =>
  `CASE e.value->>'scale' ${Object.entries(RUBRIC_SCALE_RANGE)
    .map(([scale, { min, max }]) => `WHEN '${scale}' THEN least(${max}, greatest(${min}, ${score}))`)
    .join(' ')} END`;

/** A criterion's score on its scale (`raw`, from `scoreOnScale`) brought to 0..100, as `normalisedCriterionScore` does. */
const normalisedScore = (raw: string) =>
  `CASE scale ${Object.entries(RUBRIC_SCALE_RANGE)
    .map(([scale, { min, max }]) => `WHEN '${scale}' THEN (${raw} - ${min}) * 100 / ${max - min}`)
    .join(' ')} END`;

/** The conditions on `rm_coaching_sessions s` a filter makes, its values bound in order from `$1`. */
export const sessionConditions = (filter: CoachingDashboardFilter) => {
  const params: unknown[] = [filter.organizationId];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['s.organization_id = $1', 's.user_id IS NOT NULL'];
  if (filter.withPrivate !== true) conditions.push('NOT s.private');
  if (filter.userId !== undefined) conditions.push(`s.user_id = ${bind(filter.userId)}`);
  if (filter.scenarioId !== undefined) conditions.push(`s.scenario_id = ${bind(filter.scenarioId)}`);
  if (filter.from !== undefined) conditions.push(`s.started_at >= ${bind(filter.from)}::timestamptz`);
  if (filter.to !== undefined) conditions.push(`s.started_at < ${bind(filter.to)}::timestamptz`);
  if (filter.groupId !== undefined) {
    conditions.push(
      `EXISTS (SELECT 1 FROM rm_user_group_members gm WHERE gm.user_group_id = ${bind(filter.groupId)} AND gm.user_id = s.user_id)`,
    );
  }
  return { conditions, params, bind };
};

/**
 * The common table expressions every query starts from: `played` (the filtered sessions of one organization, users'
 * only: a guest's session belongs to no member of the team; private practice only `withPrivate`), `criteria` (the
 * relevant, scored criteria of each played session's latest finished report, a reviewer's latest correction standing
 * for the observer's score, as the report shows it) and `sessions` (played, with its overall score). Playlist
 * progress reads the same scores from here.
 */
export const scopedSessions = (filter: CoachingDashboardFilter) => {
  const { conditions, params, bind } = sessionConditions(filter);
  const sql = `
    WITH played AS (
      SELECT s.session_id, s.user_id, s.scenario_id, s.name, s.status, s.started_at, s.captured_credits,
             jsonb_typeof(s.content->'mission') = 'object' AS has_mission, s.content->>'language' AS language
      FROM rm_coaching_sessions s WHERE ${conditions.join(' AND ')}
    ),
    latest AS (
      SELECT DISTINCT ON (a.session_id) a.session_id, a.version
      FROM rm_coaching_session_analyses a JOIN played p ON p.session_id = a.session_id
      WHERE NOT EXISTS (
        SELECT 1 FROM rm_coaching_session_observer_reports o
        WHERE o.session_id = a.session_id AND o.version = a.version AND o.status IN ('pending', 'running'))
      ORDER BY a.session_id, a.version DESC
    ),
    scored AS (
      SELECT l.session_id, o.observer_id, o.observer_version, (e.position - 1)::int AS position,
             e.value->>'name' AS name, e.value->>'scale' AS scale, (e.value->>'weight')::numeric AS weight,
             ${scoreOnScale(`coalesce(c.score::numeric, (e.value->>'score')::numeric)`)} AS raw
      FROM latest l
      JOIN rm_coaching_session_observer_reports o
        ON o.session_id = l.session_id AND o.version = l.version AND o.status = 'done'
      CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.criteria, '[]'::jsonb)) WITH ORDINALITY AS e(value, position)
      LEFT JOIN LATERAL (
        SELECT x.score FROM rm_coaching_session_analysis_corrections x
        WHERE x.session_id = o.session_id AND x.version = o.version AND x.observer_id = o.observer_id
          AND x.criterion = e.value->>'name'
        ORDER BY x.revision DESC LIMIT 1) c ON true
      WHERE (c.score IS NOT NULL OR ((e.value->>'relevant')::boolean AND jsonb_typeof(e.value->'score') = 'number'))
        AND (e.value->>'weight')::numeric > 0
    ),
    criteria AS (SELECT scored.*, ${normalisedScore('raw')} AS score FROM scored),
    sessions AS (
      SELECT p.*, sc.score FROM played p
      LEFT JOIN (SELECT session_id, round(sum(weight * score) / sum(weight)) AS score FROM criteria GROUP BY session_id) sc
        ON sc.session_id = p.session_id
    )`;
  return { sql, params, bind };
};

/** The figures' columns over `x`, a joined `sessions` alias (counts its session ids, so an outer join counts none). */
const figureColumns = (x: string) => `
  count(${x}.session_id)::int AS sessions,
  count(${x}.session_id) FILTER (WHERE ${x}.status IN ('win', 'loose', 'end', 'abort'))::int AS finished,
  count(${x}.session_id) FILTER (WHERE ${x}.status = 'win')::int AS wins,
  count(${x}.session_id) FILTER (WHERE ${x}.has_mission AND ${x}.status IN ('win', 'loose', 'end', 'abort'))::int AS decided,
  count(${x}.score)::int AS scored,
  round(avg(${x}.score), 1)::float8 AS average_score,
  coalesce(sum(${x}.captured_credits), 0)::int AS credits_used`;

type FigureRecord = {
  sessions: number;
  finished: number;
  wins: number;
  decided: number;
  scored: number;
  average_score: number | null;
  credits_used: number;
};

const toFigures = (row: FigureRecord | undefined): CoachingDashboardFigures => ({
  sessions: row?.sessions ?? 0,
  finished: row?.finished ?? 0,
  wins: row?.wins ?? 0,
  decided: row?.decided ?? 0,
  scored: row?.scored ?? 0,
  averageScore: row?.average_score ?? null,
  creditsUsed: row?.credits_used ?? 0,
});

/** The figures of every session the filter selects. */
export const coachingDashboardTotals = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<CoachingDashboardFigures> => {
  const base = scopedSessions(filter);
  const { rows } = await db.query<FigureRecord>(
    `${base.sql} SELECT ${figureColumns('s')} FROM sessions s`,
    base.params,
  );
  return toFigures(rows[0]);
};

/** Sessions and mean score per UTC day or week (Monday) in which a session started, oldest first; empty ones absent. */
export const coachingDashboardTrend = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
  interval: CoachingDashboardInterval,
): Promise<CoachingDashboardTrendPoint[]> => {
  const base = scopedSessions(filter);
  const { rows } = await db.query<{ start: string; sessions: number; scored: number; average_score: number | null }>(
    `${base.sql}
     SELECT to_char(date_trunc('${interval}', s.started_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS start,
            count(*)::int AS sessions, count(s.score)::int AS scored, round(avg(s.score), 1)::float8 AS average_score
     FROM sessions s GROUP BY 1 ORDER BY 1`,
    base.params,
  );
  return rows.map((row) => ({
    start: row.start,
    sessions: row.sessions,
    scored: row.scored,
    averageScore: row.average_score,
  }));
};

/** The figures of each user who played, most sessions first. */
export const coachingDashboardByUser = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<CoachingDashboardUserRow[]> => {
  const base = scopedSessions(filter);
  const { rows } = await db.query<
    FigureRecord & { user_id: string; first_name: string | null; last_name: string | null; email: string | null }
  >(
    `${base.sql}
     SELECT s.user_id, u.first_name, u.last_name, u.email, ${figureColumns('s')}
     FROM sessions s LEFT JOIN rm_users u ON u.user_id = s.user_id
     GROUP BY s.user_id, u.first_name, u.last_name, u.email
     ORDER BY count(*) DESC, lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), s.user_id`,
    base.params,
  );
  return rows.map((row) => ({
    ...toFigures(row),
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  }));
};

/**
 * The figures of each active group of the organization over its current members' sessions, by name; a group whose
 * members did not play shows zeros (that is worth seeing). A user in two groups counts in both. With the filter's
 * group, that group only.
 */
export const coachingDashboardByGroup = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<CoachingDashboardGroupRow[]> => {
  const base = scopedSessions(filter);
  const onlyGroup = filter.groupId === undefined ? '' : `AND g.user_group_id = ${base.bind(filter.groupId)}`;
  const { rows } = await db.query<FigureRecord & { user_group_id: string; name: string; players: number }>(
    `${base.sql}
     SELECT g.user_group_id, g.name, count(DISTINCT s.user_id)::int AS players, ${figureColumns('s')}
     FROM rm_user_groups g
     LEFT JOIN (rm_user_group_members m JOIN sessions s ON s.user_id = m.user_id) ON m.user_group_id = g.user_group_id
     WHERE g.organization_id = $1 AND g.status = 'active' ${onlyGroup}
     GROUP BY g.user_group_id, g.name ORDER BY lower(g.name), g.user_group_id`,
    base.params,
  );
  return rows.map((row) => ({ ...toFigures(row), groupId: row.user_group_id, name: row.name, players: row.players }));
};

/** The figures of each scenario played, most sessions first. */
export const coachingDashboardByScenario = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<CoachingDashboardScenarioRow[]> => {
  const base = scopedSessions(filter);
  const { rows } = await db.query<FigureRecord & { scenario_id: string; title: string }>(
    `${base.sql}
     SELECT s.scenario_id, coalesce(i.title, min(s.name)) AS title, ${figureColumns('s')}
     FROM sessions s LEFT JOIN rm_coaching_items i ON i.item_id = s.scenario_id
     GROUP BY s.scenario_id, i.title ORDER BY count(*) DESC, lower(coalesce(i.title, min(s.name))), s.scenario_id`,
    base.params,
  );
  return rows.map((row) => ({ ...toFigures(row), scenarioId: row.scenario_id, title: row.title }));
};

/**
 * The mean score of each rubric criterion over the sessions it applied to, on its own scale and normalised. A criterion
 * is one line per observer and place in its rubric (and scale: scores of two scales do not average): versions of an
 * observer that rename a criterion keep its line, and so do the `translations` of an observer (the starter library's
 * "Clarity" and "Clarté"). The line is named as the criterion and its observer read in the latest session played in
 * `locale`'s language, else in the latest session. In the order of `locale`'s alphabet.
 */
export const coachingDashboardByCriterion = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
  { translations = {}, locale = 'en-GB' }: { translations?: ObserverTranslations; locale?: string } = {},
): Promise<CoachingDashboardCriterionRow[]> => {
  const base = scopedSessions(filter);
  const observer = `coalesce(${base.bind(JSON.stringify(translations))}::jsonb ->> c.observer_id, c.observer_id)`;
  const preferred = `ORDER BY split_part(p.language, '-', 1) = ${base.bind(locale.split('-')[0])} DESC, p.started_at DESC, p.session_id`;
  const { rows } = await db.query<{
    observer_id: string;
    observer_name: string | null;
    position: number;
    name: string;
    scale: RubricScale;
    sessions: number;
    average: number;
    average_score: number;
  }>(
    `${base.sql},
     lines AS (
       SELECT (array_agg(c.observer_id ${preferred}))[1] AS observer_id,
              (array_agg(c.observer_version ${preferred}))[1] AS observer_version,
              (array_agg(c.name ${preferred}))[1] AS name,
              c.position, c.scale, count(DISTINCT c.session_id)::int AS sessions,
              round(avg(c.raw), 2)::float8 AS average, round(avg(c.score), 1)::float8 AS average_score
       FROM criteria c JOIN played p ON p.session_id = c.session_id
       GROUP BY ${observer}, c.position, c.scale
     )
     SELECT l.observer_id, v.fields->>'name' AS observer_name, l.position, l.name, l.scale, l.sessions, l.average,
            l.average_score
     FROM lines l LEFT JOIN rm_coaching_item_versions v ON v.item_id = l.observer_id AND v.version = l.observer_version
     ORDER BY l.observer_id, l.position`,
    base.params,
  );
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    collator.compare(a.name, b.name) || collator.compare(a.observer_name ?? '', b.observer_name ?? '');
  return rows.sort(byName).map((row) => ({
    observerId: row.observer_id,
    observerName: row.observer_name,
    position: row.position,
    name: row.name,
    scale: row.scale,
    sessions: row.sessions,
    average: row.average,
    averageScore: row.average_score,
  }));
};

/**
 * Voice latency by provider kind over the turns of the sessions the filter selects (the platform's
 * `voice_turn_timings`, docs/voice.md "Latency records"), so it is scoped and dated as every other figure here.
 */
export const coachingDashboardVoiceLatency = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<VoiceLatencyByProvider[]> => {
  const base = scopedSessions(filter);
  return voiceLatencyByProvider(db, {
    organizationId: filter.organizationId,
    sessions: { sql: base.sql, params: base.params, relation: 'played' },
  });
};

export type PrivatePracticeRow = {
  userId: string;
  /** null when the user directory no longer knows them. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  sessions: number;
  /** Seconds played, of the ended sessions. */
  durationSeconds: number;
};

/**
 * Private practice per learner, most sessions first: how many sessions and how long, and nothing else (no score,
 * outcome or scenario), which is all anyone but its player sees of it (docs/programs.md, "Private practice"). The
 * filter's period, user and group apply; its scenario does not, as these figures never say what was played.
 */
export const coachingDashboardPrivatePractice = async (
  db: SqlExecutor,
  filter: CoachingDashboardFilter,
): Promise<PrivatePracticeRow[]> => {
  const { scenarioId: _unsaid, ...unscoped } = filter;
  const { conditions, params } = sessionConditions({ ...unscoped, withPrivate: true });
  const { rows } = await db.query<{
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    sessions: number;
    duration_seconds: number;
  }>(
    `SELECT s.user_id, u.first_name, u.last_name, u.email, count(*)::int AS sessions,
            coalesce(sum(s.used_seconds), 0)::int AS duration_seconds
     FROM rm_coaching_sessions s LEFT JOIN rm_users u ON u.user_id = s.user_id
     WHERE ${conditions.join(' AND ')} AND s.private
     GROUP BY s.user_id, u.first_name, u.last_name, u.email
     ORDER BY count(*) DESC, lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), s.user_id`,
    params,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    sessions: row.sessions,
    durationSeconds: row.duration_seconds,
  }));
};

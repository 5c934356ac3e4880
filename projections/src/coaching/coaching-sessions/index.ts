import {
  voiceSettingsAtStart,
  type CoachingSessionContent,
  type CoachingSessionEndReason,
  type CoachingSessionStatus,
  type CoachingSessionVoiceSettings,
  type ListPage,
  type ListParams,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';
import { findOne, isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { sessions: 'rm_coaching_sessions', turns: 'rm_coaching_session_turns' } as const;

/**
 * The coaching sessions and their transcripts: what the session screens, the lists of mine and my team's, and the
 * HTTP answers read. The events hold the transcript sealed with the session's key; this read model holds it in plain
 * text while the session lives, and deleting the session removes its rows here as its key is destroyed, so a rebuild
 * finds only redacted texts (docs/coaching-sessions.md "Personal data").
 */
export const coachingSessionsProjection = defineProjection({
  name: 'coaching-sessions',
  // 2: the voice settings a session plays with (docs/voice.md, "Voice settings"); 3: private practice.
  version: 3,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.sessions} (
        session_id text PRIMARY KEY,
        organization_id text NOT NULL,
        -- null for a guest.
        user_id text,
        guest_id text,
        name text NOT NULL,
        scenario_id text NOT NULL,
        content jsonb NOT NULL,
        -- What the voice plays with now: the scenario's at the start, as the player changed them since.
        voice_settings jsonb NOT NULL,
        status text NOT NULL,
        time_limit_seconds integer NOT NULL,
        turn_limit integer,
        credits_per_minute integer NOT NULL,
        reservation_id text NOT NULL,
        reserved_credits integer NOT NULL,
        awaiting_reply_to text,
        -- Whether the persona has spoken: a session it never spoke in is free.
        persona_spoke boolean NOT NULL DEFAULT false,
        captured_credits integer,
        used_seconds integer,
        end_reason text,
        -- Private practice: read by its player only, counted for no assignment (docs/programs.md).
        private boolean NOT NULL DEFAULT false,
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.sessions}_org_idx ON ${t.sessions} (organization_id, started_at);
      CREATE INDEX IF NOT EXISTS ${t.sessions}_user_idx ON ${t.sessions} (user_id, started_at);
      CREATE TABLE IF NOT EXISTS ${t.turns} (
        session_id text NOT NULL,
        turn_id text NOT NULL,
        -- The order turns were recorded in; times may be equal.
        seq integer NOT NULL,
        role text NOT NULL,
        text text NOT NULL,
        reply_to text,
        at timestamptz NOT NULL,
        PRIMARY KEY (session_id, turn_id)
      );`);
  },
  on: {
    async CoachingSessionStarted(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.sessions} (session_id, organization_id, user_id, guest_id, name, scenario_id, content, status,
           time_limit_seconds, turn_limit, credits_per_minute, reservation_id, reserved_credits, started_at, updated_at,
           voice_settings, private)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16)
         ON CONFLICT (session_id) DO NOTHING`,
        [
          data.sessionId,
          data.organizationId,
          data.player.type === 'user' ? data.player.userId : null,
          data.player.type === 'guest' ? data.player.guestId : null,
          data.name,
          data.content.scenario.id,
          JSON.stringify(data.content),
          data.status,
          data.timeLimitSeconds,
          data.turnLimit,
          data.creditsPerMinute,
          data.reservation.reservationId,
          data.reservation.reservedCredits,
          data.startedAt,
          JSON.stringify(voiceSettingsAtStart(data.content)),
          data.private === true,
        ],
      );
    },
    async CoachingSessionLearnerTurnRecorded(tx, { data }, t) {
      if (await addTurn(tx, t.turns, { ...data, role: 'learner', replyTo: null })) {
        await tx.query(`UPDATE ${t.sessions} SET awaiting_reply_to = $2, updated_at = $3 WHERE session_id = $1`, [
          data.sessionId,
          data.turnId,
          data.at,
        ]);
      }
    },
    async CoachingSessionPersonaTurnRecorded(tx, { data }, t) {
      if (await addTurn(tx, t.turns, { ...data, role: 'persona' })) {
        await tx.query(
          `UPDATE ${t.sessions} SET awaiting_reply_to = NULL, persona_spoke = true, updated_at = $2
           WHERE session_id = $1`,
          [data.sessionId, data.at],
        );
      }
    },
    async CoachingSessionEnded(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.sessions} SET status = $2, end_reason = $3, used_seconds = $4, captured_credits = $5,
           ended_at = $6, updated_at = $6 WHERE session_id = $1`,
        [data.sessionId, data.status, data.reason, data.usedSeconds, data.capturedCredits, data.endedAt],
      );
    },
    async CoachingSessionRenamed(tx, { data }, t) {
      await tx.query(`UPDATE ${t.sessions} SET name = $2, updated_at = $3 WHERE session_id = $1`, [
        data.sessionId,
        data.name,
        data.renamedAt,
      ]);
    },
    async CoachingSessionVoiceSettingsChanged(tx, { data }, t) {
      await tx.query(`UPDATE ${t.sessions} SET voice_settings = $2, updated_at = $3 WHERE session_id = $1`, [
        data.sessionId,
        JSON.stringify(data.voiceSettings),
        data.changedAt,
      ]);
    },
    async CoachingSessionDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.sessions} WHERE session_id = $1`, [data.sessionId]);
      await tx.query(`DELETE FROM ${t.turns} WHERE session_id = $1`, [data.sessionId]);
    },
  },
});

/** Adds a turn once; answers whether it was new (a replayed event changes nothing). */
const addTurn = async (
  tx: SqlExecutor,
  table: string,
  turn: {
    sessionId: string;
    turnId: string;
    role: 'learner' | 'persona';
    text: string;
    replyTo: string | null;
    at: string;
  },
): Promise<boolean> => {
  const inserted = await tx.query(
    `INSERT INTO ${table} (session_id, turn_id, seq, role, text, reply_to, at)
     VALUES ($1, $2, (SELECT count(*)::int + 1 FROM ${table} WHERE session_id = $1), $3, $4, $5, $6)
     ON CONFLICT (session_id, turn_id) DO NOTHING`,
    [turn.sessionId, turn.turnId, turn.role, turn.text, turn.replyTo, turn.at],
  );
  return inserted.rowCount > 0;
};

export type CoachingSessionTurnView = {
  turnId: string;
  role: 'learner' | 'persona';
  text: string;
  replyTo: string | null;
  at: string;
};

export type CoachingSessionView = {
  sessionId: string;
  organizationId: string;
  userId: string | null;
  guestId: string | null;
  name: string;
  scenarioId: string;
  content: CoachingSessionContent;
  /** What the voice plays with now (a text session keeps the defaults, unused). */
  voiceSettings: CoachingSessionVoiceSettings;
  status: Exclude<CoachingSessionStatus, ''>;
  timeLimitSeconds: number;
  turnLimit: number | null;
  creditsPerMinute: number;
  reservationId: string;
  reservedCredits: number;
  awaitingReplyTo: string | null;
  personaSpoke: boolean;
  /** null until the session ended. */
  capturedCredits: number | null;
  usedSeconds: number | null;
  endReason: CoachingSessionEndReason | null;
  /** Private practice: nobody but its player reads it (docs/programs.md, "Private practice"). */
  private: boolean;
  startedAt: string;
  endedAt: string | null;
  updatedAt: string;
  turnCount: number;
  /** A guest's session: the name they gave, who shared the link, and when the link expires. */
  guest: { displayName: string; sharedBy: string; sharedSessionId: string; linkExpiresAt: string } | null;
};

type SessionRecord = {
  session_id: string;
  organization_id: string;
  user_id: string | null;
  guest_id: string | null;
  name: string;
  scenario_id: string;
  content: CoachingSessionContent;
  voice_settings: CoachingSessionVoiceSettings;
  status: Exclude<CoachingSessionStatus, ''>;
  time_limit_seconds: number;
  turn_limit: number | null;
  credits_per_minute: number;
  reservation_id: string;
  reserved_credits: number;
  awaiting_reply_to: string | null;
  persona_spoke: boolean;
  captured_credits: number | null;
  used_seconds: number | null;
  end_reason: CoachingSessionEndReason | null;
  private: boolean;
  started_at: Date | string;
  ended_at: Date | string | null;
  updated_at: Date | string;
  turn_count: number;
  guest_name: string | null;
  shared_by: string | null;
  shared_session_id: string | null;
  link_expires_at: Date | string | null;
};

const SESSION_COLUMNS = `s.session_id, s.organization_id, s.user_id, s.guest_id, s.name, s.scenario_id, s.content,
  s.voice_settings, s.status, s.time_limit_seconds, s.turn_limit, s.credits_per_minute, s.reservation_id, s.reserved_credits,
  s.awaiting_reply_to, s.persona_spoke, s.captured_credits, s.used_seconds, s.end_reason, s.private, s.started_at, s.ended_at,
  s.updated_at, (SELECT count(*)::int FROM ${TABLES.turns} c WHERE c.session_id = s.session_id) AS turn_count,
  g.display_name AS guest_name, g.shared_by, g.shared_session_id, g.link_expires_at`;

/** A guest's name and link come from the share links' read model (coaching-shared-sessions). */
const SESSIONS_WITH_GUESTS = `${TABLES.sessions} s
  LEFT JOIN rm_coaching_shared_session_guests g ON g.session_id = s.session_id`;

const toSession = (row: SessionRecord): CoachingSessionView => ({
  sessionId: row.session_id,
  organizationId: row.organization_id,
  userId: row.user_id,
  guestId: row.guest_id,
  name: row.name,
  scenarioId: row.scenario_id,
  content: row.content,
  voiceSettings: row.voice_settings,
  status: row.status,
  timeLimitSeconds: row.time_limit_seconds,
  turnLimit: row.turn_limit,
  creditsPerMinute: row.credits_per_minute,
  reservationId: row.reservation_id,
  reservedCredits: row.reserved_credits,
  awaitingReplyTo: row.awaiting_reply_to,
  personaSpoke: row.persona_spoke,
  capturedCredits: row.captured_credits,
  usedSeconds: row.used_seconds,
  endReason: row.end_reason,
  private: row.private,
  startedAt: isoTime(row.started_at),
  endedAt: isoTimeOrNull(row.ended_at),
  updatedAt: isoTime(row.updated_at),
  turnCount: row.turn_count,
  guest:
    row.shared_by === null || row.shared_session_id === null || row.link_expires_at === null
      ? null
      : {
          displayName: row.guest_name ?? '',
          sharedBy: row.shared_by,
          sharedSessionId: row.shared_session_id,
          linkExpiresAt: isoTime(row.link_expires_at),
        },
});

export const findCoachingSession = (db: SqlExecutor, sessionId: string): Promise<CoachingSessionView | undefined> =>
  findOne(db, `SELECT ${SESSION_COLUMNS} FROM ${SESSIONS_WITH_GUESTS} WHERE s.session_id = $1`, [sessionId], toSession);

/** The transcript in the order it was said. */
export const listCoachingSessionTurns = async (
  db: SqlExecutor,
  sessionId: string,
): Promise<CoachingSessionTurnView[]> => {
  const { rows } = await db.query<{
    turn_id: string;
    role: 'learner' | 'persona';
    text: string;
    reply_to: string | null;
    at: Date | string;
  }>(`SELECT turn_id, role, text, reply_to, at FROM ${TABLES.turns} WHERE session_id = $1 ORDER BY seq`, [sessionId]);
  return rows.map((row) => ({
    turnId: row.turn_id,
    role: row.role,
    text: row.text,
    replyTo: row.reply_to,
    at: isoTime(row.at),
  }));
};

/**
 * Every session still playing, with when its time limit ends it: what a runtime's start schedules the time-limit
 * timer of again, since the in-process queue forgot it with the process that stopped. Nothing before the projections
 * have created their tables.
 */
export const listLiveCoachingSessions = (
  db: SqlExecutor,
): Promise<{ sessionId: string; organizationId: string; endsAt: string }[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<{ session_id: string; organization_id: string; ends_at: Date | string }>(
      `SELECT session_id, organization_id, started_at + time_limit_seconds * interval '1 second' AS ends_at
       FROM ${TABLES.sessions} WHERE status IN ('free-speech', 'in-progress') ORDER BY started_at`,
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      organizationId: row.organization_id,
      endsAt: isoTime(row.ends_at),
    }));
  });

export type CoachingSessionListParams = ListParams & {
  /** Always one organization: sessions are never listed across tenants. */
  organizationId: string;
  userId?: string;
  /** Sessions this user played or, as a guest's, shared the link of. */
  playedOrSharedBy?: string;
  scenarioId?: string;
  status?: CoachingSessionStatus;
  /** Started at or after (ISO). */
  from?: string;
  /** Started before (ISO). */
  to?: string;
  /** Who lists: the only one whose private practice is listed (docs/programs.md); without it, none is. */
  viewerId?: string;
};

export const listCoachingSessions = (
  db: SqlExecutor,
  params: CoachingSessionListParams,
): Promise<ListPage<CoachingSessionView>> => {
  const filter = sqlFilter()
    .equals('s.organization_id', params.organizationId)
    .equals('s.user_id', params.userId)
    .equals(['s.user_id', 'g.shared_by'], params.playedOrSharedBy)
    .equals('s.scenario_id', params.scenarioId)
    .equals('s.status', params.status)
    .inRange('s.started_at', params.from, params.to)
    .search(['s.name'], params.q);
  filter.where(
    params.viewerId === undefined ? 'NOT s.private' : `(NOT s.private OR s.user_id = ${filter.bind(params.viewerId)})`,
  );
  return pagedList(db, {
    readModel: ['coaching-sessions', 'coaching-shared-sessions'],
    from: SESSIONS_WITH_GUESTS,
    columns: SESSION_COLUMNS,
    filter,
    order: sortOrder({ name: 'lower(s.name)', updatedAt: 's.updated_at', id: 's.session_id' }),
    params,
    toItem: toSession,
  });
};

/**
 * The sessions of one organization a bulk re-run of analysis reports works through: ended in win, loose or end,
 * started in [from, to), of the scenario and/or scored by the observer (one of the frozen observers), oldest first.
 * Not private practice: a reviewer never reads it, nor changes its report.
 */
export const listAnalysableSessionIds = async (
  db: SqlExecutor,
  params: {
    organizationId: string;
    scenarioId?: string | undefined;
    observerId?: string | undefined;
    from: string;
    to: string;
  },
): Promise<string[]> => {
  const { rows } = await db.query<{ session_id: string }>(
    `SELECT session_id FROM ${TABLES.sessions}
     WHERE organization_id = $1 AND status IN ('win', 'loose', 'end') AND NOT private
       AND started_at >= $2 AND started_at < $3
       AND ($4::text IS NULL OR scenario_id = $4)
       AND ($5::text IS NULL OR content->'observers' @> jsonb_build_array(jsonb_build_object('id', $5::text)))
     ORDER BY started_at, session_id`,
    [params.organizationId, params.from, params.to, params.scenarioId ?? null, params.observerId ?? null],
  );
  return rows.map((row) => row.session_id);
};

/**
 * The sessions of one organization that ended before `endedBefore`, oldest first, at most `limit`: what the retention
 * job deletes. A session still playing has no end, so it is never among them.
 */
export const listCoachingSessionsEndedBefore = async (
  db: SqlExecutor,
  params: { organizationId: string; endedBefore: string; limit: number },
): Promise<{ sessionId: string; organizationId: string }[]> => {
  const { rows } = await db.query<{ session_id: string; organization_id: string }>(
    `SELECT session_id, organization_id FROM ${TABLES.sessions}
     WHERE organization_id = $1 AND ended_at IS NOT NULL AND ended_at < $2
     ORDER BY ended_at, session_id LIMIT $3`,
    [params.organizationId, params.endedBefore, params.limit],
  );
  return rows.map((row) => ({ sessionId: row.session_id, organizationId: row.organization_id }));
};

/** Whether a session was played on the platform at all, or (with `userId`) by that user. */
export const hasPlayedSession = async (db: SqlExecutor, userId?: string): Promise<boolean> =>
  (
    await db.query(
      userId === undefined
        ? `SELECT 1 FROM ${TABLES.sessions} LIMIT 1`
        : `SELECT 1 FROM ${TABLES.sessions} WHERE user_id = $1 LIMIT 1`,
      userId === undefined ? [] : [userId],
    )
  ).rows.length > 0;

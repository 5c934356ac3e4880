import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * When each voice turn's audio left, one row per persona response (docs/voice.md, "Latency"): the raw figures a
 * session's and the dashboard's p50/p95 are computed from. A plain table, as `ai_usage`: telemetry nobody decides
 * from, written once per turn, with ids and durations only (no text), so it is not the session's personal data.
 * Durations are measured on the gateway's monotonic clock from the moment the learner's turn arrived.
 */
export const voiceTurnTimingMigrations: Migration[] = [
  {
    id: '0099_voice_turn_timings',
    sql: `CREATE TABLE voice_turn_timings (
      session_id text NOT NULL,
      response_id text NOT NULL,
      turn_id text NOT NULL,
      organization_id text,
      provider_kind text NOT NULL,
      turn_received_at timestamptz NOT NULL,
      first_audio_synthesized_ms double precision,
      first_audio_sent_ms double precision,
      played_ms integer,
      status text NOT NULL,
      PRIMARY KEY (session_id, response_id)
    );
    CREATE INDEX voice_turn_timings_organization_idx ON voice_turn_timings (organization_id, turn_received_at);`,
  },
];

export type VoiceTurnTiming = {
  sessionId: string;
  responseId: string;
  turnId: string;
  organizationId: string | null;
  /** The kind of provider that spoke (`builtin`, `openai`…), for figures by provider. */
  providerKind: string;
  /** When the learner's turn reached the gateway (end of speech, or the push-to-talk text). */
  turnReceivedAt: string;
  /** From the turn's arrival to the first persona audio out of the provider (synthesis); null if none came. */
  firstAudioSynthesizedMs: number | null;
  /** From the turn's arrival to the first persona audio sent by the gateway; null if none was sent. */
  firstAudioSentMs: number | null;
  /** What the browser reported played (`voice.playback`), when it did. */
  playedMs: number | null;
  status: 'completed' | 'cancelled' | 'failed';
};

/** Records a response's timings; a response recorded again (a retry) keeps its first figures. */
export const recordVoiceTurnTiming = async (db: SqlExecutor, timing: VoiceTurnTiming): Promise<void> => {
  await db.query(
    `INSERT INTO voice_turn_timings (session_id, response_id, turn_id, organization_id, provider_kind, turn_received_at,
       first_audio_synthesized_ms, first_audio_sent_ms, played_ms, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (session_id, response_id) DO NOTHING`,
    [
      timing.sessionId,
      timing.responseId,
      timing.turnId,
      timing.organizationId,
      timing.providerKind,
      timing.turnReceivedAt,
      timing.firstAudioSynthesizedMs,
      timing.firstAudioSentMs,
      timing.playedMs,
      timing.status,
    ],
  );
};

/** A session's voice turns, in the order they arrived. */
export const voiceTurnTimingsOf = async (db: SqlExecutor, sessionId: string): Promise<VoiceTurnTiming[]> => {
  const { rows } = await db.query<{
    session_id: string;
    response_id: string;
    turn_id: string;
    organization_id: string | null;
    provider_kind: string;
    turn_received_at: Date | string;
    first_audio_synthesized_ms: number | null;
    first_audio_sent_ms: number | null;
    played_ms: number | null;
    status: VoiceTurnTiming['status'];
  }>(
    `SELECT session_id, response_id, turn_id, organization_id, provider_kind, turn_received_at,
       first_audio_synthesized_ms, first_audio_sent_ms, played_ms, status
     FROM voice_turn_timings WHERE session_id = $1 ORDER BY turn_received_at, response_id`,
    [sessionId],
  );
  const number = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    sessionId: row.session_id,
    responseId: row.response_id,
    turnId: row.turn_id,
    organizationId: row.organization_id,
    providerKind: row.provider_kind,
    turnReceivedAt: new Date(row.turn_received_at).toISOString(),
    firstAudioSynthesizedMs: number(row.first_audio_synthesized_ms),
    firstAudioSentMs: number(row.first_audio_sent_ms),
    playedMs: number(row.played_ms),
    status: row.status,
  }));
};

/** A later playback report of a recorded response: the most the browser says it played stands. */
export const updateVoiceTurnPlayed = async (
  db: SqlExecutor,
  sessionId: string,
  responseId: string,
  playedMs: number,
): Promise<void> => {
  await db.query(
    `UPDATE voice_turn_timings SET played_ms = $3
     WHERE session_id = $1 AND response_id = $2 AND (played_ms IS NULL OR played_ms < $3)`,
    [sessionId, responseId, playedMs],
  );
};

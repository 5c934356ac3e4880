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
  {
    // Voice-to-voice needs the browser's side: when the first audio of the response started playing.
    id: '0202_voice_turn_first_audio_played',
    sql: `ALTER TABLE voice_turn_timings ADD COLUMN first_audio_played_ms integer;`,
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
  /**
   * Voice-to-voice: from the turn's arrival until the browser started playing the response's first audio; null until
   * the browser reported it (then the turn has no voice-to-voice figure). Optional for writers, who may learn it later
   * (`updateVoiceTurnPlayed`); always present when read.
   */
  firstAudioPlayedMs?: number | null;
  status: 'completed' | 'cancelled' | 'failed';
};

/** A recorded turn as read back: every figure present, null when unknown. */
export type RecordedVoiceTurnTiming = VoiceTurnTiming & { firstAudioPlayedMs: number | null };

/** The columns are whole milliseconds; a writer's fractions (a monotonic clock's) are rounded, not refused. */
const wholeMs = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value);

/** Records a response's timings; a response recorded again (a retry) keeps its first figures. */
export const recordVoiceTurnTiming = async (db: SqlExecutor, timing: VoiceTurnTiming): Promise<void> => {
  await db.query(
    `INSERT INTO voice_turn_timings (session_id, response_id, turn_id, organization_id, provider_kind, turn_received_at,
       first_audio_synthesized_ms, first_audio_sent_ms, played_ms, first_audio_played_ms, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
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
      wholeMs(timing.playedMs),
      wholeMs(timing.firstAudioPlayedMs),
      timing.status,
    ],
  );
};

/** A session's voice turns, in the order they arrived. */
export const voiceTurnTimingsOf = async (db: SqlExecutor, sessionId: string): Promise<RecordedVoiceTurnTiming[]> => {
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
    first_audio_played_ms: number | null;
    status: VoiceTurnTiming['status'];
  }>(
    `SELECT session_id, response_id, turn_id, organization_id, provider_kind, turn_received_at,
       first_audio_synthesized_ms, first_audio_sent_ms, played_ms, first_audio_played_ms, status
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
    firstAudioPlayedMs: number(row.first_audio_played_ms),
    status: row.status,
  }));
};

/**
 * A later playback report of a recorded response: the most the browser says it played stands, and the voice-to-voice
 * figure, when the report brings one, is kept if the row had none (the first report is the one that measured it).
 */
export const updateVoiceTurnPlayed = async (
  db: SqlExecutor,
  sessionId: string,
  responseId: string,
  playedMs: number,
  firstAudioPlayedMs?: number | null,
): Promise<void> => {
  await db.query(
    `UPDATE voice_turn_timings
     SET played_ms = greatest(played_ms, $3), first_audio_played_ms = coalesce(first_audio_played_ms, $4::integer)
     WHERE session_id = $1 AND response_id = $2
       AND (played_ms IS NULL OR played_ms < $3 OR (first_audio_played_ms IS NULL AND $4::integer IS NOT NULL))`,
    [sessionId, responseId, wholeMs(playedMs), wholeMs(firstAudioPlayedMs)],
  );
};

/**
 * A set of voice figures: voice-to-voice (the learner's turn to the first persona audio playing in the browser, the
 * figure the product publishes) over the turns the browser reported, and the two earlier marks of the same turns,
 * first audio out of the provider and out of the gateway, over the turns that have them. Percentiles are
 * `percentile_cont` (interpolated), in whole milliseconds; null when no turn has the figure.
 */
export type VoiceLatency = {
  /** Turns with a voice-to-voice figure. A turn the browser never reported has none: it is left out, not guessed. */
  turns: number;
  voiceToVoiceP50Ms: number | null;
  voiceToVoiceP95Ms: number | null;
  /** Turns whose first audio left the gateway. */
  gatewayTurns: number;
  gatewayFirstAudioP50Ms: number | null;
  gatewayFirstAudioP95Ms: number | null;
  providerFirstAudioP50Ms: number | null;
  providerFirstAudioP95Ms: number | null;
};

export type VoiceLatencyByProvider = VoiceLatency & {
  /** The kind of provider that spoke (`builtin`, `openai`…). */
  providerKind: string;
};

const latencyColumns = `
  count(t.first_audio_played_ms)::int AS turns,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY t.first_audio_played_ms) AS v2v_p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY t.first_audio_played_ms) AS v2v_p95,
  count(t.first_audio_sent_ms)::int AS gateway_turns,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY t.first_audio_sent_ms) AS sent_p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY t.first_audio_sent_ms) AS sent_p95,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY t.first_audio_synthesized_ms) AS synthesized_p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY t.first_audio_synthesized_ms) AS synthesized_p95`;

type LatencyRecord = {
  turns: number;
  v2v_p50: number | null;
  v2v_p95: number | null;
  gateway_turns: number;
  sent_p50: number | null;
  sent_p95: number | null;
  synthesized_p50: number | null;
  synthesized_p95: number | null;
};

const ms = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

const latencyOf = (row: LatencyRecord | undefined): VoiceLatency => ({
  turns: row?.turns ?? 0,
  voiceToVoiceP50Ms: ms(row?.v2v_p50 ?? null),
  voiceToVoiceP95Ms: ms(row?.v2v_p95 ?? null),
  gatewayTurns: row?.gateway_turns ?? 0,
  gatewayFirstAudioP50Ms: ms(row?.sent_p50 ?? null),
  gatewayFirstAudioP95Ms: ms(row?.sent_p95 ?? null),
  providerFirstAudioP50Ms: ms(row?.synthesized_p50 ?? null),
  providerFirstAudioP95Ms: ms(row?.synthesized_p95 ?? null),
});

/** One session's figures, read within its organization only (another's session answers as one with no turn). */
export const voiceLatencyOfSession = async (
  db: SqlExecutor,
  organizationId: string,
  sessionId: string,
): Promise<VoiceLatency> => {
  const { rows } = await db.query<LatencyRecord>(
    `SELECT ${latencyColumns} FROM voice_turn_timings t WHERE t.organization_id = $1 AND t.session_id = $2`,
    [organizationId, sessionId],
  );
  return latencyOf(rows[0]);
};

export type VoiceLatencyFilter = {
  /** Always one organization: figures are never computed across tenants. */
  organizationId: string;
  /** Turns that arrived at or after (ISO). */
  from?: string;
  /** Turns that arrived before (ISO). */
  to?: string;
  /**
   * Only the turns of the sessions a caller's query selects, for figures scoped as the caller's other figures are (the
   * dashboard passes its scoped sessions, whose period is when a session started): `sql` is a `WITH` clause, its
   * parameters `params` numbered from `$1`, that defines `relation` with a `session_id` column.
   */
  sessions?: { sql: string; params: readonly unknown[]; relation: string };
};

/** The figures of each provider kind that spoke in the organization, by kind; a kind without any turn is absent. */
export const voiceLatencyByProvider = async (
  db: SqlExecutor,
  filter: VoiceLatencyFilter,
): Promise<VoiceLatencyByProvider[]> => {
  const params: unknown[] = [...(filter.sessions?.params ?? [])];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`t.organization_id = ${bind(filter.organizationId)}`];
  if (filter.from !== undefined) conditions.push(`t.turn_received_at >= ${bind(filter.from)}::timestamptz`);
  if (filter.to !== undefined) conditions.push(`t.turn_received_at < ${bind(filter.to)}::timestamptz`);
  if (filter.sessions !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/i.test(filter.sessions.relation)) throw new Error('not a relation name');
    conditions.push(`t.session_id IN (SELECT session_id FROM ${filter.sessions.relation})`);
  }
  const { rows } = await db.query<LatencyRecord & { provider_kind: string }>(
    `${filter.sessions?.sql ?? ''}
     SELECT t.provider_kind, ${latencyColumns}
     FROM voice_turn_timings t WHERE ${conditions.join(' AND ')}
     GROUP BY t.provider_kind ORDER BY t.provider_kind`,
    params,
  );
  return rows.map((row) => ({ providerKind: row.provider_kind, ...latencyOf(row) }));
};

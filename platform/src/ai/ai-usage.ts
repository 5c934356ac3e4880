import type { AiUsageRecorder } from '@ai-coaching/domain';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * What every AI call used, one row per call (issue 10 item 3), for credits and dashboards; and when
 * each service key was last used. Plain tables rather than events: a row per model call would make
 * the event store mostly telemetry, nothing is decided from it, and the per-minute session price
 * that credits are charged from is already decided from the session's own events. docs/ai-providers.md.
 */
export const aiUsageMigrations: Migration[] = [
  {
    id: '0092_ai_usage',
    sql: `CREATE TABLE ai_usage (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      provider_id text NOT NULL,
      model_id text NOT NULL,
      organization_id text,
      session_id text,
      operation text NOT NULL,
      input_tokens integer NOT NULL,
      output_tokens integer NOT NULL,
      audio_seconds double precision
    );
    CREATE INDEX ai_usage_organization_idx ON ai_usage (organization_id, at);
    CREATE INDEX ai_usage_session_idx ON ai_usage (session_id) WHERE session_id IS NOT NULL;
    CREATE TABLE ai_service_key_usage (
      key_id text PRIMARY KEY,
      last_used_at timestamptz NOT NULL
    );`,
  },
];

/** Records the usage of one call. */
export const aiUsageRecorder =
  (db: SqlExecutor): AiUsageRecorder =>
  async (entry) => {
    await db.query(
      `INSERT INTO ai_usage (at, provider_id, model_id, organization_id, session_id, operation, input_tokens,
         output_tokens, audio_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        entry.at,
        entry.providerId,
        entry.modelId,
        entry.organizationId,
        entry.sessionId ?? null,
        entry.operation,
        entry.usage.inputTokens,
        entry.usage.outputTokens,
        entry.usage.audioSeconds ?? null,
      ],
    );
  };

export type AiUsageRow = {
  at: string;
  providerId: string;
  modelId: string;
  organizationId: string | null;
  sessionId: string | null;
  operation: string;
  inputTokens: number;
  outputTokens: number;
  audioSeconds: number | null;
};

/** The usage recorded for an organization (null: calls made for nobody in particular), oldest first. */
export const aiUsageOf = async (db: SqlExecutor, organizationId: string | null): Promise<AiUsageRow[]> => {
  const { rows } = await db.query<{
    at: Date | string;
    provider_id: string;
    model_id: string;
    organization_id: string | null;
    session_id: string | null;
    operation: string;
    input_tokens: number;
    output_tokens: number;
    audio_seconds: number | null;
  }>(
    `SELECT at, provider_id, model_id, organization_id, session_id, operation, input_tokens, output_tokens, audio_seconds
     FROM ai_usage WHERE organization_id IS NOT DISTINCT FROM $1 ORDER BY at, id`,
    [organizationId],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    providerId: row.provider_id,
    modelId: row.model_id,
    organizationId: row.organization_id,
    sessionId: row.session_id,
    operation: row.operation,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    audioSeconds: row.audio_seconds === null ? null : Number(row.audio_seconds),
  }));
};

/** How stale a key's last use may be: marking every call would write once per model call. */
export const KEY_USE_RESOLUTION_MS = 60_000;

/**
 * Marks keys as used, at most once a minute per key: the process remembers when it last wrote a key,
 * and the database keeps the newest time whichever process writes.
 */
export const createKeyUseMarker = (db: SqlExecutor) => {
  const lastWritten = new Map<string, number>();
  return async (keyId: string, at: Date): Promise<void> => {
    const previous = lastWritten.get(keyId);
    if (previous !== undefined && at.getTime() - previous < KEY_USE_RESOLUTION_MS) return;
    lastWritten.set(keyId, at.getTime());
    await db.query(
      `INSERT INTO ai_service_key_usage (key_id, last_used_at) VALUES ($1, $2)
       ON CONFLICT (key_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at
       WHERE ai_service_key_usage.last_used_at < EXCLUDED.last_used_at`,
      [keyId, at.toISOString()],
    );
  };
};

/** When each of these keys was last used (absent: never). */
export const keysLastUsedAt = async (db: SqlExecutor, keyIds: readonly string[]): Promise<Map<string, string>> => {
  if (keyIds.length === 0) return new Map();
  const { rows } = await db.query<{ key_id: string; last_used_at: Date | string }>(
    'SELECT key_id, last_used_at FROM ai_service_key_usage WHERE key_id = ANY($1::text[])',
    [keyIds],
  );
  return new Map(rows.map((row) => [row.key_id, new Date(row.last_used_at).toISOString()]));
};

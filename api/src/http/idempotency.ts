import { createHash } from 'node:crypto';
import type { Migration, SqlExecutor } from '@ai-coaching/platform';
import { ApiError } from './api-error.js';

export const idempotencyMigrations: Migration[] = [
  {
    id: '0200_idempotency_keys',
    sql: `
      CREATE TABLE idempotency_keys (
        caller_id text NOT NULL,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        status integer,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (caller_id, idempotency_key)
      );
      CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);`,
  },
];

/** How long a key is remembered: a client retrying a day later is starting a new request. */
const RETENTION = "interval '24 hours'";
const KEY = /^[\x21-\x7e]{1,200}$/;

/** A handler's answer, as the mount layer writes it and the key store replays it. */
export type RouteResult = { status?: number; body?: unknown; headers?: Record<string, string> } | void;

type Stored = { request_hash: string; status: number | null; response: { body?: unknown } | null };

/**
 * Runs `execute` at most once per (caller, key): a retry with the same request replays the first
 * successful answer, the same key with another request is a 409, and a retry while the first is
 * still running is a 409 the client may retry. Failed attempts are forgotten so they can be retried.
 */
export const withIdempotency = async (
  db: SqlExecutor,
  options: { callerId: string; key: string; request: unknown },
  execute: () => Promise<RouteResult>,
): Promise<RouteResult> => {
  if (!KEY.test(options.key)) {
    throw new ApiError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    );
  }
  const requestHash = createHash('sha256').update(JSON.stringify(options.request)).digest('hex');
  if (Math.random() < 0.01) await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - ${RETENTION}`);
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (caller_id, idempotency_key) DO NOTHING`,
    [options.callerId, options.key, requestHash],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await db.query<Stored>(
      'SELECT request_hash, status, response FROM idempotency_keys WHERE caller_id = $1 AND idempotency_key = $2',
      [options.callerId, options.key],
    );
    const stored = rows[0];
    if (stored && stored.request_hash !== requestHash) {
      throw new ApiError(
        409,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request. Use a new key.',
      );
    }
    if (stored?.status == null) {
      throw new ApiError(
        409,
        'idempotency_request_in_progress',
        'The first request with this Idempotency-Key is still running. Retry shortly.',
      );
    }
    return {
      status: stored.status,
      ...(stored.response?.body !== undefined ? { body: stored.response.body } : {}),
      headers: { 'Idempotent-Replayed': 'true' },
    };
  }
  try {
    const result = await execute();
    const status = result?.status ?? (result?.body === undefined ? 204 : 200);
    await db.query(
      'UPDATE idempotency_keys SET status = $3, response = $4 WHERE caller_id = $1 AND idempotency_key = $2',
      [options.callerId, options.key, status, JSON.stringify({ body: result?.body })],
    );
    return result;
  } catch (error) {
    await db.query('DELETE FROM idempotency_keys WHERE caller_id = $1 AND idempotency_key = $2', [
      options.callerId,
      options.key,
    ]);
    throw error;
  }
};

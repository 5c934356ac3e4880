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
  {
    // A claim is a lease: a request that died with its process (kill -9, a crash) leaves its key
    // claimed only until the lease ends, then a retry runs again. Claims made before this column
    // existed have no lease and count as lapsed.
    id: '0201_idempotency_key_lease',
    sql: 'ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz',
  },
];

/** How long a key is remembered: a client retrying a day later is starting a new request. */
const RETENTION = "interval '24 hours'";
/**
 * How long a running request holds its key. Longer than any request may run (the HTTP server
 * gives up on a request after 30 s), so a live request never loses its claim to a retry.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
const LEASE = `interval '${IDEMPOTENCY_LEASE_SECONDS} seconds'`;
const KEY = /^[\x21-\x7e]{1,200}$/;

/** A handler's answer, as the mount layer writes it and the key store replays it. */
export type RouteResult = { status?: number; body?: unknown; headers?: Record<string, string> } | void;

type Stored = { request_hash: string; status: number | null; response: { body?: unknown } | null };

/**
 * Runs `execute` at most once per (caller, key): a retry with the same request replays the first
 * successful answer, the same key with another request is a 409, and a retry while the first is
 * still running is a 409 the client may retry. Failed attempts are forgotten so they can be retried;
 * an attempt that vanished (its process died) is retried once its lease has lapsed.
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
    `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, lease_until)
     VALUES ($1, $2, $3, now() + ${LEASE})
     ON CONFLICT (caller_id, idempotency_key) DO NOTHING`,
    [options.callerId, options.key, requestHash],
  );
  // The first claim died mid-request: take its lapsed lease over and run the request again. The
  // commands are idempotent themselves (a credit movement's id derives from the key), so work the
  // dead attempt already did is not done twice; its answer is rebuilt from what it left.
  const takenOver =
    claimed.rowCount === 0 &&
    (
      await db.query(
        `UPDATE idempotency_keys SET lease_until = now() + ${LEASE}
         WHERE caller_id = $1 AND idempotency_key = $2 AND request_hash = $3 AND status IS NULL
           AND (lease_until IS NULL OR lease_until < now())`,
        [options.callerId, options.key, requestHash],
      )
    ).rowCount === 1;
  if (claimed.rowCount === 0 && !takenOver) {
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

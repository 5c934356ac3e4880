import { createHash } from 'node:crypto';
import { ConflictError, NotFoundError, ValidationError } from '@ai-coaching/domain';
import { lockPersonalDataSubject } from '../crypto/personal-data-keys.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

/**
 * The answers kept for `Idempotency-Key` retries (ADR 0019). An answer may quote a coaching session's personal data
 * (a report's quotes, a correction's comment, a chat's title): such a row names the session as its subject, and
 * erasing the session erases the answer in the transaction that destroys its key (`eraseIdempotentAnswers`). Every
 * row goes after 24 hours (`deleteExpiredIdempotencyKeys`, the hourly `idempotency.retention` job).
 */
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
  {
    // The personal-data subject of a kept answer, and when it was erased with it. Answers kept before this column
    // existed are attributed by their shape: a session's start names itself, a chat its session. A report's answer
    // (a correction's) does not name its session: it is forgotten, and a retry applies the correction again, once
    // (its id derives from the key).
    id: '0204_idempotency_key_subjects',
    sql: `
      ALTER TABLE idempotency_keys ADD COLUMN subject_id text, ADD COLUMN erased_at timestamptz;
      CREATE INDEX idempotency_keys_subject_idx ON idempotency_keys (subject_id) WHERE subject_id IS NOT NULL;
      UPDATE idempotency_keys SET subject_id = response->'body'->>'id'
        WHERE response->'body' ? 'turns' AND response->'body' ? 'scenario_id';
      UPDATE idempotency_keys SET subject_id = response->'body'->>'session_id'
        WHERE response->'body' ? 'exchanges' AND response->'body' ? 'session_id';
      DELETE FROM idempotency_keys WHERE response->'body' ? 'observers';`,
  },
];

/** How long a key is remembered: a client retrying a day later is starting a new request. */
const IDEMPOTENCY_RETENTION_HOURS = 24;
/**
 * How long a running request holds its key. Longer than any request may run (the HTTP server
 * gives up on a request after 30 s), so a live request never loses its claim to a retry.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;
const LEASE = `interval '${IDEMPOTENCY_LEASE_SECONDS} seconds'`;
const KEY = /^[\x21-\x7e]{1,200}$/;

/** An answer as the API writes it and the key store replays it. */
export type IdempotentResult = { status?: number; body?: unknown; headers?: Record<string, string> } | void;

type Stored = {
  request_hash: string;
  status: number | null;
  response: { body?: unknown } | null;
  erased: boolean;
};

export type IdempotentRequest<Result extends IdempotentResult> = {
  callerId: string;
  key: string;
  /** What makes two requests the same (method, path, body): only its hash is kept. */
  request: unknown;
  /**
   * The personal-data subject (a coaching session's id) the answer holds data of, if any: the kept answer is erased
   * with it.
   */
  subjectOf?: (result: Result) => string | undefined;
};

/**
 * Runs `execute` at most once per (caller, key): a retry with the same request replays the first
 * successful answer, the same key with another request is a 409, and a retry while the first is
 * still running is a 409 the client may retry. Failed attempts are forgotten so they can be retried;
 * an attempt that vanished (its process died) is retried once its lease has lapsed. An answer erased with its
 * subject is a 404: it is neither replayed nor run again (a session started twice).
 */
export const withIdempotency = async <Result extends IdempotentResult>(
  db: SqlDatabase,
  options: IdempotentRequest<Result>,
  execute: () => Promise<Result>,
): Promise<Result | IdempotentResult> => {
  if (!KEY.test(options.key)) {
    throw new ValidationError(
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
    );
  }
  const requestHash = createHash('sha256').update(JSON.stringify(options.request)).digest('hex');
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
      `SELECT request_hash, status, response, erased_at IS NOT NULL AS erased FROM idempotency_keys
       WHERE caller_id = $1 AND idempotency_key = $2`,
      [options.callerId, options.key],
    );
    const stored = rows[0];
    if (stored?.erased) {
      throw new NotFoundError(
        'idempotent_answer_erased',
        'The answer to this request was erased with the session it concerned. Send a new request with a new Idempotency-Key.',
      );
    }
    if (stored && stored.request_hash !== requestHash) {
      throw new ConflictError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request. Use a new key.',
      );
    }
    if (stored?.status == null) {
      throw new ConflictError(
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
  let result: Result;
  try {
    result = await execute();
  } catch (error) {
    await releaseClaim(db, options);
    throw error;
  }
  await keepAnswer(db, options, result);
  return result;
};

/** After a failed release, when to try again (ms): about 8 s in all, a restart or a failover's time. */
const RELEASE_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000];

/**
 * Forgets a failed attempt's claim, so that its retry runs. When the store itself was what failed (restarting, failing
 * over), the release fails too: it is tried again in the background for a few seconds, so that a client retrying at
 * once is not told "still running" until the lease lapses a minute later (docs/performance.md, "System").
 */
const releaseClaim = async (db: SqlExecutor, options: Pick<IdempotentRequest<never>, 'callerId' | 'key'>) => {
  const release = () =>
    db.query('DELETE FROM idempotency_keys WHERE caller_id = $1 AND idempotency_key = $2 AND status IS NULL', [
      options.callerId,
      options.key,
    ]);
  try {
    await release();
  } catch {
    void (async () => {
      for (const delay of RELEASE_RETRY_DELAYS_MS) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        if (
          await release().then(
            () => true,
            () => false,
          )
        )
          return;
      }
    })();
  }
};

/**
 * Keeps the answer for retries. Under a subject, in one transaction holding the subject's lock, so that it comes
 * either before the subject's erasure, which then erases it, or after, when it is kept erased: an answer that raced
 * the deletion of its session never outlives it.
 */
const keepAnswer = async <Result extends IdempotentResult>(
  db: SqlDatabase,
  options: IdempotentRequest<Result>,
  result: Result,
) => {
  const status = result?.status ?? (result?.body === undefined ? 204 : 200);
  const subjectId = options.subjectOf?.(result) ?? null;
  await db.transaction(async (tx) => {
    const shredded = subjectId !== null && (await lockPersonalDataSubject(tx, subjectId)) === 'destroyed';
    await tx.query(
      `UPDATE idempotency_keys SET status = $3, response = $4, subject_id = $5,
         erased_at = CASE WHEN $6::boolean THEN now() END, request_hash = CASE WHEN $6::boolean THEN '' ELSE request_hash END
       WHERE caller_id = $1 AND idempotency_key = $2`,
      [
        options.callerId,
        options.key,
        status,
        shredded ? null : JSON.stringify({ body: result?.body }),
        subjectId,
        shredded,
      ],
    );
  });
};

/**
 * Erases the kept answers that hold the subject's personal data: the answer and the request's hash go, the row stays
 * until its 24 hours are over so that a retry is told (404 `idempotent_answer_erased`) instead of run again. Call it
 * in the transaction that destroys the subject's key (`destroyDataKey` takes the subject's lock first).
 */
export const eraseIdempotentAnswers = async (tx: SqlExecutor, subjectId: string, now: Date): Promise<number> => {
  const { rowCount } = await tx.query(
    `UPDATE idempotency_keys SET response = NULL, request_hash = '', erased_at = $2
     WHERE subject_id = $1 AND erased_at IS NULL`,
    [subjectId, now.toISOString()],
  );
  return rowCount;
};

/**
 * Forgets every key claimed more than 24 hours ago, erased or not; answers how many went. By the database's clock,
 * as the claims and their leases are.
 */
export const deleteExpiredIdempotencyKeys = async (db: SqlExecutor): Promise<number> => {
  const { rowCount } = await db.query(
    `DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)`,
    [IDEMPOTENCY_RETENTION_HOURS],
  );
  return rowCount;
};

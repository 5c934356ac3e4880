import { ConflictError } from '@ai-coaching/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destroyDataKey, ensureDataKey, personalDataKeyMigrations } from '../crypto/personal-data-keys.js';
import { randomEncryptionKey } from '../crypto/encryption.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import {
  deleteExpiredIdempotencyKeys,
  eraseIdempotentAnswers,
  idempotencyMigrations,
  withIdempotency,
  type IdempotentResult,
} from './idempotency-store.js';

let db: SqlDatabase;
beforeAll(async () => {
  db = await createPgliteDatabase();
  await migrate(db, [...personalDataKeyMigrations, ...idempotencyMigrations]);
}, 60_000);
afterAll(() => db.close());

const request = { method: 'POST', path: '/v1/things', body: { name: 'a' } };

describe('Idempotency-Key', () => {
  it('runs the command once and replays its answer to a retry', async () => {
    let runs = 0;
    const execute = async () => ({ status: 201, body: { id: `thing-${++runs}` } });
    const first = await withIdempotency(db, { callerId: 'u1', key: 'k1', request }, execute);
    const retry = await withIdempotency(db, { callerId: 'u1', key: 'k1', request }, execute);
    expect(first).toEqual({ status: 201, body: { id: 'thing-1' } });
    expect(retry).toEqual({ status: 201, body: { id: 'thing-1' }, headers: { 'Idempotent-Replayed': 'true' } });
    expect(runs).toBe(1);
  });

  it('refuses the same key with a different request, and keeps keys apart per caller', async () => {
    await withIdempotency(db, { callerId: 'u1', key: 'k2', request }, async () => ({ status: 201, body: {} }));
    await expect(
      withIdempotency(db, { callerId: 'u1', key: 'k2', request: { ...request, body: { name: 'b' } } }, async () => ({
        body: {},
      })),
    ).rejects.toMatchObject({ status: 409, code: 'idempotency_key_reused' });
    const other = await withIdempotency(db, { callerId: 'u2', key: 'k2', request }, async () => ({
      status: 201,
      body: { mine: true },
    }));
    expect(other).toEqual({ status: 201, body: { mine: true } });
  });

  it('answers a concurrent retry with a retryable 409 while the first still runs', async () => {
    let release!: () => void;
    const running = withIdempotency(
      db,
      { callerId: 'u1', key: 'k3', request },
      () =>
        new Promise<IdempotentResult>((resolve) => (release = () => resolve({ status: 201, body: { done: true } }))),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(
      withIdempotency(db, { callerId: 'u1', key: 'k3', request }, async () => ({ body: {} })),
    ).rejects.toMatchObject({
      code: 'idempotency_request_in_progress',
    });
    release();
    expect(await running).toEqual({ status: 201, body: { done: true } });
  });

  it('forgets a failed attempt so the retry runs again', async () => {
    await expect(
      withIdempotency(db, { callerId: 'u1', key: 'k4', request }, async () => {
        throw new ConflictError('not_enough_credits', 'nope');
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(
      await withIdempotency(db, { callerId: 'u1', key: 'k4', request }, async () => ({ status: 201, body: { ok: 1 } })),
    ).toEqual({
      status: 201,
      body: { ok: 1 },
    });
  });

  it('releases the claim of an attempt the database failed, even while it cannot be reached, so the retry runs', async () => {
    // The system bench (issue 26): PostgreSQL restarting failed a session start, and the release of its key with it;
    // the client's retry was then told "still running" for the minute of the lease.
    let refusals = 2;
    const restarting = () =>
      Object.assign(new Error('the database system is shutting down'), { code: '57P03', severity: 'FATAL' });
    const flaky: SqlDatabase = {
      ...db,
      query: ((text: string, params?: unknown[]) =>
        text.startsWith('DELETE') && refusals-- > 0
          ? Promise.reject(restarting())
          : db.query(text, params)) as SqlDatabase['query'],
    };
    await expect(
      withIdempotency(flaky, { callerId: 'u1', key: 'k-restart', request }, async () => {
        throw restarting();
      }),
    ).rejects.toMatchObject({ code: '57P03' });
    // The release is tried again in the background (after 250 ms, then 500 ms): the retry runs within a second.
    const retried = async () =>
      withIdempotency(db, { callerId: 'u1', key: 'k-restart', request }, async () => ({
        status: 201,
        body: { ok: 2 },
      }));
    await expect(retried()).rejects.toMatchObject({ code: 'idempotency_request_in_progress' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(refusals).toBe(-1);
    expect(await retried()).toEqual({ status: 201, body: { ok: 2 } });
  });

  it('runs a request again once the claim of an attempt that died has lapsed, and not before', async () => {
    // An attempt whose process was killed between claiming the key and answering: claimed, no answer.
    await db.query(
      `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, lease_until)
       SELECT 'u1', 'k5', request_hash, now() + interval '30 seconds' FROM idempotency_keys
       WHERE caller_id = 'u1' AND idempotency_key = 'k1'`,
    );
    const execute = async () => ({ status: 201, body: { again: true } });
    await expect(withIdempotency(db, { callerId: 'u1', key: 'k5', request }, execute)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_request_in_progress',
    });
    await db.query(
      `UPDATE idempotency_keys SET lease_until = now() - interval '1 second' WHERE caller_id = 'u1' AND idempotency_key = 'k5'`,
    );
    expect(await withIdempotency(db, { callerId: 'u1', key: 'k5', request }, execute)).toEqual({
      status: 201,
      body: { again: true },
    });
    // Its answer is kept like any other, and the lapsed claim cannot be taken over with another body.
    expect(await withIdempotency(db, { callerId: 'u1', key: 'k5', request }, execute)).toMatchObject({
      body: { again: true },
      headers: { 'Idempotent-Replayed': 'true' },
    });
  });

  it('treats a claim made before leases existed as lapsed', async () => {
    await db.query(
      `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash)
       SELECT 'u1', 'k6', request_hash FROM idempotency_keys WHERE caller_id = 'u1' AND idempotency_key = 'k1'`,
    );
    expect(
      await withIdempotency(db, { callerId: 'u1', key: 'k6', request }, async () => ({ status: 201, body: { k: 6 } })),
    ).toEqual({ status: 201, body: { k: 6 } });
  });

  it('refuses a malformed key', async () => {
    await expect(
      withIdempotency(db, { callerId: 'u1', key: 'has space', request }, async () => ({})),
    ).rejects.toMatchObject({
      code: 'invalid_idempotency_key',
    });
  });
});

describe('Idempotency-Key answers holding personal data (ADR 0019)', () => {
  const masterKeys = [randomEncryptionKey()];
  const subject = (subjectId: string) => ({ subjectId, organizationId: 'org-1' });
  /** A start of session `sessionId` whose answer quotes the learner. */
  const start = (key: string, sessionId: string) =>
    withIdempotency(
      db,
      {
        callerId: 'learner',
        key,
        request: { method: 'POST', path: '/v1/coaching/sessions', body: { scenario_id: 's' } },
        subjectOf: (result) => (result?.body as { id: string }).id,
      },
      async () => ({ status: 201, body: { id: sessionId, name: 'Call about my divorce' } }),
    );
  const row = async (key: string) =>
    (
      await db.query<{ subject_id: string | null; response: unknown; request_hash: string; erased: boolean }>(
        `SELECT subject_id, response, request_hash, erased_at IS NOT NULL AS erased FROM idempotency_keys
         WHERE caller_id = 'learner' AND idempotency_key = $1`,
        [key],
      )
    ).rows[0];
  /** What the delete use case does: the key destroyed and the answers erased, in one transaction. */
  const shred = (sessionId: string) =>
    db.transaction(async (tx) => {
      await destroyDataKey(tx, subject(sessionId), new Date());
      return eraseIdempotentAnswers(tx, sessionId, new Date());
    });

  it('keeps the subject with the answer, erases it with the subject, and tells a retry instead of running it', async () => {
    await ensureDataKey(db, masterKeys, subject('session-1'));
    await start('e1', 'session-1');
    expect(await row('e1')).toMatchObject({ subject_id: 'session-1', erased: false });
    expect(await start('e1', 'session-1')).toMatchObject({ headers: { 'Idempotent-Replayed': 'true' } });

    expect(await shred('session-1')).toBe(1);
    expect(await row('e1')).toEqual({ subject_id: 'session-1', response: null, request_hash: '', erased: true });
    let ran = false;
    await expect(
      withIdempotency(
        db,
        { callerId: 'learner', key: 'e1', request: { method: 'POST', path: '/v1/coaching/sessions', body: {} } },
        async () => {
          ran = true;
          return { status: 201, body: {} };
        },
      ),
    ).rejects.toMatchObject({ status: 404, code: 'idempotent_answer_erased' });
    expect(ran).toBe(false);
  });

  it('keeps an answer that finishes after its subject was shredded already erased', async () => {
    await ensureDataKey(db, masterKeys, subject('session-2'));
    let release!: () => void;
    const running = withIdempotency(
      db,
      {
        callerId: 'learner',
        key: 'e2',
        request: { method: 'POST', path: '/v1/coaching/sessions/session-2/chats', body: {} },
        subjectOf: () => 'session-2',
      },
      () =>
        new Promise<IdempotentResult>(
          (resolve) => (release = () => resolve({ status: 201, body: { title: 'About my divorce' } })),
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Deleted while the request ran: its claim names no subject yet, so nothing is erased now…
    expect(await shred('session-2')).toBe(0);
    release();
    // …but the request still gets its answer, and only the erased row is kept.
    expect(await running).toEqual({ status: 201, body: { title: 'About my divorce' } });
    expect(await row('e2')).toEqual({ subject_id: 'session-2', response: null, request_hash: '', erased: true });
  });

  it('leaves the answers of other subjects, and answers without a subject, alone', async () => {
    await ensureDataKey(db, masterKeys, subject('session-3'));
    await ensureDataKey(db, masterKeys, subject('session-4'));
    await start('e3', 'session-3');
    await start('e4', 'session-4');
    await shred('session-3');
    expect(await row('e4')).toMatchObject({ subject_id: 'session-4', erased: false });
    expect((await row('e4'))?.response).toEqual({ body: { id: 'session-4', name: 'Call about my divorce' } });
  });

  it('forgets keys claimed more than 24 hours ago, erased or not, and keeps younger ones', async () => {
    await db.query(
      `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, status, response, created_at, erased_at)
       VALUES ('old', 'o1', 'h', 201, '{}', now() - interval '25 hours', NULL),
              ('old', 'o2', '', 201, NULL, now() - interval '24 hours 1 minute', now()),
              ('old', 'y1', 'h', 201, '{}', now() - interval '23 hours 59 minutes', NULL)`,
    );
    const before = (await db.query('SELECT 1 FROM idempotency_keys')).rowCount;
    expect(await deleteExpiredIdempotencyKeys(db)).toBe(2);
    const { rows } = await db.query<{ key: string }>(
      `SELECT idempotency_key AS key FROM idempotency_keys WHERE caller_id = 'old'`,
    );
    expect(rows).toEqual([{ key: 'y1' }]);
    expect((await db.query('SELECT 1 FROM idempotency_keys')).rowCount).toBe(before - 2);
  });
});

describe('migration 0204: answers kept before subjects existed', () => {
  it('attributes a start’s and a chat’s answers to their session, and forgets a report’s', async () => {
    const old = await createPgliteDatabase();
    try {
      await migrate(
        old,
        idempotencyMigrations.filter((migration) => migration.id < '0204'),
      );
      const keep = (key: string, body: unknown) =>
        old.query(
          `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, status, response)
           VALUES ('u', $1, 'h', 201, $2)`,
          [key, JSON.stringify({ body })],
        );
      await keep('start', { id: 'session-1', scenario_id: 'sc', turns: [] });
      await keep('chat', { id: 'chat-1', session_id: 'session-2', exchanges: [] });
      await keep('report', { status: 'done', observers: [{ summary: 'quotes the learner' }] });
      await keep('credits', { id: 'movement-1', amount: 5 });
      await migrate(old, idempotencyMigrations);
      const { rows } = await old.query<{ key: string; subject_id: string | null }>(
        'SELECT idempotency_key AS key, subject_id FROM idempotency_keys ORDER BY idempotency_key',
      );
      expect(rows).toEqual([
        { key: 'chat', subject_id: 'session-2' },
        { key: 'credits', subject_id: null },
        { key: 'start', subject_id: 'session-1' },
      ]);
    } finally {
      await old.close();
    }
  });
});

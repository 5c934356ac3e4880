import { createPgliteDatabase, migrate, type SqlDatabase } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { idempotencyMigrations, withIdempotency } from './idempotency.js';

let db: SqlDatabase;
beforeAll(async () => {
  db = await createPgliteDatabase();
  await migrate(db, idempotencyMigrations);
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
      () => new Promise((resolve) => (release = () => resolve({ status: 201, body: { done: true } }))),
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
        throw new ApiError(409, 'not_enough_credits', 'nope');
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(
      await withIdempotency(db, { callerId: 'u1', key: 'k4', request }, async () => ({ status: 201, body: { ok: 1 } })),
    ).toEqual({
      status: 201,
      body: { ok: 1 },
    });
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

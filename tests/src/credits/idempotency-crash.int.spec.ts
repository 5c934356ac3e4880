import { apiClient, createTestOrganization, describeApi, signInAs, type TestUser } from '@ai-coaching/api/testing';
import { authOperations, creditHistoryOperations, type CreditMovementResult } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { moveCredits } from './credit-test-client.js';

// Issue 9, finding 2.5: a request killed (kill -9) while it held its Idempotency-Key left the key
// claimed for 24 hours, and every retry got 409 `idempotency_request_in_progress`. A claim is now a
// lease (IDEMPOTENCY_LEASE_SECONDS): once it lapses a retry runs the request again, and the ledger's
// own idempotency (the movement id derives from the caller and the key) keeps credits from moving
// twice. The crash is simulated in the key store, at both points a process can die.

type Signed = TestUser & { token: string };

await describeApi('[CREDITS]: idempotency keys after a crash', (context) => {
  let alice: Signed;
  let bob: Signed;
  let organizationId: string;

  beforeAll(async () => {
    organizationId = await createTestOrganization(context.server);
    const operator = await signInAs(context.server, { role: 'operator', organizationId });
    alice = await signInAs(context.server, { role: 'user', organizationId, firstName: 'Alice' });
    bob = await signInAs(context.server, { role: 'user', organizationId, firstName: 'Bob' });
    const issued = await moveCredits(
      context.server,
      context.superAdmin.token,
      'organizations',
      'allocate_credit',
      organizationId,
      {
        nb_credits: 1000,
      },
    );
    expect(issued.status).toBe(200);
    const allocated = await moveCredits(context.server, operator.token, 'users', 'allocate_credit', alice.userId, {
      nb_credits: 100,
    });
    expect(allocated.status).toBe(200);
  }, 90_000);

  /** Alice gives Bob 10 credits under this key. */
  const transfer = (key: string) =>
    moveCredits(
      context.server,
      alice.token,
      'users',
      'transfer_credit',
      bob.userId,
      { nb_credits: 10 },
      {
        'Idempotency-Key': key,
      },
    );
  const available = async (token: string) =>
    (await apiClient(context.server, token).call(authOperations.me, {})).body.credit_wallet;
  const transfersToBob = async () =>
    (
      await apiClient(context.server, context.superAdmin.token).call(creditHistoryOperations.list, {
        params: { organization_id: organizationId },
        query: { kind: ['transferred'], account: `user:${bob.userId}`, page_size: 48 },
      })
    ).body.items;
  const keyRow = async (key: string) =>
    (
      await context.server.platform.db.query<{ request_hash: string; status: number | null; lease_until: Date | null }>(
        'SELECT request_hash, status, lease_until FROM idempotency_keys WHERE caller_id = $1 AND idempotency_key = $2',
        [alice.userId, key],
      )
    ).rows[0];
  /** The key claimed by a request that died before it answered; the lease ends `leaseSeconds` from now. */
  const deadClaim = async (key: string, requestHash: string, leaseSeconds: number) => {
    await context.server.platform.db.query(
      `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, lease_until)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [alice.userId, key, requestHash, leaseSeconds],
    );
  };

  // The three cases share one ledger, in order: each checks what moved since the one before.
  let requestHash = '';
  let firstTransferId = '';

  it('died after the ledger write, before storing its answer: the retry answers the same transfer_id and moves nothing again', async () => {
    const key = `crash-after-ledger-${newId()}`;
    const first = await transfer(key);
    expect(first.status).toBe(200);
    firstTransferId = (first.body as CreditMovementResult).transfer_id;
    const stored = await keyRow(key);
    expect(stored?.status).toBe(200);
    requestHash = stored!.request_hash;
    // What kill -9 leaves between the ledger write and storing the answer: claimed, no answer, lease lapsed.
    await context.server.platform.db.query(
      `UPDATE idempotency_keys SET status = NULL, response = NULL, lease_until = now() - interval '1 second'
       WHERE caller_id = $1 AND idempotency_key = $2`,
      [alice.userId, key],
    );

    const retry = await transfer(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({
      transfer_id: firstTransferId,
      nb_credits: 10,
      from: { account: `user:${alice.userId}`, credit_wallet: 90 },
      to: { account: `user:${bob.userId}`, credit_wallet: 10 },
    });
    expect(await available(alice.token)).toBe(90);
    expect(await available(bob.token)).toBe(10);
    expect((await transfersToBob()).map((item) => item.transfer_id)).toEqual([firstTransferId]);
    // The answer is kept now: a further retry is a replay.
    const replay = await transfer(key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((replay.body as CreditMovementResult).transfer_id).toBe(firstTransferId);
  });

  it('died between claiming the key and the ledger write: the retry runs the transfer once', async () => {
    const key = `crash-before-ledger-${newId()}`;
    await deadClaim(key, requestHash, -1);

    const retry = await transfer(key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const { transfer_id } = retry.body as CreditMovementResult;
    expect(transfer_id).not.toBe(firstTransferId);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await available(alice.token)).toBe(80);
    expect(await available(bob.token)).toBe(20);
    expect((await transfersToBob()).map((item) => item.transfer_id).sort()).toEqual(
      [firstTransferId, transfer_id].sort(),
    );
    expect((await transfer(key)).headers.get('idempotent-replayed')).toBe('true');
    expect(await available(alice.token)).toBe(80);
  });

  it('answers a retry inside the lease with 409 idempotency_request_in_progress and moves nothing', async () => {
    const key = `still-running-${newId()}`;
    await deadClaim(key, requestHash, 30);

    const early = await transfer(key);
    expect([early.status, early.body.code]).toEqual([409, 'idempotency_request_in_progress']);
    expect(await available(alice.token)).toBe(80);
    expect(await transfersToBob()).toHaveLength(2);
    // The lease is the running request's: the refused retry did not take it over or shorten it.
    const row = await keyRow(key);
    expect(row?.status).toBeNull();
    expect(new Date(row!.lease_until!).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

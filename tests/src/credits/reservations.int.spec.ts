import {
  captureReservation,
  releaseReservation,
  reservationExpiryJobId,
  reserveCredits,
  SYSTEM,
  type ReservationServices,
} from '@ai-coaching/application';
import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { creditHistoryOperations, type WalletFields } from '@ai-coaching/contracts';
import { creditLedgerStreamId, userAccount, type OwnerAccount } from '@ai-coaching/domain';
import { newId, type RecordedEvent } from '@ai-coaching/platform';
import { findWallet, organizationTotals, waitForProjections } from '@ai-coaching/projections';
import { createExpireReservationHandler } from '@ai-coaching/workers';
import { beforeAll, expect, it } from 'vitest';
import { moveCredits } from './credit-test-client.js';

await describeApi('[CREDITS]: session reservations', (context) => {
  let services: ReservationServices;

  beforeAll(async () => {
    services = { ...context.server.platform, wakeProjections: () => context.server.projections.wake() };
  }, 60_000);

  /** A user of a new organization holding `credits`, and the operator's token to read the history. */
  const fundedUser = async (credits = 100) => {
    const organizationId = await createTestOrganization(context.server);
    const operator = await signInAs(context.server, { role: 'operator', organizationId });
    const user = await signInAs(context.server, { role: 'user', organizationId });
    await moveCredits(context.server, context.superAdmin.token, 'organizations', 'allocate_credit', organizationId, {
      nb_credits: credits,
    });
    const allocated = await moveCredits(context.server, operator.token, 'users', 'allocate_credit', user.userId, {
      nb_credits: credits,
    });
    expect(allocated.status).toBe(200);
    return {
      organizationId,
      operatorToken: operator.token,
      account: userAccount(user.userId),
      userToken: user.token,
    };
  };
  const reserve = (
    organizationId: string,
    account: OwnerAccount,
    amount: number,
    options: { ttlSeconds?: number; reservationId?: string } = {},
  ) => {
    const reservationId = options.reservationId ?? newId();
    return reserveCredits(services, SYSTEM, {
      organizationId,
      account,
      amount,
      sessionId: `session-${reservationId}`,
      reservationId,
      ttlSeconds: options.ttlSeconds ?? 600,
    });
  };
  const ledgerEvents = async (organizationId: string) =>
    (await context.server.platform.store.readStream(creditLedgerStreamId(organizationId))).map((event) => event.type);
  const kinds = async (token: string, organizationId: string) =>
    (
      await apiClient(context.server, token).call(creditHistoryOperations.list, {
        params: { organization_id: organizationId },
        query: { sort: 'updated_at', page_size: 48 },
      })
    ).body.items.map((item) => item.kind);

  it('holds credits until a short reservation expires by itself, then frees them', async () => {
    const { organizationId, operatorToken, account, userToken } = await fundedUser(100);
    const held = await reserve(organizationId, account, 40, { ttlSeconds: 1 });
    expect(held).toMatchObject({ status: 'pending', amount: 40 });
    expect(held.wallet).toEqual({ account, credit_wallet: 60, posted: 100, pending: 40 });
    expect(await findWallet(context.server.platform.db, account)).toEqual({ posted: 100, pending: 40, available: 60 });

    // The job runs a second after the expiry (the grace), on the in-process queue of the server;
    // then every read model is given the time to show what it wrote.
    const deadline = Date.now() + 15_000;
    let expired: RecordedEvent | undefined;
    while (!expired && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const recorded = await context.server.platform.store.readStream(creditLedgerStreamId(organizationId));
      expired = recorded.find((event) => event.type === 'ReservationExpired');
    }
    expect(expired?.data).toMatchObject({ reservationId: held.reservationId, releasedAmount: 40 });
    expect(
      (await waitForProjections(context.server.platform.db, expired!.position, { timeoutMs: 15_000 })).reached,
    ).toBe(true);
    expect(await findWallet(context.server.platform.db, account)).toEqual({ posted: 100, pending: 0, available: 100 });
    const me = await apiClient(context.server, userToken).send<Pick<WalletFields, 'credit_wallet'>>('GET', '/v1/me');
    expect(me.body.credit_wallet).toBe(100);
    expect(await ledgerEvents(organizationId)).toEqual([
      'CreditsIssued',
      'CreditsAllocated',
      'CreditsReserved',
      'ReservationExpired',
    ]);
    expect(await kinds(operatorToken, organizationId)).toEqual(['issued', 'allocated', 'reserved', 'expired']);

    // Resolved once: nothing can capture or release it afterwards.
    await expect(
      captureReservation(services, SYSTEM, { organizationId, reservationId: held.reservationId, amount: 1 }),
    ).rejects.toMatchObject({ status: 409, code: 'reservation_already_resolved' });
    await expect(
      releaseReservation(services, SYSTEM, { organizationId, reservationId: held.reservationId }),
    ).rejects.toMatchObject({ status: 409, code: 'reservation_already_resolved' });
  });

  it('captures at most what was reserved, posts it to consumed and releases the rest', async () => {
    const { organizationId, account } = await fundedUser(100);
    const held = await reserve(organizationId, account, 50);
    await expect(
      captureReservation(services, SYSTEM, { organizationId, reservationId: held.reservationId, amount: 51 }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_capture_amount' });
    const captured = await captureReservation(services, SYSTEM, {
      organizationId,
      reservationId: held.reservationId,
      amount: 30,
    });
    expect(captured).toMatchObject({ status: 'captured', capturedAmount: 30, releasedAmount: 20 });
    expect(captured.wallet).toEqual({ account, credit_wallet: 70, posted: 70, pending: 0 });
    expect(await findWallet(context.server.platform.db, account)).toEqual({ posted: 70, pending: 0, available: 70 });
    const totals = await organizationTotals(context.server.platform.db, organizationId);
    expect(totals.consumed.posted).toBe(30);
    expect(totals.issuance.posted + totals.organization.posted + totals.user.posted + totals.consumed.posted).toBe(0);

    await expect(
      captureReservation(services, SYSTEM, { organizationId, reservationId: held.reservationId, amount: 30 }),
    ).rejects.toMatchObject({ status: 409, code: 'reservation_already_resolved' });
    await expect(
      releaseReservation(services, SYSTEM, { organizationId, reservationId: held.reservationId }),
    ).rejects.toMatchObject({ status: 409, code: 'reservation_already_resolved' });
    await expect(
      captureReservation(services, SYSTEM, { organizationId, reservationId: newId(), amount: 1 }),
    ).rejects.toMatchObject({ status: 404, code: 'reservation_not_found' });
  });

  it('resolves a reservation once: a release stands, the expiry then does nothing, a retry moves nothing', async () => {
    const { organizationId, operatorToken, account } = await fundedUser(100);
    const reservationId = newId();
    const held = await reserve(organizationId, account, 25, { ttlSeconds: 1, reservationId });
    const retried = await reserve(organizationId, account, 25, { ttlSeconds: 1, reservationId });
    expect(retried.expiresAt).toBe(held.expiresAt);
    await expect(reserve(organizationId, account, 26, { reservationId })).rejects.toMatchObject({
      status: 409,
      code: 'reservation_id_reused',
    });

    const released = await releaseReservation(services, SYSTEM, { organizationId, reservationId });
    expect(released).toMatchObject({ status: 'released', releasedAmount: 25 });
    expect(await releaseReservation(services, SYSTEM, { organizationId, reservationId })).toEqual(released);

    // Past the expiry and its grace, the job has run and found the reservation resolved.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await ledgerEvents(organizationId)).toEqual([
      'CreditsIssued',
      'CreditsAllocated',
      'CreditsReserved',
      'ReservationReleased',
    ]);
    expect(await kinds(operatorToken, organizationId)).toEqual(['issued', 'allocated', 'reserved', 'released']);
    expect(await findWallet(context.server.platform.db, account)).toEqual({ posted: 100, pending: 0, available: 100 });
  });

  it('refuses a reservation beyond what is available, or with a wrong id or lifetime', async () => {
    const { organizationId, account } = await fundedUser(10);
    await reserve(organizationId, account, 6);
    await expect(reserve(organizationId, account, 5)).rejects.toMatchObject({
      status: 409,
      code: 'insufficient_credits',
      details: { available: 4 },
    });
    await expect(reserve(organizationId, account, 1, { reservationId: 'a:b' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_reservation_id',
    });
    for (const ttlSeconds of [0, 1.5, 86_401]) {
      await expect(reserve(organizationId, account, 1, { ttlSeconds })).rejects.toMatchObject({
        status: 400,
        code: 'invalid_ttl',
      });
    }
    await expect(reserve(organizationId, account, 0)).rejects.toMatchObject({ code: 'invalid_nb_credits' });
  });

  it('has the expiry job write nothing and ask for a retry when it runs before the expiry', async () => {
    const { organizationId, account } = await fundedUser(10);
    const held = await reserve(organizationId, account, 3);
    const expire = createExpireReservationHandler(context.server.platform);
    const job = {
      jobId: reservationExpiryJobId(held.reservationId),
      attempt: 1,
      signal: new AbortController().signal,
    };
    await expect(expire({ organizationId, reservationId: held.reservationId }, job)).rejects.toMatchObject({
      name: 'ReservationNotExpiredYet',
    });
    // An unknown reservation is nothing to do, not an error the queue would retry.
    await expect(expire({ organizationId, reservationId: newId() }, job)).resolves.toBeUndefined();
    expect((await ledgerEvents(organizationId)).at(-1)).toBe('CreditsReserved');
  });
});

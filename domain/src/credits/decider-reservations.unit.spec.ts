// Reservations: credits held for a session, then captured, released or expired.
import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { CONSUMED, ISSUANCE, organizationAccount, type OwnerAccount } from './accounts.js';
import {
  given,
  isCode,
  hasDetails,
  org,
  bob,
  sales,
  t0,
  t1,
  t2,
  issued,
  allocated,
  reserve,
  reserved,
  capture,
  captured,
  release,
  released,
  expire,
  expired,
  INVALID_AMOUNTS,
  funded,
} from './decider-fixtures.js';

describe('Credit ledger', () => {
  describe('ReserveCredits', () => {
    it('[L7] holds credits of the account until the reservation resolves', () => {
      given(funded)
        .when(reserve(7))
        .then([reserved(7)]);
    });

    it('[L7] can hold credits of the organization or of a group', () => {
      given([issued(100)])
        .when(reserve(7, { account: org }))
        .then([reserved(7, { account: org })]);
      given([issued(100), allocated(sales, 10)])
        .when(reserve(7, { account: sales }))
        .then([reserved(7, { account: sales })]);
    });

    it('[L2] refuses to hold more than is available, earlier holds included', () => {
      given(funded)
        .when(reserve(11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
      given([...funded, reserved(6)])
        .when(reserve(5, { reservationId: 'res-2' }))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 4 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(reserve(amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it.each([ISSUANCE, CONSUMED, organizationAccount('org-2'), 'user:'])(
      '[L7] refuses to hold credits of %s',
      (account) => {
        given(funded)
          .when(reserve(1, { account: account as OwnerAccount }))
          .thenThrows(ValidationError, hasDetails('invalid_account', { field: 'account' }));
      },
    );

    it.each([t0, '2026-11-21T09:00:00.000Z', 'tomorrow'])('[L7] refuses an expiry at %s (now is t0)', (expiresAt) => {
      given(funded)
        .when(reserve(1, { expiresAt }))
        .thenThrows(ValidationError, hasDetails('invalid_expiry', { field: 'expiresAt' }));
    });

    it('[L7] writes nothing when a reservation is retried, even with a later expiry or after it resolved', () => {
      given([...funded, reserved(7)])
        .when(reserve(7, { expiresAt: t2, now: t1 }))
        .thenNothing();
      given([...funded, reserved(7), captured(7, 0)])
        .when(reserve(7, { now: t2, expiresAt: t1 }))
        .thenNothing();
    });

    it('[L7] refuses a reservation id already used for another reservation', () => {
      given([...funded, reserved(7)])
        .when(reserve(6))
        .thenThrows(ConflictError, hasDetails('reservation_id_reused', { reservationId: 'res-1' }));
      given([...funded, reserved(7)])
        .when(reserve(7, { account: bob }))
        .thenThrows(ConflictError, isCode('reservation_id_reused'));
      given([...funded, reserved(7)])
        .when(reserve(7, { sessionId: null }))
        .thenThrows(ConflictError, isCode('reservation_id_reused'));
    });
  });

  describe('CaptureReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L8] posts the captured credits to consumed and releases the rest', () => {
      given(holding)
        .when(capture(3))
        .then([captured(3, 4)]);
    });

    it('[L8] captures the whole reservation', () => {
      given(holding)
        .when(capture(7))
        .then([captured(7, 0)]);
    });

    it('[L8] capturing nothing releases everything and posts nothing', () => {
      given(holding)
        .when(capture(0))
        .then([captured(0, 7)]);
    });

    it('[L8] still captures a reservation past its expiry that the expiry job has not expired yet', () => {
      given(holding)
        .when({ ...capture(2), metadata: { now: t2 } })
        .then([{ ...captured(2, 5), data: { ...captured(2, 5).data, occurredAt: t2 } }]);
    });

    it.each([-1, 1.5, Number.NaN])('[L8] refuses to capture %s credits', (amount) => {
      given(holding)
        .when(capture(amount))
        .thenThrows(ValidationError, hasDetails('invalid_capture_amount', { field: 'amount' }));
    });

    it('[L8] refuses to capture more than was reserved', () => {
      given(holding)
        .when(capture(8))
        .thenThrows(ValidationError, hasDetails('invalid_capture_amount', { field: 'amount', reserved: 7 }));
    });

    it('[L8] refuses an unknown reservation', () => {
      given(funded).when(capture(1)).thenThrows(NotFoundError, isCode('reservation_not_found'));
    });

    it.each([
      ['captured', captured(1, 6)],
      ['released', released(7)],
      ['expired', expired(7)],
    ] as const)('[L8] resolves only once: refuses to capture a reservation already %s', (status, resolution) => {
      given([...holding, resolution])
        .when(capture(1))
        .thenThrows(ConflictError, hasDetails('reservation_already_resolved', { status }));
    });
  });

  describe('ReleaseReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L8] gives the held credits back', () => {
      given(holding)
        .when(release())
        .then([released(7)]);
    });

    it('[L8] writes nothing when a release is retried', () => {
      given([...holding, released(7)])
        .when(release())
        .thenNothing();
    });

    it.each([
      ['captured', captured(7, 0)],
      ['expired', expired(7)],
    ] as const)('[L8] refuses to release a reservation already %s', (status, resolution) => {
      given([...holding, resolution])
        .when(release())
        .thenThrows(ConflictError, hasDetails('reservation_already_resolved', { status }));
    });

    it('[L8] refuses an unknown reservation', () => {
      given(funded).when(release()).thenThrows(NotFoundError, isCode('reservation_not_found'));
    });
  });

  describe('ExpireReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L9] expires a pending reservation once its expiry has come', () => {
      given(holding)
        .when(expire(t1))
        .then([expired(7, t1)]);
      given(holding)
        .when(expire(t2))
        .then([expired(7, t2)]);
    });

    it('[L9] writes nothing when the job runs before the expiry', () => {
      given(holding).when(expire('2026-11-21T10:29:59.999Z')).thenNothing();
    });

    it.each([
      ['captured', captured(7, 0)],
      ['released', released(7)],
      ['expired', expired(7)],
    ] as const)('[L9] writes nothing for a reservation already %s', (_status, resolution) => {
      given([...holding, resolution])
        .when(expire(t2))
        .thenNothing();
    });

    it('[L9] writes nothing for an unknown reservation', () => {
      given(funded).when(expire(t2)).thenNothing();
    });
  });
});

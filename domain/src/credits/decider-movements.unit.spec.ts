// Credits moving between accounts: issued, withdrawn, allocated, deallocated, transferred.
import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { CONSUMED, ISSUANCE, MAX_CREDITS, organizationAccount, type OwnerAccount } from './accounts.js';
import {
  given,
  isCode,
  hasDetails,
  org,
  alice,
  bob,
  sales,
  issue,
  issued,
  withdraw,
  withdrawn,
  allocate,
  allocated,
  deallocate,
  deallocated,
  transfer,
  transferred,
  transferredToBob,
  reserved,
  INVALID_AMOUNTS,
  funded,
} from './decider-fixtures.js';

describe('Credit ledger', () => {
  describe('IssueCredits', () => {
    it('[L1] issues credits from the issuance account to the organization', () => {
      given([])
        .when(issue(100))
        .then([issued(100)]);
    });

    it('[L4] accepts the largest number of credits', () => {
      given([])
        .when(issue(MAX_CREDITS))
        .then([issued(MAX_CREDITS)]);
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([])
        .when(issue(amount))
        .thenThrows(ValidationError, hasDetails('invalid_nb_credits', { field: 'nb_credits' }));
    });

    it('[L4] refuses to issue beyond what numbers count exactly', () => {
      const nearLimit = issued(Number.MAX_SAFE_INTEGER - 5, 'tr-0');
      given([nearLimit])
        .when(issue(5))
        .then([issued(5)]);
      given([nearLimit])
        .when(issue(6))
        .thenThrows(ConflictError, hasDetails('issuance_limit_reached', { outstanding: Number.MAX_SAFE_INTEGER - 5 }));
    });

    it('[L6] writes nothing when the same issue is retried', () => {
      given([issued(100)])
        .when(issue(100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount or movement', () => {
      given([issued(100)])
        .when(issue(50))
        .thenThrows(ConflictError, hasDetails('transfer_id_reused', { transferId: 'tr-issue' }));
      given([issued(100, 'tr-1')])
        .when(withdraw(100, 'tr-1'))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('WithdrawCredits', () => {
    it('[L1] withdraws credits from the organization back to the issuance account', () => {
      given([issued(100)])
        .when(withdraw(100))
        .then([withdrawn(100)]);
    });

    it('[L2] refuses to withdraw more than the organization has available', () => {
      given([issued(100), allocated(alice, 40)])
        .when(withdraw(61))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 60 }));
    });

    it('[L2] refuses to withdraw credits the organization has reserved', () => {
      given([issued(10), reserved(8, { account: org })])
        .when(withdraw(3))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 2 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([issued(100)])
        .when(withdraw(amount))
        .thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a withdrawal is retried, even once the credits are gone', () => {
      given([issued(100), withdrawn(100)])
        .when(withdraw(100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount', () => {
      given([issued(100), withdrawn(10)])
        .when(withdraw(20))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('AllocateCredits', () => {
    it('[L5] moves credits from the organization to a user', () => {
      given([issued(100)])
        .when(allocate(alice, 30))
        .then([allocated(alice, 30)]);
    });

    it('[L5] moves credits from the organization to a group', () => {
      given([issued(100)])
        .when(allocate(sales, 30))
        .then([allocated(sales, 30)]);
    });

    it.each([org, organizationAccount('org-2'), 'user:', 'group:', ISSUANCE, CONSUMED, 'alice'])(
      '[L5] refuses to allocate to %s',
      (to) => {
        given([issued(100)])
          .when(allocate(to as OwnerAccount, 1))
          .thenThrows(ValidationError, hasDetails('invalid_target', { field: 'to' }));
      },
    );

    it('[L2] refuses to allocate more than the organization has available', () => {
      given([issued(100), allocated(alice, 90)])
        .when(allocate(bob, 11, 'tr-2'))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([issued(100)])
        .when(allocate(alice, amount))
        .thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when an allocation is retried', () => {
      given([issued(100), allocated(alice, 100)])
        .when(allocate(alice, 100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another target', () => {
      given([issued(100), allocated(alice, 10)])
        .when(allocate(bob, 10))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('DeallocateCredits', () => {
    it('[L5] moves credits from a user back to the organization', () => {
      given(funded)
        .when(deallocate(alice, 10))
        .then([deallocated(alice, 10)]);
    });

    it('[L5] moves credits from a group back to the organization', () => {
      given([issued(100), allocated(sales, 10)])
        .when(deallocate(sales, 4))
        .then([deallocated(sales, 4)]);
    });

    it.each([org, organizationAccount('org-2'), 'user:', ISSUANCE])('[L5] refuses to deallocate from %s', (from) => {
      given(funded)
        .when(deallocate(from as OwnerAccount, 1))
        .thenThrows(ValidationError, hasDetails('invalid_source', { field: 'from' }));
    });

    it('[L5] refuses, rather than moving less, when the child has fewer credits available', () => {
      given(funded)
        .when(deallocate(alice, 11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
    });

    it('[L5] cannot pull back reserved credits', () => {
      given([...funded, reserved(7)])
        .when(deallocate(alice, 4))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 3 }));
      given([...funded, reserved(7)])
        .when(deallocate(alice, 3))
        .then([deallocated(alice, 3)]);
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(deallocate(alice, amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a deallocation is retried', () => {
      given([...funded, deallocated(alice, 10)])
        .when(deallocate(alice, 10))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount', () => {
      given([...funded, deallocated(alice, 5)])
        .when(deallocate(alice, 4))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('TransferCredits', () => {
    it('[L5] moves a user’s own credits to another user', () => {
      given(funded)
        .when(transfer(bob, 4))
        .then([transferred(bob, 4)]);
    });

    it('[L5] moves a user’s own credits to a group', () => {
      given(funded)
        .when(transfer(sales, 10))
        .then([transferred(sales, 10)]);
    });

    it('[L5] refuses to move someone else’s credits', () => {
      given(funded)
        .when(transfer(bob, 1, { actorId: 'bob' }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
      given(funded)
        .when(transfer(bob, 1, { actorId: null }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
      given(funded)
        .when(transfer(bob, 1, { from: sales, actorId: 'sales' }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
    });

    it('[L5] refuses a transfer to oneself', () => {
      given(funded)
        .when(transfer(alice, 1))
        .thenThrows(ValidationError, hasDetails('transfer_to_self', { field: 'to' }));
    });

    it.each([org, 'user:', ISSUANCE])('[L5] refuses to transfer to %s', (to) => {
      given(funded)
        .when(transfer(to as OwnerAccount, 1))
        .thenThrows(ValidationError, isCode('invalid_target'));
    });

    it('[L2] refuses to transfer more than the user has available, reservations included', () => {
      given(funded)
        .when(transfer(bob, 11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
      given([...funded, reserved(6)])
        .when(transfer(bob, 5))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 4 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(transfer(bob, amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a transfer is retried', () => {
      given([...funded, transferred(bob, 10)])
        .when(transfer(bob, 10))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another recipient', () => {
      given([...funded, transferred(bob, 1)])
        .when(transfer(sales, 1))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });

    it('[L6] keeps apart two transfer ids whose hashes collide', () => {
      // 't-cp8gdc0c' and 't-xtq6objf' share one 32-bit FNV-1a hash.
      const events = [issued(100), transferredToBob('t-cp8gdc0c', 3), transferredToBob('t-xtq6objf', 4)];
      given(events)
        .when(transfer(bob, 3, { transferId: 't-cp8gdc0c' }))
        .thenNothing();
      given(events)
        .when(transfer(bob, 4, { transferId: 't-xtq6objf' }))
        .thenNothing();
      given(events)
        .when(transfer(bob, 4, { transferId: 't-cp8gdc0c' }))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });
});

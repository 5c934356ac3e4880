// The ledger's state folded from its events, and the balance rule every posting keeps.
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { CONSUMED, ISSUANCE } from './accounts.js';
import { creditLedgerDecider, isBalanced } from './decider.js';
import type { CreditEvent } from './events.js';
import { availableOf, balancesOf, reservationOf } from './state.js';
import {
  org,
  alice,
  bob,
  sales,
  t1,
  issue,
  issued,
  allocated,
  transferred,
  reserved,
  captured,
} from './decider-fixtures.js';

describe('Credit ledger', () => {
  describe('state', () => {
    const history: CreditEvent[] = [
      issued(100),
      allocated(alice, 30),
      reserved(10),
      captured(4, 6),
      transferred(sales, 6),
    ];

    it('[L3] reports posted, pending and available balances of every account', () => {
      const state = fold(creditLedgerDecider, history);
      expect([...balancesOf(state)]).toEqual([
        [CONSUMED, { posted: 4, pending: 0, available: 4 }],
        [sales, { posted: 6, pending: 0, available: 6 }],
        [ISSUANCE, { posted: -100, pending: 0, available: -100 }],
        [org, { posted: 70, pending: 0, available: 70 }],
        [alice, { posted: 20, pending: 0, available: 20 }],
      ]);
      expect(availableOf(state, bob)).toBe(0);
    });

    it('[L3] counts pending reservations out of available, not out of posted', () => {
      const state = fold(creditLedgerDecider, [issued(100), allocated(alice, 30), reserved(10)]);
      expect(balancesOf(state).get(alice)).toEqual({ posted: 30, pending: 10, available: 20 });
      expect(reservationOf(state, 'res-1')).toEqual({
        account: alice,
        amount: 10,
        sessionId: 'session-1',
        expiresAt: t1,
        status: 'pending',
        capturedAmount: 0,
        releasedAmount: 0,
      });
    });

    it('[L8] records how a reservation resolved', () => {
      const state = fold(creditLedgerDecider, history);
      expect(reservationOf(state, 'res-1')).toMatchObject({ status: 'captured', capturedAmount: 4, releasedAmount: 6 });
    });

    it('[L10] evolves without changing the state it was given', () => {
      const before = fold(creditLedgerDecider, history.slice(0, 3));
      const snapshot = JSON.stringify(before);
      const after = creditLedgerDecider.evolve(before, history[3] as CreditEvent);
      expect(JSON.stringify(before)).toBe(snapshot);
      expect(after).not.toBe(before);
      expect(availableOf(before, alice)).toBe(20);
      expect(availableOf(after, alice)).toBe(26);
    });

    it('[L10] finds every one of thousands of transfer ids', () => {
      const events = Array.from({ length: 3000 }, (_, index) => issued(index + 1, `tr-${index}`));
      const state = fold(creditLedgerDecider, events);
      for (const [index, event] of events.entries()) {
        expect(creditLedgerDecider.decide(issue(index + 1, event.data.transferId), state)).toEqual([]);
      }
      expect(availableOf(state, org)).toBe((3000 * 3001) / 2);
    });
  });

  describe('isBalanced', () => {
    it('[L1] accepts postings of positive whole amounts between two accounts', () => {
      expect(isBalanced([])).toBe(true);
      expect(
        isBalanced([
          { debit: ISSUANCE, credit: org, amount: 5 },
          { debit: org, credit: alice, amount: 2 },
        ]),
      ).toBe(true);
    });

    it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('[L1] refuses a posting of %s', (amount) => {
      expect(isBalanced([{ debit: ISSUANCE, credit: org, amount }])).toBe(false);
    });

    it('[L1] refuses a posting of an account to itself', () => {
      expect(isBalanced([{ debit: org, credit: org, amount: 5 }])).toBe(false);
    });
  });
});

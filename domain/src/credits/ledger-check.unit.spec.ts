import { describe, expect, it } from 'vitest';
import {
  alice,
  allocated,
  bob,
  captured,
  issued,
  released,
  reserved,
  t0,
  t2,
  transferredToBob,
} from './decider-fixtures.js';
import type { CreditEvent } from './events.js';
import { checkCreditLedger } from './ledger-check.js';

const recorded = (events: CreditEvent[]) => events.map((event, revision) => ({ revision, ...event }));
const sound: CreditEvent[] = [
  issued(100),
  allocated(alice, 10),
  reserved(4),
  captured(3, 1),
  transferredToBob('tr-1', 2),
];

describe('checkCreditLedger', () => {
  it('finds nothing wrong in a ledger its decider wrote, and gives the folded balances', () => {
    const check = checkCreditLedger(recorded(sound), { now: new Date(t2) });
    expect(check.violations).toEqual([]);
    expect(check.balances.get(alice)).toEqual({ posted: 5, pending: 0, available: 5 });
    expect(check.balances.get(bob)).toEqual({ posted: 2, pending: 0, available: 2 });
    expect(check.balances.get('consumed')?.posted).toBe(3);
  });

  it('names a movement applied twice and a gap in the revisions', () => {
    const twice = recorded([...sound, allocated(alice, 10)]);
    expect(checkCreditLedger(twice).violations).toContain('transfer tr-allocate applied twice');
    const gap = recorded(sound).map((event, index) => (index === 2 ? { ...event, revision: 7 } : event));
    expect(checkCreditLedger(gap).violations).toContain('event 2 has revision 7');
  });

  it('names credits made from nothing: postings that move more than their event says, or from an account to itself', () => {
    const forged = recorded(sound);
    const data = forged[1]!.data as { postings: { debit: string; credit: string; amount: number }[] };
    forged[1] = { ...forged[1]!, data: { ...data, postings: [{ ...data.postings[0]!, amount: 11 }] } };
    expect(checkCreditLedger(forged).violations).toContain(
      'revision 1: the postings move 11, the CreditsAllocated event says 10',
    );
    const toItself = recorded(sound);
    toItself[1] = { ...toItself[1]!, data: { ...data, postings: [{ debit: alice, credit: alice, amount: 10 }] } };
    expect(checkCreditLedger(toItself).violations).toContain('revision 1: a posting from user:alice to itself');
  });

  it('names a reservation resolved twice, and one left open past its expiry', () => {
    const twice = recorded([issued(100), allocated(alice, 10), reserved(4), captured(3, 1), released(4)]);
    expect(checkCreditLedger(twice).violations).toContain('reservation res-1 resolved twice');
    const open = recorded([issued(100), allocated(alice, 10), reserved(4)]);
    expect(checkCreditLedger(open, { now: new Date(t0) }).violations).toEqual([]);
    expect(checkCreditLedger(open, { now: new Date(Date.parse(t2) + 86_400_000) }).violations).toEqual([
      expect.stringMatching(/^reservation res-1 is still open past its expiry/),
    ]);
  });
});

import type { CreditEvent, OwnerAccount } from '@ai-coaching/domain';
import { balancesOf, groupAccount, userAccount } from '@ai-coaching/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf, minute, openLedgerTestbed, randomLedger, type LedgerTestbed } from '../ledger-fixtures.js';
import { findWallet, findWallets, organizationTotals, walletBalancesProjection, type WalletBalance } from './index.js';

const acme = ledgerOf('acme');
const ada = userAccount('ada');
const bob = userAccount('bob');
const sales = groupAccount('sales');

const balance = (posted: number, pending = 0): WalletBalance => ({ posted, pending, available: posted - pending });

/** Each event of one ledger, with the balances it leaves (only those it changes are listed). */
const steps: [string, CreditEvent, Record<string, WalletBalance>][] = [
  ['issued', acme.issued(1000, minute(1)), { [acme.org]: balance(1000) }],
  ['allocated to a user', acme.allocated(ada, 300, minute(2)), { [acme.org]: balance(700), [ada]: balance(300) }],
  ['allocated to a group', acme.allocated(sales, 200, minute(3)), { [acme.org]: balance(500), [sales]: balance(200) }],
  ['transferred', acme.transferred(ada, bob, 50, minute(4)), { [ada]: balance(250), [bob]: balance(50) }],
  ['deallocated', acme.deallocated(sales, 20, minute(5)), { [sales]: balance(180), [acme.org]: balance(520) }],
  ['withdrawn', acme.withdrawn(100, minute(6)), { [acme.org]: balance(420) }],
  ['reserved', acme.reserved('r1', ada, 100, minute(7)), { [ada]: balance(250, 100) }],
  ['reserved at the same instant', acme.reserved('r2', bob, 30, minute(7)), { [bob]: balance(50, 30) }],
  // The capture posts 60 and frees the whole hold of 100: the remaining 40 are released.
  ['captured in part', acme.captured('r1', ada, 100, 60, minute(8)), { [ada]: balance(190) }],
  ['released', acme.released('r2', bob, 30, minute(9)), { [bob]: balance(50) }],
  ['reserved again', acme.reserved('r3', ada, 50, minute(10)), { [ada]: balance(190, 50) }],
  ['expired', acme.expired('r3', ada, 50, minute(11)), { [ada]: balance(190) }],
  ['left pending', acme.reserved('r4', ada, 20, minute(12)), { [ada]: balance(190, 20) }],
];

describe('wallet-balances read model', () => {
  let bed: LedgerTestbed;
  const snapshot = async () => ({
    wallets: await bed.rows('rm_credit_wallets', 'organization_id, account'),
    reservations: await bed.rows('rm_credit_reservations', 'reservation_id'),
  });

  beforeAll(async () => {
    bed = await openLedgerTestbed([walletBalancesProjection]);
  });
  afterAll(() => bed.close());

  it('moves posted, pending and available with each kind of event', async () => {
    const accounts = [acme.org, sales, ada, bob];
    const expected = new Map(accounts.map((account) => [account, balance(0)]));
    for (const [what, event, changes] of steps) {
      await bed.append(acme.stream, [event]);
      for (const [account, wallet] of Object.entries(changes)) expected.set(account as OwnerAccount, wallet);
      expect(await findWallets(bed.db, accounts), what).toEqual(expected);
    }
    expect(await findWallet(bed.db, ada)).toEqual({ posted: 190, pending: 20, available: 170 });
  });

  it('keeps each reservation with how it ended', async () => {
    const { rows } = await bed.db.query(
      `SELECT reservation_id, account, amount::int, status, captured_amount::int, session_id, expires_at, resolved_at
       FROM rm_credit_reservations ORDER BY reservation_id`,
    );
    expect(rows).toEqual([
      {
        reservation_id: 'r1',
        account: ada,
        amount: 100,
        status: 'captured',
        captured_amount: 60,
        session_id: 'session-r1',
        expires_at: new Date(Date.parse(minute(7)) + 3_600_000),
        resolved_at: new Date(minute(8)),
      },
      expect.objectContaining({ reservation_id: 'r2', status: 'released', captured_amount: null }),
      expect.objectContaining({ reservation_id: 'r3', status: 'expired', resolved_at: new Date(minute(11)) }),
      expect.objectContaining({ reservation_id: 'r4', amount: 20, status: 'pending', resolved_at: null }),
    ]);
  });

  it('keeps the system accounts, so that the balances of an organization sum to zero', async () => {
    const totals = await organizationTotals(bed.db, 'acme');
    expect(totals).toEqual({
      organization: balance(420),
      group: balance(180),
      user: balance(240, 20),
      issuance: balance(-900),
      consumed: balance(60),
    });
    const { rows } = await bed.db.query<{ owner_kind: string; owner_id: string; updated_at: Date }>(
      `SELECT owner_kind, owner_id, updated_at FROM rm_credit_wallets WHERE account IN ('consumed', 'group:sales')
       ORDER BY account`,
    );
    expect(rows).toEqual([
      { owner_kind: 'system', owner_id: 'consumed', updated_at: new Date(minute(8)) },
      { owner_kind: 'group', owner_id: 'sales', updated_at: new Date(minute(5)) },
    ]);
  });

  it('answers zeros for accounts and organizations without movements', async () => {
    expect(await findWallet(bed.db, userAccount('nobody'))).toEqual(balance(0));
    expect((await findWallets(bed.db, [userAccount('nobody'), ada])).get(userAccount('nobody'))).toEqual(balance(0));
    expect(await organizationTotals(bed.db, 'globex')).toEqual({
      organization: balance(0),
      group: balance(0),
      user: balance(0),
      issuance: balance(0),
      consumed: balance(0),
    });
  });

  it('keeps organizations apart', async () => {
    const globex = ledgerOf('globex');
    await bed.append(globex.stream, [
      globex.issued(5, minute(13)),
      globex.allocated(userAccount('gus'), 5, minute(13)),
    ]);
    expect((await organizationTotals(bed.db, 'globex')).user).toEqual(balance(5));
    expect((await organizationTotals(bed.db, 'acme')).user).toEqual(balance(240, 20));
  });

  it('changes nothing when events are applied a second time', async () => {
    const before = await snapshot();
    await bed.replayAll();
    expect(await snapshot()).toEqual(before);
  });
});

describe('wallet-balances rebuild', () => {
  let bed: LedgerTestbed;
  afterAll(() => bed.close());

  it('matches the ledger after a long random history, and rebuilds to the very same rows', async () => {
    // A small batch, so that the incremental run crosses many transactions.
    bed = await openLedgerTestbed([walletBalancesProjection], { batchSize: 7 });
    const { appends, states } = randomLedger(42, 400);
    for (const { stream, events } of appends) await bed.append(stream, events);

    const incremental = {
      wallets: await bed.rows('rm_credit_wallets', 'organization_id, account'),
      reservations: await bed.rows('rm_credit_reservations', 'reservation_id'),
    };
    for (const [organizationId, state] of states) {
      // Every account the domain's state has, with the same balances.
      const { rows } = await bed.db.query<{ account: string } & WalletBalance>(
        `SELECT account, posted::float8 AS posted, pending::float8 AS pending, available::float8 AS available
         FROM rm_credit_wallets WHERE organization_id = $1`,
        [organizationId],
      );
      const wallets = new Map(rows.map(({ account, ...wallet }) => [account, wallet]));
      expect(wallets, organizationId).toEqual(balancesOf(state));
      for (const [account, wallet] of wallets) {
        if (account !== 'issuance') expect(wallet.available, account).toBeGreaterThanOrEqual(0);
      }
      const totals = await organizationTotals(bed.db, organizationId);
      const sum = Object.values(totals).reduce((total, wallet) => total + wallet.posted, 0);
      expect(sum, organizationId).toBe(0);
    }

    await bed.runner.rebuild(walletBalancesProjection.name);
    expect({
      wallets: await bed.rows('rm_credit_wallets', 'organization_id, account'),
      reservations: await bed.rows('rm_credit_reservations', 'reservation_id'),
    }).toEqual(incremental);
  });
});

import { z } from 'zod';

/** One ledger account's figures, as a movement or a reservation leaves them. */
export const ledgerWalletSchema = z.strictObject({
  account: z.string().describe('`organization:<id>`, `group:<id>`, `user:<id>`, or the system account `issuance`.'),
  credit_wallet: z.number().int().describe('Available: posted − pending.'),
  posted: z.number().int().describe('Settled balance.'),
  pending: z.number().int().describe('Held by open session reservations.'),
});
export type LedgerWallet = z.infer<typeof ledgerWalletSchema>;

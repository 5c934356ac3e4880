import { z } from 'zod';

/** The wallet figures users, groups and organizations carry. */
export const walletFieldsShape = {
  credit_wallet: z.number().int().describe('Available credits: posted − pending.'),
  credit_posted: z.number().int().describe('Settled balance.'),
  credit_pending: z.number().int().describe('Held by open session reservations.'),
};

export type WalletFields = { credit_wallet: number; credit_posted: number; credit_pending: number };

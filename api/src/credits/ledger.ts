import {
  balancesOf,
  type CreditCommand,
  type CreditEvent,
  type CreditLedgerState,
  type LedgerAccount,
} from '@ai-coaching/domain';
import type { CommandResult } from '@ai-coaching/platform';
import { handleLedgerCommand } from '@ai-coaching/workers';
import { z } from 'zod';
import { runCommandWith, type CommandDeps, type CommandOrigin } from '../commands/run-command.js';

/**
 * Runs a ledger command through this process's one ledger handler (shared with the expiry job)
 * and waits for the read models, like every other command.
 */
export const runLedgerCommand = (
  deps: CommandDeps,
  command: CreditCommand,
  origin: CommandOrigin,
): Promise<CommandResult<CreditEvent, CreditLedgerState>> =>
  runCommandWith(deps, origin, (options) => handleLedgerCommand(deps.store, command, options));

export const walletResponse = z.object({
  account: z.string().describe('`organization:<id>`, `group:<id>`, `user:<id>`, or the system account `issuance`.'),
  credit_wallet: z.number().int().describe('Available: posted − pending.'),
  posted: z.number().int().describe('Settled balance.'),
  pending: z.number().int().describe('Held by open session reservations.'),
});

export type WalletResponse = z.infer<typeof walletResponse>;

/**
 * An account's figures in the ledger state the command left, rather than in the read model: they
 * are exact even when the projection wait timed out. `issuance` shows minus what is outstanding.
 */
export const walletIn = (state: CreditLedgerState, account: LedgerAccount): WalletResponse => {
  const balance = balancesOf(state).get(account);
  return {
    account,
    credit_wallet: balance?.available ?? 0,
    posted: balance?.posted ?? 0,
    pending: balance?.pending ?? 0,
  };
};

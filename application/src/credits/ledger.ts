import {
  balancesOf,
  type CreditCommand,
  type CreditEvent,
  type CreditLedgerState,
  type LedgerAccount,
} from '@ai-coaching/domain';
import type { LedgerWallet } from '@ai-coaching/contracts';
import type { CommandResult } from '@ai-coaching/platform';
import type { Origin } from '../app-services.js';
import { runCommandWith, type CommandServices } from '../commands/run-command.js';
import { handleLedgerCommand } from './ledger-handler.js';

/**
 * Runs a ledger command through this process's one ledger handler (shared with the expiry job)
 * and waits for the read models, like every other command.
 */
export const runLedgerCommand = (
  services: CommandServices,
  origin: Origin,
  command: CreditCommand,
  options: { commandId: string },
): Promise<CommandResult<CreditEvent, CreditLedgerState>> =>
  runCommandWith(services, origin, options, (handleOptions) =>
    handleLedgerCommand(services.store, command, handleOptions),
  );

/**
 * An account's figures in the ledger state the command left, rather than in the read model: they
 * are exact even when the projection wait timed out. `issuance` shows minus what is outstanding.
 */
export const walletIn = (state: CreditLedgerState, account: LedgerAccount): LedgerWallet => {
  const balance = balancesOf(state).get(account);
  return {
    account,
    credit_wallet: balance?.available ?? 0,
    posted: balance?.posted ?? 0,
    pending: balance?.pending ?? 0,
  };
};

// TRANSITION: the ledger command path now lives in the application layer.
import { runLedgerCommand as runAppLedgerCommand } from '@ai-coaching/application';
import type { CreditCommand } from '@ai-coaching/domain';
import { originOf } from '../http/origin.js';
import type { CommandDeps, CommandOrigin } from '../commands/run-command.js';

export { walletIn } from '@ai-coaching/application';
export { ledgerWalletSchema as walletResponse, type LedgerWallet as WalletResponse } from '@ai-coaching/contracts';
export const runLedgerCommand = (deps: CommandDeps, command: CreditCommand, origin: CommandOrigin) =>
  runAppLedgerCommand(deps, origin.ctx ? originOf(origin.ctx) : {}, command, { commandId: origin.commandId });

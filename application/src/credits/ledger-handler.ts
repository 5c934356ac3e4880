import {
  creditLedgerDecider,
  creditLedgerStreamId,
  type CreditCommand,
  type CreditEvent,
  type CreditLedgerState,
} from '@ai-coaching/domain';
import {
  createCommandHandler,
  type CommandHandler,
  type CommandResult,
  type EventStore,
  type HandleCommandOptions,
} from '@ai-coaching/platform';

type LedgerHandler = CommandHandler<CreditCommand, CreditEvent, CreditLedgerState>;

/**
 * An organization's ledger is one hot stream: every movement of the organization appends to it.
 * Within a process the handler queues them, but another process's writer still conflicts, and a
 * conflict costs only a re-read of the events since the cached state, so retry well past the default.
 */
export const LEDGER_MAX_RETRIES = 30;

// Keyed by the store so that, when the API and the workers share a process (and a store), a
// stream's commands queue behind each other instead of racing into conflicts, and its folded
// state is kept once. Lives in the application layer, which the API, the gateway and the workers all run.
const handlers = new WeakMap<EventStore, LedgerHandler>();

const ledgerHandlerFor = (store: EventStore): LedgerHandler => {
  let handler = handlers.get(store);
  if (!handler) {
    handler = createCommandHandler(store, creditLedgerDecider);
    handlers.set(store, handler);
  }
  return handler;
};

/** Runs a ledger command on its organization's stream through this process's one handler for `store`. */
export const handleLedgerCommand = (
  store: EventStore,
  command: CreditCommand,
  options: HandleCommandOptions,
): Promise<CommandResult<CreditEvent, CreditLedgerState>> =>
  ledgerHandlerFor(store).handle(creditLedgerStreamId(command.data.organizationId), command, {
    maxRetries: LEDGER_MAX_RETRIES,
    ...options,
  });

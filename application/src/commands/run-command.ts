import type { Decider, DomainEvent } from '@ai-coaching/domain';
import {
  forgetLocally,
  handleCommand,
  readModelTopic,
  type CommandResult,
  type EventMetadata,
  type HandleCommandOptions,
} from '@ai-coaching/platform';
import { allProjections, waitForProjections } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';

export type CommandServices = Pick<AppServices, 'store' | 'db' | 'config' | 'logger' | 'ids' | 'wakeProjections'>;

/**
 * The read models that apply at least one of these events: the ones a command wakes. Named, so a checkpoint row left
 * by a removed projection cannot hold every command up.
 */
const readModelsOf = (events: readonly { type: string }[]): string[] =>
  allProjections
    .filter((projection) => events.some((event) => projection.handles.includes(event.type)))
    .map((projection) => projection.name);

/** Of those, the ones a caller waits for: not the ones nobody reads right after a command (the webhook outbox). */
const AWAITED = new Set(
  allProjections.filter((projection) => projection.readAfterCommands !== false).map((projection) => projection.name),
);

/** The event metadata a command of this origin carries: the request's correlation id and the actor. */
const metadataOf = (origin: Origin, extra: EventMetadata | undefined): EventMetadata => {
  const caller = origin.caller;
  return {
    ...(origin.correlationId ? { correlationId: origin.correlationId } : {}),
    ...(caller
      ? { actor: { userId: caller.kind === 'user' ? caller.userId : caller.guestId, role: caller.role } }
      : {}),
    ...extra,
  };
};

/**
 * The one read-your-writes path: `execute` runs the command (through whichever handler the
 * caller owns) with the origin's correlation id and actor as metadata, wakes the projections that
 * apply what it appended, and (unless `origin.readYourWrites` is false) returns once they caught up.
 */
export const runCommandWith = async <Event extends DomainEvent, State>(
  services: CommandServices,
  origin: Origin,
  options: { commandId?: string; metadata?: EventMetadata },
  execute: (options: HandleCommandOptions) => Promise<CommandResult<Event, State>>,
): Promise<CommandResult<Event, State>> => {
  const result = await execute({
    commandId: options.commandId ?? services.ids.newId(),
    metadata: metadataOf(origin, options.metadata),
  });
  const names = result.append ? readModelsOf(result.events) : [];
  if (names.length > 0) services.wakeProjections?.(names);
  if (origin.readYourWrites !== false) await awaitReadModels(services, origin, result);
  return result;
};

/**
 * Returns once the read models that handle what `result` appended have caught up with it (bounded by
 * PROJECTION_WAIT_MS), so a list fetched right after shows the change; `origin.onReadModelWait` hears whether the
 * wait timed out. The others need no wait: only the read models that handle an event can show it.
 */
export const awaitReadModels = async (
  services: CommandServices,
  origin: Origin,
  result: Pick<CommandResult<DomainEvent, unknown>, 'append' | 'events'>,
): Promise<void> => {
  const names = result.append ? readModelsOf(result.events).filter((name) => AWAITED.has(name)) : [];
  if (result.append && names.length > 0) {
    const wait = await waitForProjections(services.db, result.append.position, {
      timeoutMs: services.config.PROJECTION_WAIT_MS,
      names,
    });
    origin.onReadModelWait?.(wait.reached ? 'caught-up' : 'timed-out');
    // When the projections run in another process, this one's caches of those read models may hear
    // of the commit (by NOTIFY) a moment after the wait saw it: forget them now, so the caller's next
    // request reads what the command changed (ADR 0012).
    forgetLocally(services.db, names.map(readModelTopic));
    if (!wait.reached) {
      (origin.log ?? services.logger).warn({ position: result.append.position }, 'read models lag behind this command');
    }
  }
};

/**
 * Runs one command on a stream with a one-off handler (streams with little traffic) and waits for
 * the read models. `commandId` defaults to a new id; pass a derived one where a retry must append
 * the same events (event ids derive from it).
 */
export const runCommand = <Command, Event extends DomainEvent, State>(
  services: CommandServices,
  origin: Origin,
  command: { streamId: string; decider: Decider<Command, Event, State>; command: Command },
  options: { commandId?: string; metadata?: EventMetadata } = {},
): Promise<CommandResult<Event, State>> =>
  runCommandWith(services, origin, options, (handleOptions) =>
    handleCommand(services.store, command.streamId, command.decider, command.command, handleOptions),
  );

import type { Decider, DomainEvent } from '@ai-coaching/domain';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand, type CommandServices } from './run-command.js';

/** A command as a use case writes it: its `metadata.now` is the clock's, stamped by the runner. */
export type WithoutTime<Command> = Command extends unknown ? Omit<Command, 'metadata'> : never;

/**
 * The command path of one kind of stream, written once: `run(services, origin, id, command, commandId?)` runs the
 * command on the stream of `id` with the kind's decider, at the clock's time, under `commandId` when it has one.
 */
export const streamCommandRunner =
  <Command, Event extends DomainEvent, State>(
    streamIdOf: (id: string) => string,
    decider: Decider<Command, Event, State>,
  ) =>
  (
    services: CommandServices & Pick<AppServices, 'clock'>,
    origin: Origin,
    id: string,
    command: WithoutTime<Command>,
    commandId?: string,
  ) =>
    runCommand(
      services,
      origin,
      { streamId: streamIdOf(id), decider, command: { ...command, metadata: { now: nowIso(services) } } as Command },
      commandId ? { commandId } : {},
    );

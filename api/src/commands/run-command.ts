// TRANSITION: the request-bound command runner of routes not yet moved to the application layer.
// Removed once every area runs its commands through use cases.
import { runCommand as runAppCommand, runCommandWith as runAppCommandWith } from '@ai-coaching/application';
import type { Decider, DomainEvent } from '@ai-coaching/domain';
import type { CommandResult, EventMetadata, HandleCommandOptions } from '@ai-coaching/platform';
import type { ApiContext, ApiServices } from '../http/context.js';
import { originOf } from '../http/origin.js';

export type CommandDeps = Pick<ApiServices, 'store' | 'db' | 'config' | 'logger' | 'ids' | 'wakeProjections'>;
export type CommandOrigin = { ctx?: ApiContext; commandId: string; metadata?: EventMetadata };

export const runCommandWith = <Event extends DomainEvent, State>(
  deps: CommandDeps,
  origin: CommandOrigin,
  execute: (options: HandleCommandOptions) => Promise<CommandResult<Event, State>>,
) =>
  runAppCommandWith(
    deps,
    origin.ctx ? originOf(origin.ctx) : {},
    { commandId: origin.commandId, ...(origin.metadata ? { metadata: origin.metadata } : {}) },
    execute,
  );

export const runCommand = <Command, Event extends DomainEvent, State>(
  ctx: ApiContext,
  deps: CommandDeps,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: { commandId: string; metadata?: EventMetadata },
) => runAppCommand(deps, originOf(ctx), { streamId, decider, command }, options);

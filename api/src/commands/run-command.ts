import type { Decider, DomainEvent } from '@ai-coaching/domain';
import {
  handleCommand,
  type CommandResult,
  type EventMetadata,
  type HandleCommandOptions,
} from '@ai-coaching/platform';
import { allProjections, waitForProjections } from '@ai-coaching/projections';
import type { ApiContext, ApiServices } from '../http/context.js';

export type CommandDeps = Pick<ApiServices, 'store' | 'db' | 'config' | 'logger'> & {
  /** Wakes projections running in this process, so the wait below is short. */
  wakeProjections?: (names?: readonly string[]) => void;
};

export type CommandOrigin = {
  /** The request the command answers: its id and caller go into the event metadata. Absent for system work. */
  ctx?: ApiContext;
  commandId: string;
  metadata?: EventMetadata;
};

/**
 * The read models that apply at least one of these events: the ones a caller waits for. Named,
 * so a checkpoint row left by a removed projection cannot hold every command up.
 */
const readModelsOf = (events: readonly { type: string }[]): string[] =>
  allProjections
    .filter((projection) => events.some((event) => projection.handles.includes(event.type)))
    .map((p) => p.name);

/**
 * The one read-your-writes path: `execute` runs the command (through whichever handler the
 * caller owns) with the request's correlation id and actor as metadata, then this returns once the
 * read models have caught up with what it appended (bounded by PROJECTION_WAIT_MS), so a list
 * fetched right after shows the change. `X-Projection-Wait` tells whether the wait timed out.
 */
export const runCommandWith = async <Event extends DomainEvent, State>(
  deps: CommandDeps,
  origin: CommandOrigin,
  execute: (options: HandleCommandOptions) => Promise<CommandResult<Event, State>>,
): Promise<CommandResult<Event, State>> => {
  const { ctx } = origin;
  const caller = ctx?.state.caller;
  const result = await execute({
    commandId: origin.commandId,
    metadata: {
      ...(ctx ? { correlationId: ctx.state.requestId } : {}),
      ...(caller
        ? { actor: { userId: caller.kind === 'user' ? caller.userId : caller.guestId, role: caller.role } }
        : {}),
      ...origin.metadata,
    },
  });
  // Only the read models that handle what was appended can show it; the others need no wait.
  const names = result.append ? readModelsOf(result.events) : [];
  if (result.append && names.length > 0) {
    deps.wakeProjections?.(names);
    const wait = await waitForProjections(deps.db, result.append.position, {
      timeoutMs: deps.config.PROJECTION_WAIT_MS,
      names,
    });
    ctx?.set('X-Projection-Wait', wait.reached ? 'caught-up' : 'timed-out');
    if (!wait.reached) {
      (ctx?.state.log ?? deps.logger).warn({ position: result.append.position }, 'read models lag behind this command');
    }
  }
  return result;
};

/** Runs a command for an HTTP request with a one-off handler (streams with little traffic) and waits for the read models. */
export const runCommand = <Command, Event extends DomainEvent, State>(
  ctx: ApiContext,
  deps: CommandDeps,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: { commandId: string; metadata?: EventMetadata },
): Promise<CommandResult<Event, State>> =>
  runCommandWith(deps, { ctx, ...options }, (handleOptions) =>
    handleCommand(deps.store, streamId, decider, command, handleOptions),
  );

import type { Decider, DomainEvent } from '@ai-coaching/domain';
import { deterministicId } from '../crypto/ids.js';
import { WrongExpectedRevisionError } from './errors.js';
import type { AppendResult, EventMetadata, EventStore, RecordedEvent } from './event-store.js';

export type CommandResult<Event extends DomainEvent, State> = {
  events: Event[];
  state: State;
  /** Undefined when the command decided nothing. */
  append?: AppendResult;
};

export type HandleCommandOptions = {
  /** Identifies this command; event ids derive from it, so a retry appends the same ids. */
  commandId: string;
  metadata?: EventMetadata;
  /** Concurrency conflicts retried by re-reading and re-deciding; default 5. */
  maxRetries?: number;
};

const toDomainEvent = <Event extends DomainEvent>(recorded: RecordedEvent): Event =>
  ({ type: recorded.type, data: recorded.data }) as Event;

/**
 * Reads a stream, folds it, decides, and appends with the revision it read. When another
 * writer won the race, it re-reads and decides again: conflicts are retried, never surfaced.
 * One-off form of `createCommandHandler`, without its cache.
 */
export const handleCommand = <Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: HandleCommandOptions,
): Promise<CommandResult<Event, State>> =>
  createCommandHandler(store, decider, { maxCachedStreams: 0 }).handle(streamId, command, options);

type CachedState<State> = { revision: bigint; state: State };

/**
 * A command handler for one decider that keeps, per stream, the state folded so far (so a long
 * stream such as an organization's credit ledger is read only from where it was left) and runs
 * the commands of one stream one at a time in this process (so they do not race each other into
 * conflicts; other processes still meet a conflict and retry). States must be immutable: the
 * decider's `evolve` returns new objects.
 */
export const createCommandHandler = <Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  options: { maxCachedStreams?: number } = {},
) => {
  const maxCached = options.maxCachedStreams ?? 1000;
  const cache = new Map<string, CachedState<State>>();
  const queues = new Map<string, Promise<unknown>>();

  const remember = (streamId: string, entry: CachedState<State>) => {
    // Map keeps insertion order: re-inserting marks the stream as recently used.
    cache.delete(streamId);
    cache.set(streamId, entry);
    if (cache.size > maxCached) cache.delete(cache.keys().next().value!);
  };

  const load = async (streamId: string): Promise<{ revision: bigint | undefined; state: State }> => {
    const cached = cache.get(streamId);
    const recorded = await store.readStream(streamId, cached ? { fromRevision: cached.revision + 1n } : {});
    const state = recorded
      .map(toDomainEvent<Event>)
      .reduce(decider.evolve, cached ? cached.state : decider.initialState());
    const revision = recorded.at(-1)?.revision ?? cached?.revision;
    if (revision !== undefined) remember(streamId, { revision, state });
    return { revision, state };
  };

  const run = async (
    streamId: string,
    command: Command,
    handleOptions: HandleCommandOptions,
  ): Promise<CommandResult<Event, State>> => {
    const maxRetries = handleOptions.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const { revision, state } = await load(streamId);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state };
      try {
        const append = await store.appendToStream(
          streamId,
          events.map((event, index) => ({
            id: deterministicId(handleOptions.commandId, streamId, index),
            type: event.type,
            data: event.data,
            ...(handleOptions.metadata ? { metadata: handleOptions.metadata } : {}),
          })),
          { expectedRevision: revision ?? 'no_stream' },
        );
        const next = events.reduce(decider.evolve, state);
        // An idempotent re-append returns the original revision; only a real append moves the cache on.
        if (append.nextExpectedRevision === (revision ?? -1n) + BigInt(events.length)) {
          remember(streamId, { revision: append.nextExpectedRevision, state: next });
        } else {
          cache.delete(streamId);
        }
        return { events, state: next, append };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < maxRetries) {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
          continue;
        }
        throw error;
      }
    }
  };

  return {
    handle(
      streamId: string,
      command: Command,
      handleOptions: HandleCommandOptions,
    ): Promise<CommandResult<Event, State>> {
      const previous = queues.get(streamId) ?? Promise.resolve();
      const result = previous.then(
        () => run(streamId, command, handleOptions),
        () => run(streamId, command, handleOptions),
      );
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      queues.set(streamId, settled);
      void settled.then(() => {
        if (queues.get(streamId) === settled) queues.delete(streamId);
      });
      return result;
    },
    /** Forgets cached states (tests; after a rebuild of the store). */
    clear() {
      cache.clear();
    },
  };
};

export type CommandHandler<Command, Event extends DomainEvent, State> = ReturnType<
  typeof createCommandHandler<Command, Event, State>
>;

/**
 * A decider is three pure functions: it decides which events a command produces given the
 * current state, and evolves the state from events. Time and ids arrive inside the command,
 * so deciders never read the clock or a random source and can be specified by examples.
 */
export type DomainEvent<Type extends string = string, Data = unknown> = { type: Type; data: Data };

export type Decider<Command, Event extends DomainEvent, State> = {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
};

export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/** One function per command type, each given its own command: the compiler refuses a missing or misspelt type. */
export type CommandHandlers<Command extends { type: string }, Event extends DomainEvent, State> = {
  [Type in Command['type']]: (command: Extract<Command, { type: Type }>, state: State) => Event[];
};

/**
 * A decider's `decide` as a table of command handlers rather than a switch: the dispatch, and the refusal of a
 * command type no handler knows (one that bypassed the types), written once for every module.
 */
export const decideByType =
  <Command extends { type: string }, Event extends DomainEvent, State>(
    handlers: CommandHandlers<Command, Event, State>,
  ) =>
  (command: Command, state: State): Event[] => {
    if (!Object.hasOwn(handlers, command.type)) throw new Error(`Unknown command ${String(command.type)}`);
    const handler = handlers[command.type as Command['type']] as (command: Command, state: State) => Event[];
    return handler(command, state);
  };

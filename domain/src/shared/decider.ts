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

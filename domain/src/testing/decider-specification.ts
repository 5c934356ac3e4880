import type { Decider, DomainEvent } from '../shared/decider.js';

/**
 * given(events).when(command).then(expectedEvents) — the decider's rules written as examples.
 * Framework-free: it throws on mismatch, so it works in any test runner.
 */
export const DeciderSpecification = {
  for<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
    return (givenEvents: readonly Event[] = []) => ({
      when(command: Command) {
        const run = () => decider.decide(command, givenEvents.reduce(decider.evolve, decider.initialState()));
        return {
          then(expected: readonly Event[]) {
            const actual = run();
            const a = JSON.stringify(actual);
            const e = JSON.stringify(expected);
            if (a !== e) throw new Error(`Expected events\n  ${e}\nbut got\n  ${a}`);
          },
          thenNothing() {
            const actual = run();
            if (actual.length > 0) throw new Error(`Expected no events but got ${JSON.stringify(actual)}`);
          },
          thenThrows<E extends Error>(type: abstract new (...args: never[]) => E, check?: (error: E) => boolean) {
            try {
              run();
            } catch (error) {
              if (!(error instanceof type))
                throw new Error(`Expected ${type.name} but got ${String(error)}`, { cause: error });
              if (check && !check(error))
                throw new Error(`${type.name} did not match: ${error.message}`, { cause: error });
              return;
            }
            throw new Error(`Expected ${type.name} but the command succeeded`);
          },
        };
      },
    });
  },
};

/** `thenThrows(ConflictError, isCode('user_exists'))`: the refusal expected, not merely one of its kind. */
export const isCode = (code: string) => (error: { code: string }) => error.code === code;

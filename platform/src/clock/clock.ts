import { newId } from '../crypto/ids.js';

/**
 * Where time and new ids come from. Use cases and routes read these ports instead of `new Date()`
 * or a random source, so a test can fix the clock and the ids (lint forbids the direct calls there).
 */
export type Clock = { now(): Date };
export type IdGenerator = { newId(): string };

export const systemClock: Clock = { now: () => new Date() };

/** Time-ordered random ids (UUIDv7) stamped with the clock's time. */
export const idsFrom = (clock: Clock): IdGenerator => ({ newId: () => newId(clock.now().getTime()) });

/** A clock that stays where it is set until moved: for specs and benchmarks. */
export const manualClock = (
  start: Date | string,
): Clock & { set(at: Date | string): void; advance(ms: number): void } => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => void (current = new Date(at)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
};

/**
 * The system's time moved by an offset the spec changes: a server running on it can be taken past a deadline (a
 * session's time limit) at once instead of after a real wait, and keeps running from there.
 */
export const shiftedClock = (offsetMs = 0): Clock & { shift(ms: number): void } => {
  let offset = offsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    shift: (ms) => void (offset += ms),
  };
};

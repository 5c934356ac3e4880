/**
 * An opaque position in the global ($all) order. Every adapter encodes two unsigned 64-bit
 * integers (PostgreSQL: transaction id and sequence; EventStoreDB: commit and prepare) as
 * fixed-width decimal, so positions from one adapter compare correctly as plain strings and
 * can be stored in a text column and compared in SQL.
 */
export type GlobalPosition = string & { readonly __brand: 'GlobalPosition' };

const WIDTH = 20; // digits of 2^64 - 1

export const encodePosition = (high: bigint, low: bigint): GlobalPosition => {
  if (high < 0n || low < 0n) throw new RangeError('Global positions are unsigned');
  return `${high.toString().padStart(WIDTH, '0')}:${low.toString().padStart(WIDTH, '0')}` as GlobalPosition;
};

export const decodePosition = (position: GlobalPosition): { high: bigint; low: bigint } => {
  const match = /^(\d{20}):(\d{20})$/.exec(position);
  if (!match) throw new RangeError(`Not a global position: ${position}`);
  return { high: BigInt(match[1]!), low: BigInt(match[2]!) };
};

export const isGlobalPosition = (value: unknown): value is GlobalPosition =>
  typeof value === 'string' && /^\d{20}:\d{20}$/.test(value);

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number => (a < b ? -1 : a > b ? 1 : 0);

/** True when `position` is at or past `target`; an undefined position has reached nothing. */
export const hasReached = (position: GlobalPosition | undefined, target: GlobalPosition): boolean =>
  position !== undefined && position >= target;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePositions, decodePosition, encodePosition, hasReached, isGlobalPosition } from './global-position.js';

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });

describe('global positions', () => {
  it('round-trips any pair of unsigned 64-bit numbers', () => {
    fc.assert(
      fc.property(u64, u64, (high, low) => {
        const position = encodePosition(high, low);
        expect(isGlobalPosition(position)).toBe(true);
        expect(decodePosition(position)).toEqual({ high, low });
      }),
    );
  });

  it('orders as strings exactly as the number pairs order', () => {
    fc.assert(
      fc.property(u64, u64, u64, u64, (h1, l1, h2, l2) => {
        const numeric = h1 === h2 ? Math.sign(Number(l1 - l2)) : Math.sign(Number(h1 - h2));
        expect(comparePositions(encodePosition(h1, l1), encodePosition(h2, l2))).toBe(numeric);
      }),
      { numRuns: 500 },
    );
  });

  it('tells whether a checkpoint has reached a target', () => {
    const target = encodePosition(5n, 10n);
    expect(hasReached(undefined, target)).toBe(false);
    expect(hasReached(encodePosition(5n, 9n), target)).toBe(false);
    expect(hasReached(target, target)).toBe(true);
    expect(hasReached(encodePosition(6n, 0n), target)).toBe(true);
  });

  it('refuses negative numbers and malformed text', () => {
    expect(() => encodePosition(-1n, 0n)).toThrow(RangeError);
    expect(() => decodePosition('12:34' as never)).toThrow(RangeError);
  });
});

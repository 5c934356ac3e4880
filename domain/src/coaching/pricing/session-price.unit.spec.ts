import { describe, expect, it } from 'vitest';
import { effectiveTimeLimitSeconds, sessionPriceCredits } from './session-price.js';

describe('session price', () => {
  it('charges every started minute', () => {
    expect(sessionPriceCredits(2, 600)).toBe(20);
    expect(sessionPriceCredits(2, 601)).toBe(22);
    expect(sessionPriceCredits(3, 1)).toBe(3);
    expect(sessionPriceCredits(0, 600)).toBe(0);
  });

  it('takes the scenario’s time limit before the mission’s', () => {
    expect(effectiveTimeLimitSeconds(300, 900)).toBe(300);
    expect(effectiveTimeLimitSeconds(null, 900)).toBe(900);
    expect(effectiveTimeLimitSeconds(undefined, null)).toBeNull();
  });
});

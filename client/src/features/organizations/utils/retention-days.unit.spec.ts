import { sessionRetentionDaysSchema } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import { parseRetentionDays, typedRetentionDays } from './retention-days';

describe('the session retention field', () => {
  it('reads blank as "kept until deleted" and digits as days', () => {
    expect(parseRetentionDays('')).toBeNull();
    expect(parseRetentionDays('   ')).toBeNull();
    expect(parseRetentionDays(' 30 ')).toBe(30);
    expect(typedRetentionDays(null)).toBe('');
    expect(typedRetentionDays(365)).toBe('365');
  });

  it('leaves anything else to the contract’s schema, which refuses it', () => {
    for (const typed of ['1.5', '1,5', '-3', '1e3', 'thirty', '0', '3651']) {
      expect(sessionRetentionDaysSchema.safeParse(parseRetentionDays(typed)).success, typed).toBe(false);
    }
    for (const typed of ['', '1', '3650']) {
      expect(sessionRetentionDaysSchema.safeParse(parseRetentionDays(typed)).success, typed).toBe(true);
    }
  });
});

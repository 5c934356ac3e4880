import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_ATTEMPTS, isLastAttempt } from './job-queue-rules.js';

describe('isLastAttempt', () => {
  it('is the try numbered as the definition’s attempts, or later', () => {
    expect(isLastAttempt({ attempts: 3 }, { attempt: 2 })).toBe(false);
    expect(isLastAttempt({ attempts: 3 }, { attempt: 3 })).toBe(true);
    expect(isLastAttempt({ attempts: 3 }, { attempt: 4 })).toBe(true);
  });

  it('takes the queues’ default when the definition names no attempts', () => {
    expect(isLastAttempt({}, { attempt: DEFAULT_JOB_ATTEMPTS - 1 })).toBe(false);
    expect(isLastAttempt({}, { attempt: DEFAULT_JOB_ATTEMPTS })).toBe(true);
  });
});

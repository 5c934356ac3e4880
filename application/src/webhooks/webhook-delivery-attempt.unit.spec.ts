import { describe, expect, it } from 'vitest';
import { nextWebhookRetryDelay } from './webhook-delivery-attempt.js';

const SCHEDULE = [5, 300, 1800].map((seconds) => seconds * 1000);

describe('nextWebhookRetryDelay', () => {
  it('waits the gap to the schedule’s next time after the first attempt, within 10 %', () => {
    const gaps = [1, 2, 3].map((attempt) => nextWebhookRetryDelay(SCHEDULE, attempt, 'wh.msg_1', null)!);
    [5_000, 295_000, 1_500_000].forEach((gap, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(gap * 0.9);
      expect(gaps[index]).toBeLessThanOrEqual(gap * 1.1);
    });
  });

  it('draws the same jitter for the same delivery and attempt, another for another delivery', () => {
    expect(nextWebhookRetryDelay(SCHEDULE, 2, 'wh.msg_1', null)).toBe(
      nextWebhookRetryDelay(SCHEDULE, 2, 'wh.msg_1', null),
    );
    const others = ['a', 'b', 'c', 'd', 'e'].map((id) => nextWebhookRetryDelay(SCHEDULE, 2, `wh.msg_${id}`, null));
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('never tries sooner than a Retry-After, nor later than a day for one', () => {
    expect(nextWebhookRetryDelay(SCHEDULE, 1, 'wh.msg_1', 60_000)).toBe(60_000);
    expect(nextWebhookRetryDelay(SCHEDULE, 1, 'wh.msg_1', 7 * 86_400_000)).toBe(86_400_000);
  });

  it('answers nothing once the schedule is spent', () => {
    expect(nextWebhookRetryDelay(SCHEDULE, 4, 'wh.msg_1', null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { shiftZonedDays, zonedTimeToInstant } from './zoned-time.js';

describe('zoned time', () => {
  it('reads a wall time on the zone’s clock, in winter and in summer', () => {
    expect(zonedTimeToInstant('2031-03-14T18:00', 'Europe/Paris')).toBe('2031-03-14T17:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'Europe/Paris')).toBe('2031-07-14T16:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'America/New_York')).toBe('2031-07-14T22:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'UTC')).toBe('2031-07-14T18:00:00.000Z');
  });

  it('crosses the changes of offset as clocks do', () => {
    // Paris, 30 March 2031: 02:00 becomes 03:00. 01:30 is still winter time, 03:30 summer time; 02:30 never shows.
    expect(zonedTimeToInstant('2031-03-30T01:30', 'Europe/Paris')).toBe('2031-03-30T00:30:00.000Z');
    expect(zonedTimeToInstant('2031-03-30T03:30', 'Europe/Paris')).toBe('2031-03-30T01:30:00.000Z');
    expect(zonedTimeToInstant('2031-03-30T02:30', 'Europe/Paris')).toBe('2031-03-30T01:30:00.000Z');
    expect(zonedTimeToInstant('2031-10-27T09:00', 'Europe/Paris')).toBe('2031-10-27T08:00:00.000Z');
  });

  it('answers null for an empty or malformed time', () => {
    expect(zonedTimeToInstant('', 'Europe/Paris')).toBeNull();
    expect(zonedTimeToInstant('14/03/2031 18:00', 'Europe/Paris')).toBeNull();
  });

  it('moves by calendar days on the zone’s clock, keeping the wall time across a change of offset', () => {
    // Due Tuesday 1 April 2031 at 18:00 in Paris (summer time): three days before is Saturday 29 March at 18:00,
    // winter time, so 72 hours minus the hour the clocks skipped on the 30th.
    const due = zonedTimeToInstant('2031-04-01T18:00', 'Europe/Paris')!;
    expect(due).toBe('2031-04-01T16:00:00.000Z');
    expect(shiftZonedDays(due, 'Europe/Paris', -3)).toBe('2031-03-29T17:00:00.000Z');
    expect(Date.parse(due) - Date.parse(shiftZonedDays(due, 'Europe/Paris', -3))).toBe(71 * 3_600_000);
    // And back in autumn (26 October 2031): the day before is 25 hours earlier.
    const autumn = zonedTimeToInstant('2031-10-27T09:00', 'Europe/Paris')!;
    expect(shiftZonedDays(autumn, 'Europe/Paris', -1)).toBe('2031-10-26T08:00:00.000Z');
    expect(shiftZonedDays(autumn, 'Europe/Paris', -2)).toBe('2031-10-25T07:00:00.000Z');
    // Across a month and a year.
    expect(shiftZonedDays('2031-01-01T10:00:00.000Z', 'UTC', -3)).toBe('2030-12-29T10:00:00.000Z');
  });
});

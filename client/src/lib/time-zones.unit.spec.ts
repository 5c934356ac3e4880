import { describe, expect, it } from 'vitest';
import { zonedTimeToInstant } from './time-zones';

describe('zonedTimeToInstant', () => {
  it('reads a wall time on the zone’s clock, in winter and in summer', () => {
    expect(zonedTimeToInstant('2031-03-14T18:00', 'Europe/Paris')).toBe('2031-03-14T17:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'Europe/Paris')).toBe('2031-07-14T16:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'America/New_York')).toBe('2031-07-14T22:00:00.000Z');
    expect(zonedTimeToInstant('2031-07-14T18:00', 'UTC')).toBe('2031-07-14T18:00:00.000Z');
  });

  it('crosses the changes of offset as clocks do', () => {
    // Paris, 30 March 2031: 02:00 becomes 03:00. 01:30 is still winter time, 03:30 summer time.
    expect(zonedTimeToInstant('2031-03-30T01:30', 'Europe/Paris')).toBe('2031-03-30T00:30:00.000Z');
    expect(zonedTimeToInstant('2031-03-30T03:30', 'Europe/Paris')).toBe('2031-03-30T01:30:00.000Z');
    // The day after the autumn change (26 October 2031), winter time again.
    expect(zonedTimeToInstant('2031-10-27T09:00', 'Europe/Paris')).toBe('2031-10-27T08:00:00.000Z');
  });

  it('answers null for an empty or malformed time', () => {
    expect(zonedTimeToInstant('', 'Europe/Paris')).toBeNull();
    expect(zonedTimeToInstant('14/03/2031 18:00', 'Europe/Paris')).toBeNull();
  });
});

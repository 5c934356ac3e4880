import { describe, expect, it } from 'vitest';
import { ISO_WEEK_PATTERN, isoWeekOf, weeklyDigestDue } from './iso-week.js';

describe('isoWeekOf', () => {
  it('names the ISO week of an instant, on UTC', () => {
    expect(isoWeekOf('2031-03-17T08:00:00Z')).toBe('2031-W12'); // a Monday
    expect(isoWeekOf('2031-03-23T23:59:59Z')).toBe('2031-W12'); // its Sunday
    expect(isoWeekOf('2031-03-24T00:00:00Z')).toBe('2031-W13');
    // The offset counts: 00:30 in Paris on Monday is still Sunday in UTC.
    expect(isoWeekOf('2031-03-24T00:30:00+01:00')).toBe('2031-W12');
  });

  it('gives the days around the new year to the year of their Thursday', () => {
    expect(isoWeekOf('2026-12-31T12:00:00Z')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03T12:00:00Z')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04T12:00:00Z')).toBe('2027-W01');
    expect(isoWeekOf('2024-12-30T12:00:00Z')).toBe('2025-W01');
    expect(isoWeekOf('2021-01-03T12:00:00Z')).toBe('2020-W53');
  });

  it('answers the pattern the decider accepts', () => {
    for (const day of ['2031-01-01', '2031-06-15', '2026-12-31']) {
      expect(isoWeekOf(`${day}T12:00:00Z`)).toMatch(ISO_WEEK_PATTERN);
    }
  });
});

describe('weeklyDigestDue', () => {
  it('is due from Monday 08:00 UTC to the end of the week', () => {
    expect(weeklyDigestDue('2031-03-17T07:59:59Z')).toBeNull();
    expect(weeklyDigestDue('2031-03-17T08:00:00Z')).toBe('2031-W12');
    expect(weeklyDigestDue('2031-03-19T03:00:00Z')).toBe('2031-W12');
    expect(weeklyDigestDue('2031-03-23T23:00:00Z')).toBe('2031-W12');
    expect(weeklyDigestDue('2031-03-24T07:00:00Z')).toBeNull();
    expect(weeklyDigestDue('2031-03-24T08:00:00Z')).toBe('2031-W13');
  });
});

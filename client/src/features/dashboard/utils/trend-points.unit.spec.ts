import { describe, expect, it } from 'vitest';
import { periodQuery } from './period';
import { bucketStart, layoutTrend, MAX_TREND_POINTS, trendPoints } from './trend-points';

describe('trend chart data', () => {
  it('starts a week on Monday (UTC) and a day at midnight', () => {
    // Sunday 9 March 2025, late evening UTC.
    const sunday = Date.parse('2025-03-09T23:30:00Z');
    expect(bucketStart(sunday, 'day')).toBe('2025-03-09');
    expect(bucketStart(sunday, 'week')).toBe('2025-03-03');
    expect(bucketStart(Date.parse('2025-03-10T00:00:00Z'), 'week')).toBe('2025-03-10');
  });

  it('fills every day of the period, the exclusive end left out', () => {
    const points = trendPoints(
      [
        { start: '2025-03-02', sessions: 2, average_score: 56.5 },
        { start: '2025-03-04', sessions: 1, average_score: null },
      ],
      'day',
      { from: '2025-03-01T00:00:00.000Z', to: '2025-03-05T00:00:00.000Z' },
    );
    expect(points).toEqual([
      { start: '2025-03-01', sessions: 0, averageScore: null },
      { start: '2025-03-02', sessions: 2, averageScore: 56.5 },
      { start: '2025-03-03', sessions: 0, averageScore: null },
      { start: '2025-03-04', sessions: 1, averageScore: null },
    ]);
  });

  it('fills weeks from the Monday of the first, and takes an open period from the buckets', () => {
    const buckets = [
      { start: '2025-03-03', sessions: 1, average_score: 40 },
      { start: '2025-03-17', sessions: 3, average_score: 80 },
    ];
    expect(trendPoints(buckets, 'week', { from: null, to: null }).map((point) => point.start)).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
    ]);
    expect(
      trendPoints(buckets, 'week', { from: '2025-03-05T00:00:00.000Z', to: null }).map((point) => point.start),
    ).toEqual(['2025-03-03', '2025-03-10', '2025-03-17']);
    expect(trendPoints([], 'week', { from: null, to: null })).toEqual([]);
  });

  it('never makes more points than a chart can show', () => {
    const points = trendPoints([], 'day', { from: '2000-01-01T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' });
    expect(points).toHaveLength(MAX_TREND_POINTS);
  });

  it('places scores on 0..100, bars on the busiest bucket, and breaks the line at a gap', () => {
    const layout = layoutTrend(
      [
        { start: '2025-03-01', sessions: 2, averageScore: 0 },
        { start: '2025-03-02', sessions: 4, averageScore: 100 },
        { start: '2025-03-03', sessions: 0, averageScore: null },
        { start: '2025-03-04', sessions: 1, averageScore: 50 },
      ],
      { width: 440, height: 220, top: 10, right: 20, bottom: 10, left: 20 },
    );
    expect(layout.maxSessions).toBe(4);
    expect(layout.points.map((point) => point.x)).toEqual([70, 170, 270, 370]);
    expect(layout.points.map((point) => point.y)).toEqual([210, 10, null, 110]);
    expect(layout.points[1]).toMatchObject({ barHeight: 180, barY: 30 });
    expect(layout.points[2]).toMatchObject({ barHeight: 0, barY: 210 });
    expect(layout.linePath).toBe('M70 210 L170 10 M370 110');
    expect(layout.yOfScore(50)).toBe(110);
  });

  it('draws nothing for an empty period', () => {
    const layout = layoutTrend([], { width: 100, height: 100, top: 0, right: 0, bottom: 0, left: 0 });
    expect(layout).toMatchObject({ points: [], linePath: '', maxSessions: 0 });
  });
});

describe('dashboard periods', () => {
  it('are the last N days up to today included, or nothing for all time', () => {
    const now = Date.parse('2025-03-31T18:00:00Z');
    expect(periodQuery('7', now)).toEqual({ from: '2025-03-25', to: '2025-03-31' });
    expect(periodQuery('30', now)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(periodQuery('all', now)).toEqual({});
  });
});

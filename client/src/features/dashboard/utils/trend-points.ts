// The trend chart's data (pure, unit-tested apart from React): the answer's sparse buckets made into one point per day
// or week of the period, and the points placed in the chart's box.

export type TrendInterval = 'day' | 'week';

/** A bucket as the API answers it (`trend[]`): only buckets in which a session started. */
export type TrendBucket = { start: string; sessions: number; average_score: number | null };

export type TrendPoint = { start: string; sessions: number; averageScore: number | null };

const DAY_MS = 24 * 3600 * 1000;
/** More buckets than a chart can show legibly: a year by day is already 366. */
export const MAX_TREND_POINTS = 400;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The first day (YYYY-MM-DD, UTC) of the bucket holding `time`: the day itself, or the Monday of its week. */
export const bucketStart = (time: number, interval: TrendInterval): string => {
  const day = Date.parse(`${dayOf(time)}T00:00:00Z`);
  if (interval === 'day') return dayOf(day);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return dayOf(day - sinceMonday * DAY_MS);
};

/**
 * One point per bucket from the period's first to its last (`to` is exclusive, as the API answers it), empty buckets
 * with no session and no score, so the chart's axis is time and a gap shows as one. An open end takes the first or
 * last bucket the answer holds; no bucket and no period give no point.
 */
export const trendPoints = (
  buckets: readonly TrendBucket[],
  interval: TrendInterval,
  period: { from: string | null; to: string | null },
): TrendPoint[] => {
  const byStart = new Map(buckets.map((bucket) => [bucket.start, bucket]));
  const first = period.from !== null ? bucketStart(Date.parse(period.from), interval) : buckets[0]?.start;
  const last = period.to !== null ? bucketStart(Date.parse(period.to) - 1, interval) : buckets.at(-1)?.start;
  if (first === undefined || last === undefined) return [];
  const step = (interval === 'day' ? 1 : 7) * DAY_MS;
  const points: TrendPoint[] = [];
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= Date.parse(`${last}T00:00:00Z`); time += step) {
    if (points.length === MAX_TREND_POINTS) break;
    const start = dayOf(time);
    const bucket = byStart.get(start);
    points.push({ start, sessions: bucket?.sessions ?? 0, averageScore: bucket?.average_score ?? null });
  }
  return points;
};

export type ChartBox = { width: number; height: number; top: number; right: number; bottom: number; left: number };

export type PlacedPoint = TrendPoint & {
  /** The centre of the point's slot. */
  x: number;
  /** Where its score sits (0 at the bottom, 100 at the top); null without a score. */
  y: number | null;
  /** The session bar: its top and height, its width shared by all. */
  barY: number;
  barHeight: number;
};

export type ChartLayout = {
  points: PlacedPoint[];
  barWidth: number;
  /** The score line's path: a move at each point after a gap, so a week without a score is not bridged. */
  linePath: string;
  /** The most sessions in one bucket: the bars' scale. */
  maxSessions: number;
  /** The y of a score on the plot, for the axis' ticks. */
  yOfScore: (score: number) => number;
};

const round = (value: number) => Math.round(value * 100) / 100;

/** Places each point in `box`: slots of equal width, scores on 0..100, bars scaled to the busiest bucket. */
export const layoutTrend = (points: readonly TrendPoint[], box: ChartBox): ChartLayout => {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const bottom = box.top + plotHeight;
  const slot = points.length === 0 ? plotWidth : plotWidth / points.length;
  const maxSessions = Math.max(0, ...points.map((point) => point.sessions));
  const yOfScore = (score: number) => round(bottom - (Math.min(100, Math.max(0, score)) / 100) * plotHeight);
  const placed = points.map((point, index) => {
    const barHeight = maxSessions === 0 ? 0 : round((point.sessions / maxSessions) * plotHeight * 0.9);
    return {
      ...point,
      x: round(box.left + slot * index + slot / 2),
      y: point.averageScore === null ? null : yOfScore(point.averageScore),
      barY: round(bottom - barHeight),
      barHeight,
    };
  });
  let linePath = '';
  let drawing = false;
  for (const point of placed) {
    if (point.y === null) {
      drawing = false;
      continue;
    }
    linePath += `${linePath ? ' ' : ''}${drawing ? 'L' : 'M'}${point.x} ${point.y}`;
    drawing = true;
  }
  return { points: placed, barWidth: round(Math.max(1, Math.min(24, slot * 0.6))), linePath, maxSessions, yOfScore };
};

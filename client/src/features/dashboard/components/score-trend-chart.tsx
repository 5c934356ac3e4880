import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutTrend, trendPoints, type TrendBucket, type TrendInterval } from '../utils/trend-points';

// Hand-written SVG rather than a chart library: the dashboard's bundle is over its budget, and one bar-and-line chart
// is a few dozen lines. The drawing is hidden from screen readers; they get the same figures as a table.

const BOX = { height: 220, top: 12, right: 12, bottom: 28, left: 36 };
/** Before the first measure (and the narrowest drawn): the chart is then scaled to its box. */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;

/**
 * The element's width in CSS pixels, kept current: the chart draws in its box's own pixels, so its labels keep their
 * size at 360 px instead of shrinking with a scaled drawing.
 */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(MIN_WIDTH, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};
const SCORE_TICKS = [0, 50, 100];

export type ScoreTrendChartProps = {
  buckets: readonly TrendBucket[];
  interval: TrendInterval;
  period: { from: string | null; to: string | null };
};

/** Sessions per day or week as bars, and the average score (0–100) as a line over them. */
export const ScoreTrendChart = ({ buckets, interval, period }: ScoreTrendChartProps) => {
  const { t, i18n } = useTranslation('dashboard');
  const titleId = useId();
  const points = useMemo(() => trendPoints(buckets, interval, period), [buckets, interval, period]);
  const [frame, width] = useWidth();
  const box = useMemo(() => ({ ...BOX, width }), [width]);
  const layout = useMemo(() => layoutTrend(points, box), [points, box]);
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const scores = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }), [i18n.language]);
  const dateOf = (start: string) => dates.format(new Date(`${start}T00:00:00Z`));
  // As many date labels as fit (about 80 px each), spread evenly, always the first and the last.
  const room = Math.max(2, Math.floor((width - BOX.left - BOX.right) / 80));
  const labelled =
    points.length <= room
      ? points.map((_, index) => index)
      : [...new Set(Array.from({ length: room }, (_, k) => Math.round((k * (points.length - 1)) / (room - 1))))];
  const bottom = BOX.height - BOX.bottom;

  return (
    <figure aria-labelledby={titleId} data-testid="coaching-trend">
      <figcaption id={titleId} className="mb-2 text-sm text-gray-700 dark:text-gray-300">
        {t('coaching.trend.caption', { interval: t(`coaching.trend.${interval}`) })}
      </figcaption>
      <div ref={frame}>
        <svg
          viewBox={`0 0 ${box.width} ${box.height}`}
          className="h-auto w-full overflow-visible text-gray-700 dark:text-gray-300"
          aria-hidden="true"
          focusable="false"
        >
          {SCORE_TICKS.map((tick) => (
            <g key={tick}>
              <line
                x1={BOX.left}
                x2={box.width - BOX.right}
                y1={layout.yOfScore(tick)}
                y2={layout.yOfScore(tick)}
                className="stroke-gray-200 dark:stroke-gray-700"
                strokeDasharray={tick === 0 ? undefined : '4 4'}
              />
              <text
                x={BOX.left - 6}
                y={layout.yOfScore(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-current text-[11px]"
              >
                {tick}
              </text>
            </g>
          ))}
          {layout.points.map((point) =>
            point.barHeight > 0 ? (
              <rect
                key={`bar-${point.start}`}
                x={point.x - layout.barWidth / 2}
                y={point.barY}
                width={layout.barWidth}
                height={point.barHeight}
                rx={2}
                className="fill-primary-200 dark:fill-primary-900"
              />
            ) : null,
          )}
          <path
            d={layout.linePath}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            className="stroke-primary-700 dark:stroke-primary-300"
          />
          {layout.points.map((point) =>
            point.y === null ? null : (
              <circle
                key={`score-${point.start}`}
                cx={point.x}
                cy={point.y}
                r={3.5}
                className="fill-white stroke-primary-700 dark:fill-gray-900 dark:stroke-primary-300"
                strokeWidth={2}
              />
            ),
          )}
          {labelled.map((index) => {
            const point = layout.points[index];
            return point ? (
              <text
                key={`label-${point.start}`}
                x={point.x}
                y={bottom + 18}
                textAnchor={
                  index === 0 && points.length > room
                    ? 'start'
                    : index === points.length - 1 && points.length > room
                      ? 'end'
                      : 'middle'
                }
                className="fill-current text-[11px]"
              >
                {dateOf(point.start)}
              </text>
            ) : null;
          })}
        </svg>
      </div>
      <div className="mt-2 flex flex-wrap gap-4 text-xs text-gray-700 dark:text-gray-300" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-primary-700 dark:bg-primary-300" />
          {t('coaching.trend.legendScore')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm bg-primary-200 dark:bg-primary-900" />
          {t('coaching.trend.legendSessions')}
        </span>
      </div>
      <table className="sr-only">
        <caption>{t('coaching.trend.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(`coaching.trend.periodStart.${interval}`)}</th>
            <th scope="col">{t('coaching.trend.legendSessions')}</th>
            <th scope="col">{t('coaching.trend.legendScore')}</th>
          </tr>
        </thead>
        <tbody>
          {points
            .filter((point) => point.sessions > 0)
            .map((point) => (
              <tr key={point.start}>
                <th scope="row">{dateOf(point.start)}</th>
                <td>{scores.format(point.sessions)}</td>
                <td>{point.averageScore === null ? t('coaching.none') : scores.format(point.averageScore)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
};

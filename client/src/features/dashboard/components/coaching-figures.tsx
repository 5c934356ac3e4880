import type { CoachingDashboardAnswer } from '@ai-coaching/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/query-state';
import { formatCredits } from '../../../lib/credits/nb-credits';
import { Figure } from './figure';

// The pieces both coaching sections show: the learner's own figures and the team's.

/** How figures read: a percentage, a score with one decimal, credits, and a dash for "none yet". */
export const useFigureFormats = () => {
  const { t, i18n } = useTranslation('dashboard');
  return useMemo(() => {
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
    const score = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    return {
      winRate: (value: number | null) => (value === null ? t('coaching.none') : percent.format(value)),
      score: (value: number | null) => (value === null ? t('coaching.none') : score.format(value)),
      /** The overall score as documented: out of 100. */
      outOf100: (value: number | null) =>
        value === null ? t('coaching.none') : t('coaching.figures.outOf100', { score: value }),
      credits: (value: number) => formatCredits(value, i18n.language),
      count: (value: number) => formatCredits(value, i18n.language),
    };
  }, [t, i18n.language]);
};

/** The four figures of a set of sessions, as cards. */
export const CoachingFigures = ({
  totals,
  testIdPrefix,
}: {
  totals: CoachingDashboardAnswer['totals'];
  testIdPrefix: string;
}) => {
  const { t } = useTranslation('dashboard');
  const format = useFigureFormats();
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Figure
        label={t('coaching.figures.sessions')}
        value={format.count(totals.sessions)}
        testId={`${testIdPrefix}-sessions`}
      />
      <Figure
        label={t('coaching.figures.winRate')}
        value={format.winRate(totals.win_rate)}
        testId={`${testIdPrefix}-win-rate`}
      />
      <Figure
        label={t('coaching.figures.averageScore')}
        value={format.outOf100(totals.average_score)}
        testId={`${testIdPrefix}-average-score`}
      />
      <Figure
        label={t('coaching.figures.creditsUsed')}
        value={format.credits(totals.credits_used)}
        testId={`${testIdPrefix}-credits-used`}
      />
    </div>
  );
};

type Criterion = CoachingDashboardAnswer['criteria'][number];

/** The scale's bounds, as the meter reads them: a pass/fail criterion's mean is the share passed. */
const SCALE_BOUNDS: Record<Criterion['scale'], { min: number; max: number }> = {
  pass_fail: { min: 0, max: 1 },
  '1_5': { min: 1, max: 5 },
  '1_10': { min: 1, max: 10 },
};

/**
 * Each criterion's mean on its own scale ("3.4 / 5", "passed in 67 % of sessions") as a labelled meter, with the
 * observer it belongs to; weakest first (by the 0–100 figure the overall score counts), so what to work on comes first.
 */
export const CriteriaScores = ({ criteria }: { criteria: CoachingDashboardAnswer['criteria'] }) => {
  const { t } = useTranslation('dashboard');
  const sorted = [...criteria].sort((a, b) => a.average_score - b.average_score || a.name.localeCompare(b.name));
  if (sorted.length === 0) return <EmptyState>{t('coaching.criteria.empty')}</EmptyState>;
  const valueOf = (criterion: Criterion) =>
    criterion.scale === 'pass_fail'
      ? t('coaching.criteria.passed', { share: criterion.average })
      : t('coaching.criteria.outOf', { value: criterion.average, max: SCALE_BOUNDS[criterion.scale].max });
  return (
    <ul className="space-y-3" data-testid="coaching-criteria">
      {sorted.map((criterion) => {
        const value = valueOf(criterion);
        const { min, max } = SCALE_BOUNDS[criterion.scale];
        return (
          <li
            key={`${criterion.observer_id}:${criterion.position}:${criterion.scale}`}
            data-testid="coaching-criterion"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium">{criterion.name}</span>
                {criterion.observer_name ? (
                  <span className="block text-xs text-gray-700 dark:text-gray-300">{criterion.observer_name}</span>
                ) : null}
              </span>
              <span className="tabular-nums">
                <span data-testid="coaching-criterion-value">{value}</span>
                <span className="ml-2 text-gray-700 dark:text-gray-300">
                  {t('coaching.criteria.sessions', { count: criterion.sessions })}
                </span>
              </span>
            </div>
            <div
              className="mt-1 h-2 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
              role="meter"
              aria-label={criterion.observer_name ? `${criterion.name}, ${criterion.observer_name}` : criterion.name}
              aria-valuemin={min}
              aria-valuemax={max}
              aria-valuenow={criterion.average}
              aria-valuetext={value}
            >
              <div
                className="h-full rounded-full bg-scoring-600 dark:bg-scoring-400"
                style={{ width: `${Math.max(0, Math.min(100, criterion.average_score))}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
};

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
      credits: (value: number) => formatCredits(value, i18n.language),
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
      <Figure label={t('coaching.figures.sessions')} value={totals.sessions} testId={`${testIdPrefix}-sessions`} />
      <Figure
        label={t('coaching.figures.winRate')}
        value={format.winRate(totals.win_rate)}
        testId={`${testIdPrefix}-win-rate`}
      />
      <Figure
        label={t('coaching.figures.averageScore')}
        value={format.score(totals.average_score)}
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

/** Each criterion's mean score as a labelled meter, weakest first so what to work on comes first. */
export const CriteriaScores = ({ criteria }: { criteria: CoachingDashboardAnswer['criteria'] }) => {
  const { t } = useTranslation('dashboard');
  const format = useFigureFormats();
  const sorted = [...criteria].sort((a, b) => a.average_score - b.average_score || a.name.localeCompare(b.name));
  if (sorted.length === 0) return <EmptyState>{t('coaching.criteria.empty')}</EmptyState>;
  return (
    <ul className="space-y-3" data-testid="coaching-criteria">
      {sorted.map((criterion) => (
        <li key={criterion.name}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium">{criterion.name}</span>
            <span className="shrink-0 tabular-nums">
              {format.score(criterion.average_score)}
              <span className="sr-only"> / 100</span>
              <span className="ml-2 text-gray-700 dark:text-gray-300">
                {t('coaching.criteria.sessions', { count: criterion.sessions })}
              </span>
            </span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
            role="meter"
            aria-label={criterion.name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={criterion.average_score}
          >
            <div
              className="h-full rounded-full bg-scoring-600 dark:bg-scoring-400"
              style={{ width: `${Math.max(0, Math.min(100, criterion.average_score))}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
};

import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { Loading, QueryState } from '../../../components/ui/query-state';
import { WhenVisible } from '../../../components/ui/when-visible';
import { useCan } from '../../../lib/session/session-context';
import { useCoachingDashboard } from '../api/dashboard-api';
import { CoachingFigures, CriteriaScores } from './coaching-figures';
import { ScoreTrendChart } from './score-trend-chart';
import { DASHBOARD_PERIODS, periodQuery, type DashboardPeriod } from '../utils/period';
import { SectionHeading } from '../../../components/ui/section-heading';

// The team's section is only for those with `coaching-session-check-other`, and holds tables and filters a learner
// never sees: its own chunk, downloaded when it shows.
// Only learners who spoke to a voice persona have delays to read: the table and its kit load for them alone.
const VoiceDelayByProvider = lazy(() =>
  import('./voice-latency-by-provider').then((module) => ({ default: module.VoiceDelayByProvider })),
);
const TeamDashboard = lazy(() => import('./team-dashboard').then((module) => ({ default: module.TeamDashboard })));

/**
 * The dashboard's coaching part: a period for both sections, the learner's own figures, score trend and criteria,
 * and with `coaching-session-check-other` the team's (loaded on demand).
 */
export const CoachingDashboard = ({ organizationId }: { organizationId: string }) => {
  const { t } = useTranslation('dashboard');
  const can = useCan();
  // The period's days are fixed when it is chosen, so a re-render never asks for a new query.
  const [{ period, range }, setSelection] = useState(() => ({
    period: '30' as DashboardPeriod,
    range: periodQuery('30', Date.now()),
  }));
  const mine = useCoachingDashboard({ scope: 'mine', ...range });
  const seesTeam = can('coaching-session-check-other');

  return (
    <section aria-labelledby="coaching-dashboard" className="mt-8 space-y-6">
      <SectionHeading id="coaching-dashboard" title={t('coaching.title')} className="items-end gap-3">
        <SelectField
          label={t('coaching.period.label')}
          value={period}
          onChange={(event) => {
            const chosen = event.target.value as DashboardPeriod;
            setSelection({ period: chosen, range: periodQuery(chosen, Date.now()) });
          }}
          options={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`coaching.period.options.${value}`) }))}
          data-testid="coaching-period"
        />
      </SectionHeading>
      <Card>
        <h3 className="mb-4 text-base font-semibold">{t('coaching.mine.title')}</h3>
        <QueryState
          query={mine}
          isEmpty={(data) => data.totals.sessions === 0}
          empty={
            <>
              {t('coaching.mine.empty')}{' '}
              <Link to="/apps/ai-coaching" className="font-medium text-primary-700 underline dark:text-primary-300">
                {t('coaching.mine.start')}
              </Link>
            </>
          }
        >
          {(data) => (
            <div className="space-y-6" aria-busy={mine.isPlaceholderData || undefined}>
              <CoachingFigures totals={data.totals} testIdPrefix="coaching-mine" />
              <div className="grid gap-6 lg:grid-cols-3">
                <div className="lg:col-span-2">
                  <h4 className="mb-2 text-sm font-semibold">{t('coaching.trend.title')}</h4>
                  <ScoreTrendChart
                    buckets={data.trend}
                    interval={data.interval}
                    period={{ from: data.from, to: data.to }}
                  />
                </div>
                <div>
                  <h4 className="mb-2 text-sm font-semibold">{t('coaching.criteria.title')}</h4>
                  <CriteriaScores criteria={data.criteria} />
                </div>
              </div>
              {data.voice_latency_by_provider.length > 0 ? (
                <Suspense fallback={null}>
                  <VoiceDelayByProvider rows={data.voice_latency_by_provider} testId="voice-delay-by-provider" />
                </Suspense>
              ) : null}
            </div>
          )}
        </QueryState>
      </Card>
      {seesTeam && !mine.isPending ? (
        // Below the learner's own figures (placed once they have their height): its table and CSV export load when it
        // comes onto the screen.
        <WhenVisible minHeight="16rem" margin="0px">
          <Suspense fallback={<Loading label={t('coaching.team.loading')} />}>
            <TeamDashboard range={range} organizationId={organizationId} />
          </Suspense>
        </WhenVisible>
      ) : null}
    </section>
  );
};

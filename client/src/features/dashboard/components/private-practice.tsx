import type { CoachingDashboardAnswer } from '@ai-coaching/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/query-state';
import { useFigureFormats } from './coaching-figures';

type PrivatePractice = NonNullable<CoachingDashboardAnswer['private_practice']>;

/**
 * The team's private practice (docs/programs.md, "Private practice"): how many sessions and how long, per learner,
 * which is all a manager sees of it; the other figures never count it.
 */
export const PrivatePracticeTable = ({ practice }: { practice: PrivatePractice }) => {
  const { t } = useTranslation('dashboard');
  const format = useFigureFormats();
  const minutes = (seconds: number) => t('coaching.team.private.minutes', { count: Math.round(seconds / 60) });
  return (
    <div className="space-y-2" data-testid="coaching-team-private-practice">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('coaching.team.private.total', {
          sessions: t('coaching.team.private.sessions', { count: practice.sessions }),
          time: minutes(practice.duration_seconds),
        })}{' '}
        {t('coaching.team.private.hint')}
      </p>
      {practice.users.length === 0 ? (
        <EmptyState>{t('coaching.team.private.none')}</EmptyState>
      ) : (
        <DataTable
          caption={t('coaching.team.private.title')}
          columns={[
            { id: 'name', header: t('coaching.team.columns.user'), cell: (row) => row.name, isRowHeader: true },
            {
              id: 'sessions',
              header: t('coaching.figures.sessions'),
              cell: (row) => format.count(row.sessions),
              align: 'end',
            },
            {
              id: 'duration',
              header: t('coaching.team.private.duration'),
              cell: (row) => minutes(row.duration_seconds),
              align: 'end',
            },
          ]}
          items={practice.users}
          rowKey={(row) => row.user_id}
          rowTestId="coaching-team-private-row"
        />
      )}
    </div>
  );
};

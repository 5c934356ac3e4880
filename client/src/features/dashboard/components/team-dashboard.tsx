import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { SelectField } from '../../../components/ui/field';
import { EmptyState, QueryState } from '../../../components/ui/query-state';
import { useToast } from '../../../components/ui/toast';
import { useErrorMessage } from '../../../lib/http/use-error-message';
import { saveTextFile } from '../../../lib/save-text-file';
import { useCoachingDashboard, useCoachingDashboardCsv, useTeamGroups } from '../api/dashboard-api';
import { CoachingFigures, CriteriaScores, useFigureFormats } from './coaching-figures';
import { PrivatePracticeTable } from './private-practice';
import { VoiceLatencyByProvider } from './voice-latency-by-provider';

type Figures = {
  sessions: number;
  win_rate: number | null;
  average_score: number | null;
  credits_used: number;
};

/** The figure columns every table of the team shares after its naming column. */
const useFigureColumns = <Row extends Figures>(): DataColumn<Row>[] => {
  const { t } = useTranslation('dashboard');
  const format = useFigureFormats();
  return [
    { id: 'sessions', header: t('coaching.figures.sessions'), cell: (row) => format.count(row.sessions), align: 'end' },
    {
      id: 'win-rate',
      header: t('coaching.figures.winRate'),
      cell: (row) => format.winRate(row.win_rate),
      align: 'end',
      priority: 2,
    },
    {
      id: 'average-score',
      header: t('coaching.figures.averageScore'),
      cell: (row) => format.score(row.average_score),
      align: 'end',
    },
    {
      id: 'credits',
      header: t('coaching.figures.creditsUsed'),
      cell: (row) => format.credits(row.credits_used),
      align: 'end',
      priority: 3,
    },
  ];
};

const nameColumn = <Row extends { name: string }>(header: string): DataColumn<Row> => ({
  id: 'name',
  header,
  cell: (row) => row.name,
  isRowHeader: true,
});

/** One of the team's tables (by group, user, scenario) or the criteria, under its heading. */
const TeamSection = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id}>
    <h4 id={id} className="mb-2 text-sm font-semibold">
      {title}
    </h4>
    {children}
  </section>
);

/**
 * The team's figures (`coaching-session-check-other`): filters by group and scenario, the totals, the tables by
 * group, user and scenario, the criteria, and the CSV of what is shown.
 */
export const TeamDashboard = ({
  range,
  organizationId,
}: {
  range: { from?: string; to?: string };
  organizationId: string;
}) => {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [groupId, setGroupId] = useState('');
  const [scenarioId, setScenarioId] = useState('');
  const csvExport = useCoachingDashboardCsv();
  const filters = {
    ...range,
    ...(groupId ? { group_id: groupId } : {}),
    ...(scenarioId ? { scenario_id: scenarioId } : {}),
  };
  const team = useCoachingDashboard({ scope: 'team', ...filters });
  // The scenario filter offers what the team played in the period; without a scenario chosen, this is the same query.
  const { scenario_id: _scenario, ...withoutScenario } = filters;
  const played = useCoachingDashboard({ scope: 'team', ...withoutScenario });
  const groups = useTeamGroups(organizationId, true);
  const figureColumns = useFigureColumns();
  const format = useFigureFormats();

  const download = async () => {
    try {
      const csv = await csvExport.mutateAsync(filters);
      saveTextFile(csv, `coaching-dashboard-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv');
      toast.show(t('coaching.team.downloaded'));
    } catch (error) {
      toast.show(errorMessage(error), 'error');
    }
  };

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-base font-semibold">{t('coaching.team.title')}</h3>
        <Button
          variant="secondary"
          loading={csvExport.isPending}
          onClick={() => void download()}
          data-testid="coaching-team-export"
        >
          {t('coaching.team.download')}
        </Button>
      </div>
      <div className="mb-6 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('coaching.team.group')}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          options={[
            { value: '', label: t('coaching.team.allGroups') },
            ...(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
          data-testid="coaching-team-group"
        />
        <SelectField
          label={t('coaching.team.scenario')}
          value={scenarioId}
          onChange={(event) => setScenarioId(event.target.value)}
          options={[
            { value: '', label: t('coaching.team.allScenarios') },
            ...(played.data?.scenarios ?? []).map((scenario) => ({
              value: scenario.scenario_id,
              label: scenario.name,
            })),
          ]}
          data-testid="coaching-team-scenario"
        />
      </div>
      <QueryState
        query={team}
        isEmpty={(data) => data.totals.sessions === 0 && (data.private_practice?.sessions ?? 0) === 0}
        empty={t('coaching.team.empty')}
      >
        {(data) => (
          <div className="space-y-6" aria-busy={team.isPlaceholderData || undefined} data-testid="coaching-team">
            <CoachingFigures totals={data.totals} testIdPrefix="coaching-team" />
            <TeamSection id="coaching-team-groups" title={t('coaching.team.byGroup')}>
              {(data.groups ?? []).length === 0 ? (
                <EmptyState>{t('coaching.team.noGroups')}</EmptyState>
              ) : (
                <DataTable
                  caption={t('coaching.team.byGroup')}
                  columns={[
                    nameColumn(t('coaching.team.columns.group')),
                    {
                      id: 'players',
                      header: t('coaching.team.columns.players'),
                      cell: (row) => format.count(row.players),
                      align: 'end',
                      priority: 3,
                    },
                    ...figureColumns,
                  ]}
                  items={data.groups ?? []}
                  rowKey={(row) => row.group_id}
                  rowTestId="coaching-team-group-row"
                />
              )}
            </TeamSection>
            <TeamSection id="coaching-team-users" title={t('coaching.team.byUser')}>
              <DataTable
                caption={t('coaching.team.byUser')}
                columns={[nameColumn(t('coaching.team.columns.user')), ...figureColumns]}
                items={data.users ?? []}
                rowKey={(row) => row.user_id}
                rowTestId="coaching-team-user-row"
              />
            </TeamSection>
            {data.private_practice ? (
              <TeamSection id="coaching-team-private" title={t('coaching.team.private.title')}>
                <PrivatePracticeTable practice={data.private_practice} />
              </TeamSection>
            ) : null}
            <TeamSection id="coaching-team-scenarios" title={t('coaching.team.byScenario')}>
              <DataTable
                caption={t('coaching.team.byScenario')}
                columns={[nameColumn(t('coaching.team.columns.scenario')), ...figureColumns]}
                items={data.scenarios}
                rowKey={(row) => row.scenario_id}
              />
            </TeamSection>
            <TeamSection id="coaching-team-criteria" title={t('coaching.criteria.title')}>
              <CriteriaScores criteria={data.criteria} />
            </TeamSection>
            <VoiceLatencyByProvider
              rows={data.voice_latency_by_provider}
              testId="coaching-team-voice-latency-by-provider"
            />
          </div>
        )}
      </QueryState>
    </Card>
  );
};

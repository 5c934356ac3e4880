import { COACHING_SESSION_STATUSES, type CoachingSessionStatus } from '@ai-coaching/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { ListToolbar } from '../../../components/ui/list-controls';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedTable } from '../../../components/ui/paged-table';
import { useListParams } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/session/session-context';
import { useCoachingSessions, type CoachingSessionSummary, type SessionScope } from '../api/sessions-api';
import { playPath, resultPath } from '../utils/session-paths';
import { AnalysisRerunDialog } from './analysis-rerun-dialog';
import { SessionStatus } from './session-status';

const ENDED: readonly string[] = ['win', 'loose', 'end', 'abort'];
const SCOPES: readonly SessionScope[] = ['mine', 'organization'];

/** `/apps/ai-coaching/session/list`: the learner's sessions; with `coaching-session-check-other`, the organization's. */
export const SessionList = () => {
  const { t, i18n } = useTranslation('coachingSessions');
  const can = useCan();
  const [state, update, params] = useListParams();
  const mayCheckOthers = can('coaching-session-check-other');
  const scope: SessionScope = mayCheckOthers && params.get('scope') === 'organization' ? 'organization' : 'mine';
  const status = (COACHING_SESSION_STATUSES as readonly string[]).includes(params.get('status') ?? '-')
    ? (params.get('status') as CoachingSessionStatus)
    : undefined;
  const query = useCoachingSessions({ ...state, scope, ...(status !== undefined ? { status } : {}) });
  const dates = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.about')}
        actions={
          <div className="flex flex-wrap gap-2">
            {mayCheckOthers && can('coaching-session-analysis-report-update') ? <AnalysisRerunDialog /> : null}
            <Link to="/apps/ai-coaching" className={buttonClassName('secondary')}>
              {t('list.play')}
            </Link>
          </div>
        }
      />
      <PagedTable<CoachingSessionSummary>
        query={query}
        state={state}
        onChange={update}
        isFiltered={status !== undefined}
        toolbar={
          <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end">
            <div className="flex-1 [&>div]:mb-0">
              <ListToolbar state={state} onChange={update} searchLabel={t('list.search')} />
            </div>
            <div className={`grid gap-3 ${mayCheckOthers ? 'grid-cols-2' : 'grid-cols-1'}`}>
              {mayCheckOthers ? (
                <SelectField
                  label={t('list.scope')}
                  value={scope}
                  options={SCOPES.map((value) => ({ value, label: t(`list.scopes.${value}`) }))}
                  onChange={(event) => update({ scope: event.target.value === 'mine' ? '' : event.target.value })}
                />
              ) : null}
              <SelectField
                label={t('list.status')}
                value={status ?? '-'}
                options={[
                  { value: '-', label: t('list.anyStatus') },
                  ...COACHING_SESSION_STATUSES.filter((value) => value !== '').map((value) => ({
                    value,
                    label: t(`status.${value}`),
                  })),
                ]}
                onChange={(event) => update({ status: event.target.value === '-' ? '' : event.target.value })}
              />
            </div>
          </div>
        }
        empty={
          <span className="flex flex-col items-center gap-3">
            <span>{t('list.none')}</span>
            <Link to="/apps/ai-coaching" className={buttonClassName('primary')}>
              {t('list.play')}
            </Link>
          </span>
        }
        noMatch={t('list.noMatch')}
        caption={t('list.title')}
        rowKey={(session) => session.id}
        rowTestId="session-row"
        columns={[
          {
            id: 'name',
            header: t('list.name'),
            sortKey: 'name',
            isRowHeader: true,
            cell: (session) => (
              <span className="min-w-0">
                <Link
                  to={ENDED.includes(session.status) ? resultPath(session.id) : playPath(session.id)}
                  className="font-medium hover:underline"
                >
                  {session.name}
                </Link>
                {session.guest_name !== null ? (
                  <span className="block text-sm text-gray-700 dark:text-gray-300" data-testid="session-guest">
                    {t('list.guest', { name: session.guest_name })}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            id: 'status',
            header: t('list.statusHeader'),
            cell: (session) => <SessionStatus status={session.status} />,
          },
          {
            id: 'started',
            header: t('list.started'),
            sortKey: 'updated_at',
            priority: 2,
            cell: (session) => dates.format(new Date(session.started_at)),
          },
          {
            id: 'cost',
            header: t('list.cost'),
            align: 'end',
            priority: 3,
            cell: (session) => t('info.credits', { count: session.cost_credits }),
          },
        ]}
      />
    </>
  );
};

import type { Leaderboard, LeaderboardEntry } from '@ai-coaching/contracts';
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS, type LeaderboardMetric } from '@ai-coaching/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { SelectField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import {
  useHideLeaderboardName,
  useLeaderboard,
  useLeaderboardGroups,
  useLeaderboardPreference,
  type LeaderboardQuery,
} from '../api/leaderboard-api';

/** The scope select's value: the whole organization, or one of its groups by id. */
const ORGANIZATION = '';

const LeaderboardTable = ({ board, caption }: { board: Leaderboard; caption: string }) => {
  const { t, i18n } = useTranslation('coaching');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const valueOf = (entry: LeaderboardEntry, metric: LeaderboardMetric) =>
    metric === 'practice_time'
      ? entry.value < 60
        ? t('leaderboard.seconds', { count: entry.value })
        : t('leaderboard.minutes', { count: Math.round(entry.value / 60) })
      : metric === 'average_best_score'
        ? number.format(entry.value)
        : t('leaderboard.programs', { count: entry.value });
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
      <table className="w-full text-left text-sm">
        <caption className="p-3 text-left font-medium">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-900">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('leaderboard.rank')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('leaderboard.learner')}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t(`leaderboard.metrics.${board.metric}`)}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
          {board.entries.map((entry, index) => (
            <tr
              key={entry.user_id ?? `hidden-${index}`}
              aria-current={entry.you ? 'true' : undefined}
              className={entry.you ? 'bg-primary-100 font-semibold dark:bg-primary-900' : ''}
            >
              <td className="px-3 py-2">{entry.rank}</td>
              <td className="px-3 py-2 break-words">
                {entry.name ?? t('leaderboard.hiddenName')}
                {entry.you ? ` ${t('leaderboard.you')}` : ''}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{valueOf(entry, board.metric)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const LeaderboardBoard = () => {
  const { t } = useTranslation('coaching');
  const [groupId, setGroupId] = useState(ORGANIZATION);
  const [period, setPeriod] = useState<LeaderboardQuery['period']>('month');
  const [metric, setMetric] = useState<LeaderboardMetric>('practice_time');
  const groups = useLeaderboardGroups();
  const query: LeaderboardQuery =
    groupId === ORGANIZATION
      ? { scope: 'organization', period, metric }
      : { scope: 'user_group', user_group_id: groupId, period, metric };
  const board = useLeaderboard(query);
  const scopeName =
    groupId === ORGANIZATION
      ? t('leaderboard.wholeOrganization')
      : (groups.data?.items.find((group) => group.id === groupId)?.name ?? '');
  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('leaderboard.scope')}
          value={groupId}
          onChange={(event) => setGroupId(event.target.value)}
          options={[
            { value: ORGANIZATION, label: t('leaderboard.wholeOrganization') },
            ...(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
        />
        <SelectField
          label={t('leaderboard.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as LeaderboardQuery['period'])}
          options={LEADERBOARD_PERIODS.map((value) => ({ value, label: t(`leaderboard.periods.${value}`) }))}
        />
        <SelectField
          label={t('leaderboard.metric')}
          value={metric}
          onChange={(event) => setMetric(event.target.value as LeaderboardMetric)}
          options={LEADERBOARD_METRICS.map((value) => ({ value, label: t(`leaderboard.metrics.${value}`) }))}
        />
      </div>
      {board.isPending ? (
        <Loading />
      ) : board.isError ? (
        <LoadError error={board.error} onRetry={() => void board.refetch()} />
      ) : board.data.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm dark:border-gray-700">
          {t('leaderboard.empty')}
        </p>
      ) : (
        <LeaderboardTable
          board={board.data}
          caption={t('leaderboard.caption', {
            metric: t(`leaderboard.metrics.${metric}`),
            scope: scopeName,
            period: t(`leaderboard.periods.${period}`),
          })}
        />
      )}
    </>
  );
};

/**
 * `/apps/ai-coaching/leaderboard` (ours, issue 27): the organization's or a group's leaderboard, the caller's line
 * highlighted, and their choice to hide their name. Says who can turn leaderboards on while the organization has not.
 */
export const LeaderboardPage = () => {
  const { t } = useTranslation('coaching');
  const preference = useLeaderboardPreference();
  const hide = useHideLeaderboardName();
  return (
    <>
      <PageHeader title={t('leaderboard.title')} description={t('leaderboard.about')} />
      {preference.isPending ? (
        <Loading />
      ) : preference.isError ? (
        <LoadError error={preference.error} onRetry={() => void preference.refetch()} />
      ) : preference.data.enabled ? (
        <>
          <div className="mb-4">
            <CheckboxField
              label={t('leaderboard.hide')}
              hint={t('leaderboard.hideHint')}
              // The choice shows at once; the answer confirms it (or puts it back on a failure).
              checked={hide.isPending ? hide.variables : preference.data.hidden}
              disabled={hide.isPending}
              onChange={(hidden) => hide.mutate(hidden)}
            />
          </div>
          <LeaderboardBoard />
        </>
      ) : (
        <Alert tone="info">{t('leaderboard.disabled')}</Alert>
      )}
    </>
  );
};

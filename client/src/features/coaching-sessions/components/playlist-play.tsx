import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, LoadError, Loading } from '../../../components/ui/query-state';
import { usePlaylistProgress, type PlaylistProgress } from '../api/playlist-progress-api';
import { infoPath, resultPath } from '../utils/session-paths';
import { SessionStatus } from './session-status';

type ScenarioRow = PlaylistProgress['scenarios'][number];

const ScenarioStep = ({ row, playlistId }: { row: ScenarioRow; playlistId: string }) => {
  const { t } = useTranslation('coachingSessions');
  const name = row.name ?? t('playlist.unavailableName');
  return (
    <li
      data-testid="playlist-scenario"
      data-next={row.next || undefined}
      aria-current={row.next ? 'step' : undefined}
      className={`flex flex-col gap-3 rounded-lg border bg-white p-4 sm:flex-row sm:items-center dark:bg-gray-900 ${
        row.next
          ? 'border-primary-600 ring-2 ring-primary-600 dark:border-primary-300 dark:ring-primary-300'
          : 'border-gray-200 dark:border-gray-800'
      }`}
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gray-100 font-semibold dark:bg-gray-800"
      >
        {row.position}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words">
          <span className="sr-only">{row.position}. </span>
          {name}
          {row.next ? (
            <span className="ml-2 rounded-full bg-primary-700 px-2 py-0.5 text-xs font-medium text-white dark:bg-primary-300 dark:text-gray-950">
              {t('playlist.next')}
            </span>
          ) : null}
        </h2>
        {row.available ? (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
            {row.best_status ? (
              <span className="inline-flex items-center gap-2">
                <span className="sr-only">{t('labelled', { ns: 'common', label: t('playlist.bestResult') })}</span>
                <SessionStatus status={row.best_status} />
              </span>
            ) : (
              <span>{t('playlist.notPlayed')}</span>
            )}
            {row.sessions > 0 ? <span>{t('playlist.sessions', { count: row.sessions })}</span> : null}
            {row.best_status ? (
              <span>
                {row.best_score === null
                  ? t('playlist.noScore')
                  : t('playlist.bestScore', { score: Math.round(row.best_score) })}
              </span>
            ) : null}
          </div>
        ) : (
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('playlist.unavailable')}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {row.last_session_id && row.finished_sessions > 0 ? (
          <Link
            to={resultPath(row.last_session_id, playlistId)}
            className={buttonClassName('ghost', 'min-h-9 px-3 py-1')}
          >
            {t('playlist.lastResult')}
            <span className="sr-only"> — {name}</span>
          </Link>
        ) : null}
        {row.available ? (
          <Link
            to={infoPath(row.scenario_id, playlistId)}
            className={buttonClassName(row.next ? 'primary' : 'secondary', 'min-h-9 px-3 py-1')}
          >
            {row.played ? t('playlist.playAgain') : t('playlist.play')}
            <span className="sr-only"> — {name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
};

/**
 * `playlist/play-{id}`: the playlist's scenarios in order with the learner's best result on each, the next one to
 * play highlighted; each starts through its scenario's information page (docs/coaching-sessions.md, "Playlists in
 * play").
 */
export const PlaylistPlay = ({ playlistId }: { playlistId: string }) => {
  const { t } = useTranslation('coachingSessions');
  const query = usePlaylistProgress(playlistId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const progress = query.data;
  const percent = progress.total === 0 ? 0 : Math.round((progress.played / progress.total) * 100);
  return (
    <>
      <PageHeader title={progress.name} description={progress.description} />
      <section aria-labelledby="playlist-progress" className="mb-6">
        <p id="playlist-progress" className="text-sm font-medium">
          {t('playlist.progress', { count: progress.played, total: progress.total })}
        </p>
        <div
          role="progressbar"
          aria-labelledby="playlist-progress"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.played}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        >
          <div className="h-full bg-primary-700 dark:bg-primary-300" style={{ width: `${percent}%` }} />
        </div>
        {progress.total > 0 && progress.next_scenario_id === null ? (
          <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">{t('playlist.allPlayed')}</p>
        ) : null}
      </section>
      {progress.scenarios.length === 0 ? (
        <EmptyState>{t('playlist.empty')}</EmptyState>
      ) : (
        <ol aria-label={t('playlist.title')} className="flex flex-col gap-3">
          {progress.scenarios.map((row) => (
            <ScenarioStep key={row.scenario_id} row={row} playlistId={playlistId} />
          ))}
        </ol>
      )}
    </>
  );
};

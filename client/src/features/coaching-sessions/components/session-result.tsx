import { lazy, Suspense, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadError, Loading } from '../../../components/ui/query-state';
import { usePlaylistProgress } from '../api/playlist-progress-api';
import { VoiceDelay } from '../../../components/voice-delay';
import { useCan } from '../../../lib/session/session-context';
import { useSessionRecordings } from '../api/recordings-api';
import { useCoachingSession, type CoachingSession } from '../api/sessions-api';
import {
  activeTurnOf,
  initialPlayback,
  playbackReducer,
  playlistOf,
  type PlaybackEvent,
  type PlaybackState,
  type RecordingPlaylist,
} from '../utils/recording-playback';
import { infoPath, playedFromPlaylist, playlistPlayPath, sessionListPath } from '../utils/session-paths';
import { PauseIcon, PlayIcon } from './playback-icons';
import { SessionReport } from './session-report';
import { SessionStatus } from './session-status';
import { Transcript, type TranscriptTurn } from './transcript';
import { ScriptedPractice } from '../../../components/scripted-practice';

// Only a recorded voice session's page needs the player: the others never download it.
const SessionRecording = lazy(() =>
  import('./session-recording').then((module) => ({ default: module.SessionRecording })),
);

/** Private practice: only its player ever reads this page, so it says what others see of it. */
const PrivatePracticeNotice = () => {
  const { t } = useTranslation('coachingSessions');
  return (
    <p className="mb-4 text-sm text-gray-700 dark:text-gray-300" data-testid="private-practice">
      <span className="mr-2 inline-block rounded-sm bg-primary-100 px-2 py-0.5 font-medium text-primary-900 dark:bg-primary-900 dark:text-primary-100">
        {t('result.private')}
      </span>
      {t('result.privateHint')}
    </p>
  );
};

const durationOf = (startedAt: string, endedAt: string | undefined) =>
  Math.max(0, Math.round(((endedAt ? Date.parse(endedAt) : Date.now()) - Date.parse(startedAt)) / 1000));

/**
 * A voice session's delays before the persona answered aloud (docs/voice.md, "Latency records"): in words for
 * everyone, the usual and the slowest; those who review others' sessions also read the percentiles they compare
 * providers with, and what they mean. Nothing for a text session or before a measured turn.
 */
const VoiceLatency = ({ latency }: { latency: CoachingSession['voice_latency'] }) => {
  const { t, i18n } = useTranslation('coachingSessions');
  const reviewer = useCan()('coaching-session-check-other');
  if (latency === null) return null;
  const ms = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <>
      <dt className="font-medium">{t('result.voiceLatency')}</dt>
      <dd data-testid="voice-latency">
        <VoiceDelay latency={latency} />
      </dd>
      {reviewer ? (
        <dd data-testid="voice-latency-percentiles" className="col-span-2 text-xs text-gray-700 dark:text-gray-300">
          <span className="tabular-nums">
            {t('result.voiceLatencyValue', { p50: ms.format(latency.p50_ms), p95: ms.format(latency.p95_ms) })}
          </span>{' '}
          <span className="whitespace-nowrap">{t('result.voiceLatencyTurns', { count: latency.turns })}</span>{' '}
          {t('result.voiceLatencyHelp')}
        </dd>
      ) : null}
    </>
  );
};

const EMPTY_PLAYLIST = playlistOf([]);

/** A turn's own play button, beside its bubble, when the turn has a recording. */
const TurnPlayButton = ({
  turn,
  playlist,
  playback,
  dispatch,
}: {
  turn: TranscriptTurn;
  playlist: RecordingPlaylist;
  playback: PlaybackState;
  dispatch: Dispatch<PlaybackEvent>;
}) => {
  const { t } = useTranslation('coachingSessions');
  if (!playlist.byTurn.has(turn.id)) return null;
  const isActive = activeTurnOf(playlist, playback) === turn.id;
  const isPlaying = isActive && (playback.status === 'playing' || playback.status === 'loading');
  const label = isPlaying ? t('result.recording.pauseTurn') : t('result.recording.playTurn');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isPlaying}
      data-testid="turn-play"
      onClick={() => dispatch(isPlaying ? { type: 'pause' } : { type: 'playTurn', turnId: turn.id })}
      className={`mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full border hover:border-primary-600 hover:text-primary-800 dark:hover:border-primary-300 dark:hover:text-primary-200 ${
        isActive
          ? 'border-primary-700 text-primary-800 dark:border-primary-300 dark:text-primary-200'
          : 'border-gray-300 text-gray-800 dark:border-gray-600 dark:text-gray-200'
      }`}
    >
      {isPlaying ? <PauseIcon size={12} /> : <PlayIcon size={12} />}
    </button>
  );
};

/**
 * A user's ways on from a result: in a playlist, the next scenario and back to it; then the same scenario again, and
 * their sessions. Each shows only when its page would open for them.
 */
const WayOn = ({ session }: { session: CoachingSession }) => {
  const { t } = useTranslation('coachingSessions');
  const playlistId = playedFromPlaylist(useSearchParams()[0]);
  const progress = usePlaylistProgress(playlistId ?? '', { enabled: playlistId !== null, fresh: true });
  // The server's progress counts this session once it is fetched again; until then its "next" may be this scenario.
  const next = progress.isFetching ? null : progress.data?.next_scenario_id;
  const inPlaylist = playlistId !== null && progress.data !== undefined;
  const nextScenario = inPlaylist && next && next !== session.scenario_id ? next : null;
  return (
    <>
      {nextScenario ? (
        <Link to={infoPath(nextScenario, playlistId)} className={buttonClassName('primary')}>
          {t('result.nextScenario')}
        </Link>
      ) : null}
      {inPlaylist ? (
        <Link to={playlistPlayPath(playlistId)} className={buttonClassName('secondary')}>
          {t('result.backToPlaylist')}
        </Link>
      ) : null}
      <Can permissions="coaching-scenario-read">
        <Link
          to={infoPath(session.scenario_id, inPlaylist ? playlistId : null)}
          className={buttonClassName(nextScenario ? 'secondary' : 'primary')}
        >
          {t('result.playAgain')}
        </Link>
      </Can>
      <Can permissions="coaching-session-read">
        <Link to={sessionListPath} className={buttonClassName('ghost')}>
          {t('result.mySessions')}
        </Link>
      </Can>
    </>
  );
};

export type SessionResultProps = {
  sessionId: string;
  /**
   * The header's ways on; a user's by default (`WayOn`). A guest's depend on their link, which the shared-sessions
   * feature knows: the route composes them.
   */
  actions?: (session: CoachingSession) => ReactNode;
  /**
   * What the route adds below the report once the session has ended ("Ask the coach"): features never import each
   * other, so the route composes them.
   */
  afterReport?: (session: CoachingSession) => ReactNode;
  /** The review's comments on the whole session, below the transcript (manager review; the route composes them). */
  comments?: (session: CoachingSession) => ReactNode;
  /** What shows under a turn of the transcript: the review's comments on it. */
  turnComments?: (session: CoachingSession, turnIndex: number) => ReactNode;
};

/** `session/result-{sessionID}`: how it ended, the transcript, how long it took and what it cost. */
export const SessionResult = ({ sessionId, ...slots }: SessionResultProps) => {
  const query = useCoachingSession(sessionId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <SessionResultView session={query.data} {...slots} />;
};

const SessionResultView = ({
  session,
  actions,
  afterReport,
  comments,
  turnComments,
}: Omit<SessionResultProps, 'sessionId'> & { session: CoachingSession }) => {
  const { t } = useTranslation('coachingSessions');
  const recordings = useSessionRecordings(session.id, {
    enabled: session.mode === 'voice',
    endedAt: session.ended_at,
  });
  const items = recordings.data?.items;
  const playlist = useMemo(() => (items ? playlistOf(items) : EMPTY_PLAYLIST), [items]);
  const reducer = useMemo(() => playbackReducer(playlist), [playlist]);
  const [playback, dispatch] = useReducer(reducer, initialPlayback);
  const hasRecordings = playlist.clips.length > 0;
  const seconds = durationOf(session.started_at, session.ended_at);
  return (
    <>
      <PageHeader
        title={session.name}
        description={<SessionStatus status={session.status} size="lg" />}
        actions={actions ? actions(session) : <WayOn session={session} />}
      />
      {session.scripted ? <ScriptedPractice /> : null}
      {session.private ? <PrivatePracticeNotice /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-6">
          {hasRecordings ? (
            <Suspense fallback={<Loading label={t('result.recording.loading')} />}>
              <SessionRecording sessionId={session.id} playlist={playlist} playback={playback} dispatch={dispatch} />
            </Suspense>
          ) : recordings.isError ? (
            <Alert tone="error">
              <p>{t('result.recording.listFailed')}</p>
              <Button variant="secondary" className="mt-2" onClick={() => void recordings.refetch()}>
                {t('result.recording.retry')}
              </Button>
            </Alert>
          ) : null}
          <Card>
            <h2 className="mb-3 text-lg font-semibold">{t('result.transcript')}</h2>
            <Transcript
              turns={session.turns}
              personaName={session.persona_name ?? t('result.persona')}
              language={session.language}
              activeTurnId={activeTurnOf(playlist, playback)}
              turnAction={
                hasRecordings
                  ? (turn) => <TurnPlayButton turn={turn} playlist={playlist} playback={playback} dispatch={dispatch} />
                  : undefined
              }
              turnFooter={
                turnComments && session.ended_at !== undefined
                  ? (_turn, index) => turnComments(session, index)
                  : undefined
              }
            />
          </Card>
          {session.ended_at !== undefined ? comments?.(session) : null}
          <section aria-labelledby="session-report">
            <h2 id="session-report" className="mb-3 text-lg font-semibold">
              {t('result.report')}
            </h2>
            <SessionReport sessionId={session.id} />
          </section>
          {session.ended_at !== undefined ? afterReport?.(session) : null}
        </div>
        <Card className="order-first lg:order-none">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="font-medium">{t('result.duration')}</dt>
            <dd data-testid="session-duration">
              {t('result.durationValue', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })}
            </dd>
            <dt className="font-medium">{t('result.cost')}</dt>
            <dd data-testid="session-cost">{t('info.credits', { count: session.cost_credits })}</dd>
            <dt className="font-medium">{t('result.turns')}</dt>
            <dd>{session.turns.filter((turn) => turn.role === 'learner').length}</dd>
            <VoiceLatency latency={session.voice_latency} />
          </dl>
        </Card>
      </div>
    </>
  );
};

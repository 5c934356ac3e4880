import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { fetchRecordingAudio } from '../api/recordings-api';
import { PauseIcon, PlayIcon } from './playback-icons';
import {
  clockOf,
  nextClipOf,
  positionOf,
  type PlaybackEvent,
  type PlaybackState,
  type RecordingClip,
  type RecordingPlaylist,
} from '../utils/recording-playback';

export type SessionRecordingProps = {
  sessionId: string;
  playlist: RecordingPlaylist;
  /** Held by the result page, whose transcript turns play their own clip (utils/recording-playback.ts). */
  playback: PlaybackState;
  dispatch: Dispatch<PlaybackEvent>;
};

type Fetched = { controller: AbortController; url: Promise<string>; objectUrl: string | null };

/** Stops fetching and frees every clip but these. */
const releaseExcept = (fetched: Map<string, Fetched>, keep: ReadonlySet<string>) => {
  for (const [id, entry] of fetched) {
    if (keep.has(id)) continue;
    entry.controller.abort();
    if (entry.objectUrl) URL.revokeObjectURL(entry.objectUrl);
    fetched.delete(id);
  }
};

/** Each clip fetched once with the caller's credentials, as a blob URL; a failure is not kept. */
const useClipUrls = (sessionId: string) => {
  const fetched = useRef(new Map<string, Fetched>());
  const urlOf = useCallback(
    (clip: RecordingClip): Promise<string> => {
      const known = fetched.current.get(clip.id);
      if (known) return known.url;
      const controller = new AbortController();
      const entry: Fetched = { controller, objectUrl: null, url: Promise.resolve('') };
      entry.url = fetchRecordingAudio(sessionId, clip.id, controller.signal).then(
        (blob) => {
          entry.objectUrl = URL.createObjectURL(blob);
          // Let go of while it was on its way: nothing holds it.
          if (controller.signal.aborted) URL.revokeObjectURL(entry.objectUrl);
          return entry.objectUrl;
        },
        (error: unknown) => {
          // A failure is not kept: Retry fetches it again.
          if (fetched.current.get(clip.id) === entry) fetched.current.delete(clip.id);
          throw error;
        },
      );
      fetched.current.set(clip.id, entry);
      return entry.url;
    },
    [sessionId],
  );

  return { fetched, urlOf };
};

/**
 * The audio element playing the clip the result page asks for: fetched (or taken from what was fetched ahead),
 * played, paused; the next clip fetched ahead, what is behind let go.
 */
const useRecordingPlayer = ({ sessionId, playlist, playback, dispatch }: SessionRecordingProps) => {
  const audioRef = useRef<HTMLAudioElement>(null);
  const { fetched, urlOf } = useClipUrls(sessionId);
  const latest = useRef(playback);
  /** The `load` whose clip the audio element holds. */
  const loaded = useRef(-1);
  const [clipMs, setClipMs] = useState(0);

  useEffect(() => {
    latest.current = playback;
  }, [playback]);

  const play = useCallback(
    (audio: HTMLAudioElement) =>
      audio.play().catch((error: unknown) => {
        const name = error instanceof DOMException ? error.name : '';
        // A newer load or a pause interrupted it: what replaced it says what happens.
        if (name === 'AbortError') return;
        // The browser wants a gesture first: Play is there to press.
        dispatch(name === 'NotAllowedError' ? { type: 'pause' } : { type: 'failed' });
      }),
    [dispatch],
  );

  // A clip asked for: fetched (or taken from what was fetched ahead), then played unless paused meanwhile.
  useEffect(() => {
    const audio = audioRef.current;
    const state = latest.current;
    const clip = playlist.clips[state.index];
    if (!audio) return;
    if (state.status === 'idle' || !clip) {
      audio.pause();
      audio.removeAttribute('src');
      loaded.current = -1;
      setClipMs(0);
      return;
    }
    let cancelled = false;
    setClipMs(0);
    urlOf(clip).then(
      (url) => {
        if (cancelled) return;
        audio.src = url;
        loaded.current = state.load;
        const now = latest.current;
        if (now.status === 'loading' || now.status === 'playing') void play(audio);
      },
      () => {
        if (!cancelled) dispatch({ type: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
    // Only a new request loads: a pause or a resume of the same clip is the next effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playback.load]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playback.status === 'paused' || playback.status === 'failed') audio.pause();
    else if (playback.status === 'playing' && loaded.current === playback.load && audio.paused) void play(audio);
  }, [playback.status, playback.load, play]);

  // The next clip comes ahead of time; what is behind is let go.
  const current = playback.status === 'idle' ? undefined : playlist.clips[playback.index];
  const next = nextClipOf(playlist, playback);
  useEffect(() => {
    releaseExcept(fetched.current, new Set([current?.id, next?.id].filter((id): id is string => id !== undefined)));
    if (next) urlOf(next).catch(() => undefined);
  }, [current?.id, next, urlOf, fetched]);

  useEffect(() => {
    const audio = audioRef.current;
    const clips = fetched.current;
    return () => {
      audio?.pause();
      releaseExcept(clips, new Set());
    };
    // `fetched` is the same ref for the component's life: this runs once, and lets go when the page is left.
  }, [fetched]);

  return { audioRef, latest, loaded, clipMs, setClipMs, play };
};

type ProgressProps = { playlist: RecordingPlaylist; position: number };

/** Where the recording is, as a bar and as a clock. */
const RecordingProgress = ({ playlist, position }: ProgressProps) => {
  const { t } = useTranslation('coachingSessions');
  const percent = playlist.totalMs > 0 ? Math.round((position / playlist.totalMs) * 1000) / 10 : 0;
  const clock = { position: clockOf(position), total: clockOf(playlist.totalMs) };
  return (
    <div className="flex min-w-40 flex-1 items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('result.recording.progress')}
        aria-valuemin={0}
        aria-valuemax={Math.round(playlist.totalMs / 1000)}
        aria-valuenow={Math.floor(position / 1000)}
        aria-valuetext={t('result.recording.positionOf', clock)}
        className="h-2 flex-1 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div className="h-full rounded-full bg-primary-700 dark:bg-primary-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm whitespace-nowrap text-gray-800 tabular-nums dark:text-gray-200">
        <span aria-hidden="true" data-testid="recording-position">
          {clock.position} / {clock.total}
        </span>
        <span className="sr-only">{t('result.recording.positionOf', clock)}</span>
      </p>
    </div>
  );
};

/**
 * The result page's "Recording" panel (issue 14 item 7; docs/voice.md "Recordings"): the conversation as it was heard,
 * clip after clip, with where it is and how long it lasts. Each clip is fetched with the caller's credentials when it
 * is needed, the next one ahead of time, and played from a blob URL revoked once it is behind (or the page is left):
 * an <audio src> on the API would carry no token. Loaded lazily: only a recorded session's page needs it.
 */
export const SessionRecording = (props: SessionRecordingProps) => {
  const { playlist, playback, dispatch } = props;
  const { t } = useTranslation('coachingSessions');
  const { audioRef, latest, loaded, clipMs, setClipMs, play } = useRecordingPlayer(props);

  const position = positionOf(playlist, playback, clipMs);
  const isActive = playback.status === 'playing' || playback.status === 'loading';

  return (
    <Card>
      <div
        role="region"
        aria-labelledby="session-recording-heading"
        data-testid="session-recording"
        data-status={playback.status}
        data-position-ms={Math.round(position)}
        className="flex flex-col gap-3"
      >
        <h2 id="session-recording-heading" className="text-lg font-semibold">
          {t('result.recording.heading')}
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('result.recording.help')}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            className="min-w-32"
            icon={playback.status === 'loading' ? <Spinner size={16} /> : isActive ? <PauseIcon /> : <PlayIcon />}
            aria-busy={playback.status === 'loading' || undefined}
            onClick={() => {
              if (isActive) return dispatch({ type: 'pause' });
              // Played within the press: browsers that want a gesture for each element get one.
              const audio = audioRef.current;
              if (playback.status === 'paused' && audio && loaded.current === playback.load) void play(audio);
              dispatch({ type: 'playAll' });
            }}
          >
            {isActive ? t('result.recording.pause') : t('result.recording.play')}
          </Button>
          <RecordingProgress playlist={playlist} position={position} />
        </div>
        {playback.status === 'failed' ? (
          <Alert tone="error">
            <p>{t('result.recording.failed')}</p>
            <Button variant="secondary" className="mt-2" onClick={() => dispatch({ type: 'retry' })}>
              {t('result.recording.retry')}
            </Button>
          </Alert>
        ) : null}
        <audio
          ref={audioRef}
          preload="auto"
          data-testid="recording-audio"
          onPlaying={() => dispatch({ type: 'started' })}
          onEnded={() => dispatch({ type: 'clipEnded' })}
          onTimeUpdate={(event) => setClipMs(event.currentTarget.currentTime * 1000)}
          onError={() => {
            // An element emptied on purpose (nothing chosen) reports an error too.
            if (latest.current.status !== 'idle' && audioRef.current?.getAttribute('src')) dispatch({ type: 'failed' });
          }}
        />
      </div>
    </Card>
  );
};

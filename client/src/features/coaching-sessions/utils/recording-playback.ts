import type { CoachingSessionRecording } from '@ai-coaching/contracts';

// Replaying a voice session's recordings on its result page (docs/voice.md, "Recordings"): the clips one after
// another as one conversation, or one turn's clip alone. Pure, so the order, the position and what each press does
// are unit-tested; components/session-recording.tsx plays it on an <audio> element.

export type RecordingClip = Pick<CoachingSessionRecording, 'id' | 'turn_id' | 'role' | 'duration_ms'> & {
  /** Where the clip starts in the whole conversation. */
  startMs: number;
};

export type RecordingPlaylist = {
  clips: readonly RecordingClip[];
  totalMs: number;
  /** Transcript turn id → the index of its clip. */
  byTurn: ReadonlyMap<string, number>;
};

/** The clips in the order the API lists them (spoken order), each placed after the ones before it. */
export const playlistOf = (recordings: readonly CoachingSessionRecording[]): RecordingPlaylist => {
  let startMs = 0;
  const byTurn = new Map<string, number>();
  const clips = recordings.map((recording, index) => {
    const clip = {
      id: recording.id,
      turn_id: recording.turn_id,
      role: recording.role,
      duration_ms: recording.duration_ms,
      startMs,
    };
    startMs += Math.max(0, recording.duration_ms);
    // A side is recorded once per turn; should the same turn come twice, its button plays the first.
    if (!byTurn.has(recording.turn_id)) byTurn.set(recording.turn_id, index);
    return clip;
  });
  return { clips, totalMs: startMs, byTurn };
};

/**
 * `idle`: nothing chosen (the position is the start); `loading`: the clip is being fetched or buffered, and plays once
 * it can; `paused` keeps the clip where it stopped; `failed`: the clip could not be fetched or played (Retry).
 */
export type PlaybackStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'failed';

export type PlaybackState = {
  status: PlaybackStatus;
  /** The clip being played, paused or loaded. */
  index: number;
  /** `all`: the conversation, clip after clip; `turn`: one turn's clip, then it stops. */
  scope: 'all' | 'turn';
  /** Bumped by every request to (re)load a clip, so the same clip asked again is loaded again. */
  load: number;
};

export type PlaybackEvent =
  | { type: 'playAll' }
  | { type: 'playTurn'; turnId: string }
  | { type: 'pause' }
  /** The <audio> element started playing the clip. */
  | { type: 'started' }
  | { type: 'clipEnded' }
  | { type: 'failed' }
  | { type: 'retry' };

export const initialPlayback: PlaybackState = { status: 'idle', index: 0, scope: 'all', load: 0 };

const loadClip = (state: PlaybackState, index: number, scope: PlaybackState['scope']): PlaybackState => ({
  status: 'loading',
  index,
  scope,
  load: state.load + 1,
});

/** What each press and each of the audio element's events does; the playlist says which clips exist. */
export const playbackReducer =
  (playlist: RecordingPlaylist) =>
  (state: PlaybackState, event: PlaybackEvent): PlaybackState => {
    const last = playlist.clips.length - 1;
    if (last < 0) return initialPlayback;
    switch (event.type) {
      case 'playAll':
        // A paused clip goes on from where it stopped, and then the rest of the conversation follows.
        if (state.status === 'paused') return { ...state, status: 'playing', scope: 'all' };
        if (state.status === 'idle') return loadClip(state, 0, 'all');
        if (state.status === 'failed') return loadClip(state, state.index, 'all');
        return { ...state, scope: 'all' };
      case 'playTurn': {
        const index = playlist.byTurn.get(event.turnId);
        if (index === undefined) return state;
        if (index === state.index && state.status === 'paused') return { ...state, status: 'playing', scope: 'turn' };
        if (index === state.index && (state.status === 'playing' || state.status === 'loading'))
          return { ...state, scope: 'turn' };
        return loadClip(state, index, 'turn');
      }
      case 'pause':
        return state.status === 'playing' || state.status === 'loading' ? { ...state, status: 'paused' } : state;
      case 'started':
        return state.status === 'loading' ? { ...state, status: 'playing' } : state;
      case 'clipEnded':
        if (state.status !== 'playing') return state;
        if (state.scope === 'all' && state.index < last) return loadClip(state, state.index + 1, 'all');
        return { ...initialPlayback, load: state.load };
      case 'failed':
        return state.status === 'idle' ? state : { ...state, status: 'failed' };
      case 'retry':
        return state.status === 'failed' ? loadClip(state, state.index, state.scope) : state;
    }
  };

/** The transcript turn being heard (highlighted), or null when nothing is chosen. */
export const activeTurnOf = (playlist: RecordingPlaylist, state: PlaybackState): string | null =>
  state.status === 'idle' ? null : (playlist.clips[state.index]?.turn_id ?? null);

/** The clip fetched ahead of time, so the next one starts without a gap; null when nothing follows. */
export const nextClipOf = (playlist: RecordingPlaylist, state: PlaybackState): RecordingClip | null =>
  state.status === 'idle' || state.scope === 'turn' ? null : (playlist.clips[state.index + 1] ?? null);

/** Where the conversation is, in milliseconds: the clip's start plus how far into it the audio element is. */
export const positionOf = (playlist: RecordingPlaylist, state: PlaybackState, clipMs: number): number => {
  if (state.status === 'idle') return 0;
  const clip = playlist.clips[state.index];
  if (!clip) return 0;
  return Math.min(playlist.totalMs, clip.startMs + Math.min(Math.max(0, clipMs), clip.duration_ms));
};

/** `m:ss` (or `h:mm:ss`), as players show a position; rounded down, so the position never shows past the total. */
export const clockOf = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

import type { CoachingSessionRecording } from '@ai-coaching/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeTurnOf,
  clockOf,
  initialPlayback,
  nextClipOf,
  playbackReducer,
  playlistOf,
  positionOf,
  type PlaybackEvent,
  type PlaybackState,
} from './recording-playback';

const recording = (turnId: string, role: 'learner' | 'persona', durationMs: number): CoachingSessionRecording => ({
  id: `rec-${turnId}`,
  turn_id: turnId,
  role,
  duration_ms: durationMs,
  recorded_at: '2026-01-01T10:00:00Z',
});

const RECORDINGS = [
  recording('t1', 'learner', 2000),
  recording('reply-t1', 'persona', 3500),
  recording('t2', 'learner', 1500),
  recording('reply-t2', 'persona', 4000),
];
const playlist = playlistOf(RECORDINGS);
const reduce = playbackReducer(playlist);
const run = (events: PlaybackEvent[], from: PlaybackState = initialPlayback) => events.reduce(reduce, from);

describe('playlistOf', () => {
  it('places each clip after the ones before it, in the order they were spoken', () => {
    expect(playlist.clips.map((clip) => [clip.turn_id, clip.startMs])).toEqual([
      ['t1', 0],
      ['reply-t1', 2000],
      ['t2', 5500],
      ['reply-t2', 7000],
    ]);
    expect(playlist.totalMs).toBe(11_000);
    expect(playlist.byTurn.get('reply-t1')).toBe(1);
    expect(playlist.byTurn.has('greeting')).toBe(false);
  });

  it('has nothing to play without recordings', () => {
    const empty = playlistOf([]);
    expect(empty).toMatchObject({ clips: [], totalMs: 0 });
    expect(playbackReducer(empty)(initialPlayback, { type: 'playAll' })).toEqual(initialPlayback);
  });
});

describe('playing the whole conversation', () => {
  it('plays the clips one after another and stops at the start once the last has ended', () => {
    let state = run([{ type: 'playAll' }]);
    expect(state).toMatchObject({ status: 'loading', index: 0, scope: 'all' });
    expect(activeTurnOf(playlist, state)).toBe('t1');
    expect(nextClipOf(playlist, state)?.turn_id).toBe('reply-t1');
    state = run([{ type: 'started' }, { type: 'clipEnded' }], state);
    expect(state).toMatchObject({ status: 'loading', index: 1 });
    state = run([{ type: 'started' }, { type: 'clipEnded' }, { type: 'started' }, { type: 'clipEnded' }], state);
    expect(state).toMatchObject({ status: 'loading', index: 3 });
    expect(nextClipOf(playlist, state)).toBeNull();
    state = run([{ type: 'started' }, { type: 'clipEnded' }], state);
    expect(state).toMatchObject({ status: 'idle', index: 0 });
    expect(activeTurnOf(playlist, state)).toBeNull();
  });

  it('pauses where it is and goes on from there', () => {
    const paused = run([{ type: 'playAll' }, { type: 'started' }, { type: 'clipEnded' }, { type: 'pause' }]);
    expect(paused).toMatchObject({ status: 'paused', index: 1 });
    expect(activeTurnOf(playlist, paused)).toBe('reply-t1');
    const resumed = reduce(paused, { type: 'playAll' });
    // The same clip goes on: nothing is loaded again.
    expect(resumed).toMatchObject({ status: 'playing', index: 1, load: paused.load });
  });

  it('pauses a clip still loading, which then waits', () => {
    const state = run([{ type: 'playAll' }, { type: 'pause' }, { type: 'started' }]);
    expect(state).toMatchObject({ status: 'paused', index: 0 });
  });
});

describe("a turn's own button", () => {
  it('plays that turn alone, then stops', () => {
    let state = run([{ type: 'playTurn', turnId: 't2' }]);
    expect(state).toMatchObject({ status: 'loading', index: 2, scope: 'turn' });
    expect(nextClipOf(playlist, state)).toBeNull();
    state = run([{ type: 'started' }, { type: 'clipEnded' }], state);
    expect(state.status).toBe('idle');
  });

  it('jumps from the conversation to that turn, and the conversation goes on from there when asked', () => {
    const playing = run([{ type: 'playAll' }, { type: 'started' }]);
    const turn = reduce(playing, { type: 'playTurn', turnId: 'reply-t2' });
    expect(turn).toMatchObject({ status: 'loading', index: 3, scope: 'turn' });
    expect(turn.load).toBeGreaterThan(playing.load);
    const paused = run([{ type: 'started' }, { type: 'pause' }, { type: 'playAll' }], turn);
    expect(paused).toMatchObject({ status: 'playing', index: 3, scope: 'all' });
  });

  it('goes on with a paused turn, and ignores a turn without a clip', () => {
    const paused = run([{ type: 'playTurn', turnId: 't1' }, { type: 'started' }, { type: 'pause' }]);
    expect(reduce(paused, { type: 'playTurn', turnId: 't1' })).toMatchObject({ status: 'playing', load: paused.load });
    expect(reduce(paused, { type: 'playTurn', turnId: 'greeting' })).toBe(paused);
  });
});

describe('failures', () => {
  it('keeps the clip that failed and loads it again on Retry', () => {
    const failed = run([{ type: 'playAll' }, { type: 'started' }, { type: 'clipEnded' }, { type: 'failed' }]);
    expect(failed).toMatchObject({ status: 'failed', index: 1 });
    const retried = reduce(failed, { type: 'retry' });
    expect(retried).toMatchObject({ status: 'loading', index: 1, scope: 'all' });
    expect(retried.load).toBeGreaterThan(failed.load);
    expect(reduce(failed, { type: 'playAll' })).toMatchObject({ status: 'loading', index: 1 });
  });
});

describe('position', () => {
  it("is the clip's start plus how far into it the audio is, never past the clip", () => {
    const state = run([{ type: 'playAll' }, { type: 'started' }, { type: 'clipEnded' }, { type: 'started' }]);
    expect(positionOf(playlist, state, 1200)).toBe(3200);
    expect(positionOf(playlist, state, 9999)).toBe(5500);
    expect(positionOf(playlist, initialPlayback, 1200)).toBe(0);
  });

  it('reads as a player shows it', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(11_999)).toBe('0:11');
    expect(clockOf(61_000)).toBe('1:01');
    expect(clockOf(3_726_000)).toBe('1:02:06');
  });
});

import { performance } from 'node:perf_hooks';
import type { AppServices } from '@ai-coaching/application';
import { updateVoiceTurnPlayed, type Logger } from '@ai-coaching/platform';

/** How often a late playback report of a recorded response is written (the browser reports every ~250 ms). */
const PLAYED_WRITE_INTERVAL_MS = 2000;
/** Responses whose late playback reports are kept per session. */
const RECORDED_KEPT = 8;

type Written = { playedMs: number; firstPlayed: boolean; writtenAt: number; arrivedAt: number };

/**
 * Playback reports that arrive once a response's timing is recorded. Audio leaves faster than it plays, so most reports
 * come after the provider has finished: for a realtime reply the first one often does too, and a session's last reply
 * (its outcome) plays after the conversation has closed. Without them the turn would have no voice-to-voice figure.
 */
export type LatePlayback = {
  /** A response's timing row is written with these figures; `arrivedAt` is `performance.now()` of the learner's turn. */
  recorded(responseId: string, written: { playedMs: number | null; firstPlayed: boolean; arrivedAt: number }): void;
  /**
   * The browser played `playedMs` of a recorded response: whether it was one. The first report writes when playing
   * started (given, or this report's time less what it says was played); the next ones at most every 2 s.
   */
  report(responseId: string, playedMs: number, now: number, firstPlayedMs?: number | null): boolean;
};

export const createLatePlayback = (services: AppServices, log: Logger, sessionId: string): LatePlayback => {
  const written = new Map<string, Written>();
  return {
    recorded(responseId, { playedMs, firstPlayed, arrivedAt }) {
      written.set(responseId, { playedMs: playedMs ?? 0, firstPlayed, arrivedAt, writtenAt: performance.now() });
      for (const old of [...written.keys()].slice(0, -RECORDED_KEPT)) written.delete(old);
    },
    report(responseId, playedMs, now, firstPlayedMs) {
      const response = written.get(responseId);
      if (!response) return false;
      if (playedMs <= response.playedMs) return true;
      response.playedMs = playedMs;
      const first = response.firstPlayed ? null : (firstPlayedMs ?? Math.max(0, now - playedMs - response.arrivedAt));
      response.firstPlayed = true;
      if (first === null && now - response.writtenAt < PLAYED_WRITE_INTERVAL_MS) return true;
      response.writtenAt = now;
      void updateVoiceTurnPlayed(services.db, sessionId, responseId, playedMs, first).catch((error: unknown) =>
        log.warn({ err: error, sessionId }, 'could not record voice playback'),
      );
      return true;
    },
  };
};

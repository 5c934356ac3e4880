import type { PlaybackReport, VoicePlayContext, VoiceResponse } from './voice-play.types';

// The persona's responses as this screen plays them: audio received, played and reported, stopped or done. What the
// voice machine decides from them (who speaks, what `voice.playback` says) and the screen shows (time heard).

const WIRE_SAMPLES_PER_MS = 24;
/** The worklet rounds to whole milliseconds. */
const PLAYED_TOLERANCE_MS = 2;

/** Whether some of the persona's speech is still to be heard. */
export const isPersonaSpeaking = (context: Pick<VoicePlayContext, 'responses' | 'playbackFailed'>): boolean =>
  Object.values(context.responses).some(
    (response) =>
      !response.cut &&
      (!response.done || (!context.playbackFailed && response.playedMs < response.receivedMs - PLAYED_TOLERANCE_MS)),
  );

/** Still to be heard: neither stopped nor played to its end. */
export const isAudible = (response: VoiceResponse) =>
  !response.cut && (!response.done || response.playedMs < response.receivedMs);

/** A chunk of `samples` at the wire's 24 kHz arrived for `responseId`. */
export const withReceived = (responses: Record<string, VoiceResponse>, responseId: string, samples: number) => {
  const known = responses[responseId];
  return {
    ...responses,
    [responseId]: {
      receivedMs: (known?.receivedMs ?? 0) + samples / WIRE_SAMPLES_PER_MS,
      playedMs: known?.playedMs ?? 0,
      reportedMs: known?.reportedMs ?? 0,
      done: false,
      cut: false,
    },
  };
};

/** The responses whose played milliseconds moved since the last `voice.playback` (every ~250 ms). */
export const progressReports = (responses: Record<string, VoiceResponse>, played: Record<string, number>) =>
  Object.entries(responses).flatMap(([responseId, response]): PlaybackReport[] => {
    const playedMs = Math.max(response.playedMs, played[responseId] ?? 0);
    return playedMs === response.reportedMs ? [] : [{ responseId, playedMs }];
  });

/** After a flush: every cut response still open is reported, even unchanged, so the gateway knows what was heard. */
export const flushReports = (responses: Record<string, VoiceResponse>, played: Record<string, number>) =>
  Object.entries(responses).flatMap(([responseId, response]): PlaybackReport[] => {
    const playedMs = Math.max(response.playedMs, played[responseId] ?? 0);
    return response.cut && (!response.done || playedMs !== response.reportedMs) ? [{ responseId, playedMs }] : [];
  });

export const withPlayed = (
  responses: Record<string, VoiceResponse>,
  reports: readonly PlaybackReport[],
  flushed: boolean,
) => {
  const next = { ...responses };
  for (const { responseId, playedMs } of reports) {
    const response = next[responseId];
    if (response) next[responseId] = { ...response, playedMs, reportedMs: playedMs, done: response.done || flushed };
  }
  return next;
};

/** Milliseconds of the persona heard in this screen, over all responses. */
export const playedMsOf = (context: Pick<VoicePlayContext, 'responses'>): number =>
  Object.values(context.responses).reduce((sum, response) => sum + response.playedMs, 0);

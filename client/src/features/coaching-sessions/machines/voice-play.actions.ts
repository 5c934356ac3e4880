import type { VoiceStartAnswer, VoiceTextAnswer, VoiceTranscript } from '@ai-coaching/contracts';
import { isTerminalCoachingSessionStatus } from '@ai-coaching/domain';
import { assign, fromCallback, fromPromise, sendTo, setup, stateIn } from 'xstate';
import type { PlaySession, PlaySessionStatus, PlayTurn } from './play-types';
import { isTransientError, retryDelay } from './retry';
import type {
  CaptureCommand,
  MicrophoneFailure,
  PlaybackCommand,
  PlaybackReport,
  VoiceInputMode,
  VoiceLine,
  VoicePendingTurn,
  VoicePlayContext,
  VoicePlayError,
  VoicePlayEvent,
  VoicePlayInput,
  VoicePlayOutput,
  VoiceTurn,
} from './voice-play.types';
import { isAudible, isPersonaSpeaking, withPlayed, withReceived } from './voice-responses';

// The voice play machine's setup (voice-play.machine.ts builds its states on it): its guards and actions, its delays,
// and its actors, which createVoicePlayMachine replaces with the gateway and the browser's audio.

/** After the outcome, the persona's last words are heard before the screen ends; a stuck playback waits no longer. */
const CLOSING_MAX_MS = 20_000;
/** A typed turn's answer says the session ended: how long `voice.outcome` (sent after the reply's audio) is awaited. */
const OUTCOME_MAX_MS = 10_000;

export const lineOfTurn = (turn: PlayTurn): VoiceLine => ({
  id: turn.id,
  role: turn.role,
  text: turn.text,
  final: true,
});

/** The server's turns in its order, then the live lines it does not hold yet. */
const mergeLines = (lines: readonly VoiceLine[], session: PlaySession): VoiceLine[] => {
  const known = new Set(session.turns.map((turn) => turn.id));
  return [...session.turns.map(lineOfTurn), ...lines.filter((line) => !known.has(line.id))];
};

const withLine = (lines: readonly VoiceLine[], line: VoiceLine): VoiceLine[] => {
  const index = lines.findIndex((known) => known.id === line.id);
  if (index === -1) return [...lines, line];
  return lines.map((known, at) => (at === index ? line : known));
};

const missingDeps = () =>
  Promise.reject(new Error('The voice-play machine needs its transport and devices: use createVoicePlayMachine.'));

export const voicePlaySetup = setup({
  types: {
    context: {} as VoicePlayContext,
    events: {} as VoicePlayEvent,
    input: {} as VoicePlayInput,
    output: {} as VoicePlayOutput,
  },
  actors: {
    listen: fromCallback<VoicePlayEvent, { sessionId: string }>(() => undefined),
    capture: fromCallback<CaptureCommand>(() => undefined),
    playback: fromCallback<PlaybackCommand>(() => undefined),
    start: fromPromise<VoiceStartAnswer, { sessionId: string }>(missingDeps),
    sendText: fromPromise<VoiceTextAnswer, { sessionId: string; turn: VoiceTurn }>(missingDeps),
    load: fromPromise<PlaySession, { sessionId: string }>(missingDeps),
  },
  delays: {
    retryDelay,
    closingMax: CLOSING_MAX_MS,
    outcomeMax: OUTCOME_MAX_MS,
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isTransient: (_, { error }: { error: VoicePlayError }) => isTransientError(error),
    isPersonaSpeaking: ({ context }) => isPersonaSpeaking(context),
    isLearnerSpeaking: ({ context }) => context.pushing || context.learnerVoice,
    hearsAudio: ({ context }) => context.answer?.capabilities.audio_in === true,
    isPushToTalk: ({ context }) => context.inputMode === 'push_to_talk',
    isPushing: ({ context }) => context.pushing,
    isLive: stateIn('#voiceLive'),
    isUnmuted: stateIn('#voiceUnmuted'),
    startSaysEnded: (_, { answer }: { answer: VoiceStartAnswer }) => isTerminalCoachingSessionStatus(answer.status),
    sessionIsOver: (_, { session }: { session: PlaySession }) => isTerminalCoachingSessionStatus(session.status),
    canDiscard: ({ context }) => context.pendingTurn !== null && !context.pendingTurn.recorded,
  },
  actions: {
    // Injected (createVoicePlayMachine): the gateway's fire-and-forget messages.
    sendAudio: (_, _params: { seq: number; frame: Int16Array }) => undefined,
    sendCommit: () => undefined,
    reportPlayback: (_, _params: { reports: PlaybackReport[] }) => undefined,
    sendStop: () => undefined,

    applyStart: assign((_, { answer }: { answer: VoiceStartAnswer }) => ({
      answer,
      recording: answer.recording,
      status: answer.status,
      // The session's turn detection (its voice settings) decides; a provider that needs `voice.commit` has no
      // hands-free mode.
      inputMode:
        answer.capabilities.turn_detection === 'manual' ? ('push_to_talk' as const) : ('voice_activity' as const),
      error: null,
      attempts: 0,
    })),
    setError: assign((_, { error }: { error: VoicePlayError }) => ({ error })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    mergeSession: assign(({ context }, { session }: { session: PlaySession }) => ({
      lines: mergeLines(context.lines, session),
      status: session.status,
    })),
    setStatus: assign((_, { status }: { status: PlaySessionStatus }) => ({ status })),

    addReceived: assign(({ context }, { responseId, samples }: { responseId: string; samples: number }) => ({
      responses: withReceived(context.responses, responseId, samples),
    })),
    playChunk: sendTo('playback', (_, { responseId, pcm }: { responseId: string; pcm: Int16Array }) => ({
      type: 'play' as const,
      responseId,
      pcm,
    })),
    markDone: assign(({ context }, { responseId }: { responseId: string }) => {
      const known = context.responses[responseId];
      return known ? { responses: { ...context.responses, [responseId]: { ...known, done: true } } } : {};
    }),
    drainPlayback: sendTo('playback', { type: 'drain' } satisfies PlaybackCommand),
    flushPlayback: sendTo('playback', { type: 'flush' } satisfies PlaybackCommand),
    /** Barge-in, here: what is still to play is dropped (`flushPlayback`), its late chunks too. */
    cutResponses: assign(({ context }, { responseId }: { responseId: string | null }) => ({
      responses: Object.fromEntries(
        Object.entries(context.responses).map(([id, response]) => [
          id,
          (responseId === null ? isAudible(response) : id === responseId) ? { ...response, cut: true } : response,
        ]),
      ),
    })),
    recordPlayed: assign(({ context }, { reports }: { reports: PlaybackReport[] }) => ({
      responses: withPlayed(context.responses, reports, false),
    })),
    // After a flush nothing more of a cut response is waited for, its late audio included.
    recordFlushed: assign(({ context }, { reports }: { reports: PlaybackReport[] }) => ({
      responses: withPlayed(context.responses, reports, true),
    })),
    showTranscript: assign(({ context }, { transcript }: { transcript: VoiceTranscript }) => {
      const known = context.lines.find((line) => line.id === transcript.turn_id);
      // Pieces (the persona's sentences, the learner's partial words) add up; the final text replaces them.
      if (known?.final && !transcript.final) return {};
      const text = transcript.final || !known ? transcript.text : `${known.text} ${transcript.text}`.trim();
      return {
        lines: withLine(context.lines, {
          id: transcript.turn_id,
          role: transcript.role,
          text,
          final: transcript.final,
        }),
      };
    }),
    setLearnerVoice: assign((_, { speaking }: { speaking: boolean }) => ({ learnerVoice: speaking })),
    countFrame: assign(({ context }) => ({ audioSeq: context.audioSeq + 1 })),
    startPushing: assign({ pushing: true }),
    stopPushing: assign({ pushing: false }),
    setInputMode: assign(({ context }, { mode }: { mode: VoiceInputMode }) => ({
      inputMode: context.answer?.capabilities.turn_detection === 'manual' ? 'push_to_talk' : mode,
      pushing: false,
    })),
    setMuted: sendTo('capture', (_, { muted }: { muted: boolean }) => ({ type: 'mute', muted }) as CaptureCommand),
    setLevel: assign((_, { level }: { level: number }) => ({ level })),
    setMicrophoneError: assign((_, { code }: { code: MicrophoneFailure | null }) => ({
      microphoneError: code,
      level: 0,
    })),
    setDraft: assign((_, { text }: { text: string }) => ({ draft: text })),
    startTurn: assign(({ context }) => {
      const pendingTurn: VoicePendingTurn = {
        id: context.createTurnId(),
        text: context.draft.trim(),
        recorded: false,
        lost: false,
      };
      return {
        pendingTurn,
        draft: '',
        error: null,
        lines: withLine(context.lines, { id: pendingTurn.id, role: 'learner', text: pendingTurn.text, final: false }),
      };
    }),
    recordAnswer: assign(({ context }, { answer }: { answer: VoiceTextAnswer }) => {
      const pending = context.pendingTurn;
      let lines = context.lines;
      if (pending) lines = withLine(lines, { id: pending.id, role: 'learner', text: pending.text, final: true });
      // An outcome marker alone leaves no words to show.
      if (answer.reply)
        lines = withLine(lines, { id: answer.response_id, role: 'persona', text: answer.reply, final: true });
      return { lines, pendingTurn: null, status: answer.status, error: null };
    }),
    failTurn: assign(({ context }, { error }: { error: VoicePlayError }) => ({
      error,
      pendingTurn: context.pendingTurn && {
        ...context.pendingTurn,
        recorded: context.pendingTurn.recorded || error.code === 'coaching_session_reply_failed',
        lost: isTransientError(error),
      },
    })),
    // The unsent words come back in front of whatever was typed since.
    discardTurn: assign(({ context }) => {
      const pending = context.pendingTurn;
      if (pending === null) return {};
      return {
        lines: context.lines.filter((line) => line.id !== pending.id),
        draft: context.draft ? `${pending.text}\n${context.draft}` : pending.text,
        pendingTurn: null,
        error: null,
      };
    }),
    clearError: assign({ error: null }),
  },
});

import type {
  VoiceAudioOut,
  VoiceError,
  VoiceOutcome,
  VoicePlaybackStop,
  VoiceResponseDone,
  VoiceSpeech,
  VoiceStartAnswer,
  VoiceTextAnswer,
  VoiceTranscript,
} from '@ai-coaching/contracts';
import { isTerminalCoachingSessionStatus } from '@ai-coaching/domain';
import {
  and,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  or,
  raise,
  sendTo,
  setup,
  stateIn,
  type ActorRefFrom,
} from 'xstate';
import type { PlaySession, PlaySessionStatus, PlayTurn } from './play-session.machine';

// The voice play screen (issue 14 §4; docs/voice.md "Browser voice screen"): the `voice` state of the play-session
// machine runs this machine over the gateway's voice protocol. The socket, the microphone's capture and the playback
// are injected, so the turn flow, barge-in, push-to-talk, mute and reconnects are tested without a browser.

/** What the gateway says and when the socket comes and goes, for one session. */
export type VoiceGatewayEvent =
  | { type: 'gateway.connected' }
  | { type: 'gateway.disconnected' }
  | { type: 'gateway.audio'; header: VoiceAudioOut; pcm: Int16Array }
  | { type: 'gateway.transcript'; transcript: VoiceTranscript }
  | { type: 'gateway.responseDone'; done: VoiceResponseDone }
  | { type: 'gateway.outcome'; outcome: VoiceOutcome }
  | { type: 'gateway.error'; error: VoiceError }
  | { type: 'gateway.speech'; speech: VoiceSpeech }
  | { type: 'gateway.playbackStop'; stop: VoicePlaybackStop };

export type VoiceTurn = { turn_id: string; text: string };

/** The gateway's voice calls (api/voice-transport.ts); failures reject like the HTTP client's `ApiError`. */
export type VoiceTransport = {
  /** Forwards the gateway's events of this session until the returned function is called. */
  listen(sessionId: string, onEvent: (event: VoiceGatewayEvent) => void): () => void;
  /** `voice.start`, once the socket is connected; again after a drop, it resumes. */
  start(sessionId: string, options: { signal: AbortSignal }): Promise<VoiceStartAnswer>;
  /** `voice.text`: a typed turn; the same id after a drop is answered once. */
  sendText(sessionId: string, turn: VoiceTurn, options: { signal: AbortSignal }): Promise<VoiceTextAnswer>;
  sendAudio(sessionId: string, seq: number, frame: Int16Array): void;
  commit(sessionId: string): void;
  reportPlayback(sessionId: string, responseId: string, playedMs: number): void;
  stop(sessionId: string): void;
};

export type MicrophoneFailure = 'microphone_denied' | 'microphone_not_found' | 'microphone_busy';

export type VoiceCapture = { setMuted(muted: boolean): void; stop(): Promise<void> };
export type VoicePlayer = {
  play(responseId: string, pcm: Int16Array): void;
  drain(): void;
  /** Stops at once; answers the milliseconds heard of each response. */
  flush(): Promise<Record<string, number>>;
  isSuspended(): boolean;
  resume(): Promise<void>;
  close(): Promise<void>;
};

/** The browser's audio (utils/voice-devices.ts): the microphone with its capture, and the persona's playback. */
export type VoiceDevices = {
  /** Rejects with `{ code: MicrophoneFailure }` when the microphone cannot be had. */
  openCapture(listeners: {
    onFrame: (frame: Int16Array) => void;
    onLevel: (level: number) => void;
  }): Promise<VoiceCapture>;
  openPlayback(listeners: { onPlayed: (played: Record<string, number>) => void }): Promise<VoicePlayer>;
};

export type VoicePlayDeps = {
  transport: VoiceTransport;
  devices: VoiceDevices;
  /** The session over HTTP: after a reconnect it tells the turns this page missed. */
  load: (sessionId: string, options: { signal: AbortSignal }) => Promise<PlaySession>;
};

/** A line of the live transcript: `final` once it is the turn's recorded text. */
export type VoiceLine = { id: string; role: 'learner' | 'persona'; text: string; final: boolean };

type Response = {
  /** Audio received and played, in milliseconds at the wire's 24 kHz. */
  receivedMs: number;
  playedMs: number;
  /** What the last `voice.playback` said. */
  reportedMs: number;
  /** `voice.response.done` arrived: no more audio of it. */
  done: boolean;
  /** Stopped (barge-in): its late chunks are dropped. */
  cut: boolean;
};

export type VoicePlayError = { code: string; message: string | null; status: number | null };

export type VoiceInputMode = 'voice_activity' | 'push_to_talk';

/** `recorded`: the server holds it (only resending can move on); `lost`: its fate is unknown (sent again once back). */
export type VoicePendingTurn = { id: string; text: string; recorded: boolean; lost: boolean };

export type VoicePlayContext = {
  sessionId: string;
  createTurnId: () => string;
  /** What `voice.start` answered last: the formats and what the session's provider can do. */
  answer: VoiceStartAnswer | null;
  /**
   * Both sides' audio is kept for replay on the result page (the organization's setting, as the last `voice.start`
   * said): the screen says so.
   */
  recording: boolean;
  lines: VoiceLine[];
  draft: string;
  pendingTurn: VoicePendingTurn | null;
  responses: Record<string, Response>;
  /** Hands-free (the provider hears turns end) or push-to-talk; a manual provider is push-to-talk only. */
  inputMode: VoiceInputMode;
  /** The push-to-talk button or key is held. */
  pushing: boolean;
  /** The gateway heard the learner speak (`voice.speech`). */
  learnerVoice: boolean;
  level: number;
  microphoneError: MicrophoneFailure | null;
  /** The browser holds the persona's voice back until the user interacts with the page. */
  soundBlocked: boolean;
  playbackFailed: boolean;
  audioSeq: number;
  error: VoicePlayError | null;
  status: PlaySessionStatus | null;
  attempts: number;
};

export type VoicePlayInput = {
  sessionId: string;
  turns: readonly PlayTurn[];
  createTurnId?: () => string;
};

export type VoicePlayEvent =
  | VoiceGatewayEvent
  | { type: 'mic.opened' }
  | { type: 'mic.failed'; code: MicrophoneFailure }
  | { type: 'mic.frame'; frame: Int16Array }
  | { type: 'mic.level'; level: number }
  | { type: 'playback.progress'; played: Record<string, number> }
  | { type: 'playback.flushed'; played: Record<string, number> }
  | { type: 'playback.blocked' }
  | { type: 'playback.unblocked' }
  | { type: 'playback.failed' }
  | { type: 'user.type'; text: string }
  | { type: 'user.send' }
  | { type: 'user.retry' }
  | { type: 'user.discard' }
  | { type: 'user.mute' }
  | { type: 'user.unmute' }
  | { type: 'user.talkStart' }
  | { type: 'user.talkEnd' }
  | { type: 'user.stop' }
  | { type: 'user.inputMode'; mode: VoiceInputMode }
  | { type: 'user.retryMicrophone' }
  | { type: 'user.enableSound' }
  /** The session's voice settings changed (voice-settings.tsx): `voice.start` again tells what the voice can do now. */
  | { type: 'user.settingsChanged' }
  | { type: 'voice.live' }
  /** A typed turn's answer says the session ended: its audio and `voice.outcome` are still on their way. */
  | { type: 'voice.answeredEnded' }
  | { type: 'CONNECTION.LOST' }
  | { type: 'CONNECTION.RESTORED' };

export type VoicePlayOutput = { status: PlaySessionStatus | null; lines: VoiceLine[] };

type PlaybackCommand =
  { type: 'play'; responseId: string; pcm: Int16Array } | { type: 'drain' } | { type: 'flush' } | { type: 'resume' };
type CaptureCommand = { type: 'mute'; muted: boolean };

const WIRE_SAMPLES_PER_MS = 24;
/** The worklet rounds to whole milliseconds. */
const PLAYED_TOLERANCE_MS = 2;
/** After the outcome, the persona's last words are heard before the screen ends; a stuck playback waits no longer. */
const CLOSING_MAX_MS = 20_000;
/** A typed turn's answer says the session ended: how long `voice.outcome` (sent after the reply's audio) is awaited. */
const OUTCOME_MAX_MS = 10_000;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 15_000;

export const toVoicePlayError = (error: unknown): VoicePlayError => {
  if (typeof error !== 'object' || error === null) return { code: 'unknown_error', message: null, status: null };
  const { code, message, status } = error as Record<string, unknown>;
  return {
    code: typeof code === 'string' && code ? code : 'unknown_error',
    message: typeof message === 'string' && message ? message : null,
    status: typeof status === 'number' ? status : null,
  };
};

/** Unreachable, dropped or broken (5xx): trying again may work; a reply that failed is resent by the learner. */
const isTransientError = (error: VoicePlayError) =>
  error.code !== 'coaching_session_reply_failed' &&
  (error.status === 0 || (error.status !== null && error.status >= 500));

const microphoneFailureOf = (error: unknown): MicrophoneFailure => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'microphone_not_found' || code === 'microphone_busy' ? code : 'microphone_denied';
};

/** Whether some of the persona's speech is still to be heard. */
export const isPersonaSpeaking = (context: Pick<VoicePlayContext, 'responses' | 'playbackFailed'>): boolean =>
  Object.values(context.responses).some(
    (response) =>
      !response.cut &&
      (!response.done || (!context.playbackFailed && response.playedMs < response.receivedMs - PLAYED_TOLERANCE_MS)),
  );

/** Still to be heard: neither stopped nor played to its end. */
const isAudible = (response: Response) => !response.cut && (!response.done || response.playedMs < response.receivedMs);

export type PlaybackReport = { responseId: string; playedMs: number };

/** The responses whose played milliseconds moved since the last `voice.playback` (every ~250 ms). */
export const progressReports = (responses: Record<string, Response>, played: Record<string, number>) =>
  Object.entries(responses).flatMap(([responseId, response]): PlaybackReport[] => {
    const playedMs = Math.max(response.playedMs, played[responseId] ?? 0);
    return playedMs === response.reportedMs ? [] : [{ responseId, playedMs }];
  });

/** After a flush: every cut response still open is reported, even unchanged, so the gateway knows what was heard. */
export const flushReports = (responses: Record<string, Response>, played: Record<string, number>) =>
  Object.entries(responses).flatMap(([responseId, response]): PlaybackReport[] => {
    const playedMs = Math.max(response.playedMs, played[responseId] ?? 0);
    return response.cut && (!response.done || playedMs !== response.reportedMs) ? [{ responseId, playedMs }] : [];
  });

const withPlayed = (responses: Record<string, Response>, reports: readonly PlaybackReport[], flushed: boolean) => {
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

const lineOfTurn = (turn: PlayTurn): VoiceLine => ({ id: turn.id, role: turn.role, text: turn.text, final: true });

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

const retryDelayOf = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

const missingDeps = () =>
  Promise.reject(new Error('The voice-play machine needs its transport and devices: use createVoicePlayMachine.'));

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: toVoicePlayError(event.error) });

export const voicePlayMachine = setup({
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
    retryDelay: ({ context }) => retryDelayOf(context.attempts),
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

    addReceived: assign(({ context }, { responseId, samples }: { responseId: string; samples: number }) => {
      const known = context.responses[responseId];
      return {
        responses: {
          ...context.responses,
          [responseId]: {
            receivedMs: (known?.receivedMs ?? 0) + samples / WIRE_SAMPLES_PER_MS,
            playedMs: known?.playedMs ?? 0,
            reportedMs: known?.reportedMs ?? 0,
            done: false,
            cut: false,
          },
        },
      };
    }),
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
}).createMachine({
  id: 'voicePlay',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    createTurnId: input.createTurnId ?? (() => crypto.randomUUID()),
    answer: null,
    recording: false,
    lines: input.turns.map(lineOfTurn),
    draft: '',
    pendingTurn: null,
    responses: {},
    inputMode: 'voice_activity',
    pushing: false,
    learnerVoice: false,
    level: 0,
    microphoneError: null,
    soundBlocked: false,
    playbackFailed: false,
    audioSeq: 0,
    error: null,
    status: null,
    attempts: 0,
  }),
  output: ({ context }) => ({ status: context.status, lines: context.lines }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: [
        { id: 'listen', src: 'listen', input: ({ context }) => ({ sessionId: context.sessionId }) },
        { id: 'playback', src: 'playback' },
      ],
      on: {
        'gateway.audio': {
          // A stopped response's chunks still on their way are dropped.
          guard: ({ context, event }) => context.responses[event.header.response_id]?.cut !== true,
          actions: [
            {
              type: 'addReceived',
              params: ({ event }) => ({ responseId: event.header.response_id, samples: event.pcm.length }),
            },
            { type: 'playChunk', params: ({ event }) => ({ responseId: event.header.response_id, pcm: event.pcm }) },
          ],
        },
        'gateway.responseDone': {
          actions: [
            { type: 'markDone', params: ({ event }) => ({ responseId: event.done.response_id }) },
            'drainPlayback',
          ],
        },
        'gateway.transcript': {
          actions: { type: 'showTranscript', params: ({ event }) => ({ transcript: event.transcript }) },
        },
        'gateway.error': {
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: { code: event.error.code, message: event.error.message, status: null } }),
          },
        },
        // The gateway decided the learner barged in: playback stops now and says what was heard.
        'gateway.playbackStop': {
          actions: [
            { type: 'cutResponses', params: ({ event }) => ({ responseId: event.stop.response_id }) },
            'flushPlayback',
          ],
        },
        'gateway.speech': {
          actions: { type: 'setLearnerVoice', params: ({ event }) => ({ speaking: event.speech.state === 'started' }) },
        },
        'playback.progress': {
          actions: [
            {
              type: 'reportPlayback',
              params: ({ context, event }) => ({ reports: progressReports(context.responses, event.played) }),
            },
            {
              type: 'recordPlayed',
              params: ({ context, event }) => ({ reports: progressReports(context.responses, event.played) }),
            },
          ],
        },
        'playback.flushed': {
          actions: [
            {
              type: 'reportPlayback',
              params: ({ context, event }) => ({ reports: flushReports(context.responses, event.played) }),
            },
            {
              type: 'recordFlushed',
              params: ({ context, event }) => ({ reports: flushReports(context.responses, event.played) }),
            },
          ],
        },
        'playback.blocked': { actions: assign({ soundBlocked: true }) },
        'playback.unblocked': { actions: assign({ soundBlocked: false }) },
        'playback.failed': { actions: assign({ playbackFailed: true, soundBlocked: false }) },
        'user.enableSound': { actions: sendTo('playback', { type: 'resume' } satisfies PlaybackCommand) },
        'mic.level': { actions: { type: 'setLevel', params: ({ event }) => ({ level: event.level }) } },
        'mic.frame': {
          guard: and([
            'isLive',
            'hearsAudio',
            'isUnmuted',
            // Push-to-talk: only while the button is held; hands-free: always, the gateway hears turns end.
            or([not('isPushToTalk'), 'isPushing']),
          ]),
          actions: [
            { type: 'sendAudio', params: ({ context, event }) => ({ seq: context.audioSeq, frame: event.frame }) },
            'countFrame',
          ],
        },
        'user.type': { actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) } },
        'user.inputMode': { actions: { type: 'setInputMode', params: ({ event }) => ({ mode: event.mode }) } },
      },
      states: {
        session: {
          initial: 'connecting',
          states: {
            connecting: {
              initial: 'starting',
              states: {
                starting: {
                  invoke: {
                    src: 'start',
                    input: ({ context }) => ({ sessionId: context.sessionId }),
                    onDone: [
                      {
                        guard: { type: 'startSaysEnded', params: ({ event }) => ({ answer: event.output }) },
                        target: '#voiceDraining',
                        actions: { type: 'applyStart', params: ({ event }) => ({ answer: event.output }) },
                      },
                      {
                        target: '#voiceLive',
                        actions: { type: 'applyStart', params: ({ event }) => ({ answer: event.output }) },
                      },
                    ],
                    onError: [
                      {
                        guard: { type: 'isTransient', params: errorOf },
                        target: 'waiting',
                        actions: [{ type: 'setError', params: errorOf }, 'countAttempt'],
                      },
                      { target: '#voicePlay.active.session.failed', actions: { type: 'setError', params: errorOf } },
                    ],
                  },
                },
                waiting: {
                  after: { retryDelay: 'starting' },
                  on: { 'gateway.connected': 'starting', 'CONNECTION.RESTORED': 'starting' },
                },
              },
            },
            live: {
              id: 'voiceLive',
              entry: raise({ type: 'voice.live' }),
              initial: 'listening',
              on: {
                'gateway.disconnected': 'reconnecting',
                'CONNECTION.LOST': 'reconnecting',
                'user.settingsChanged': 'connecting',
                'gateway.outcome': {
                  target: '#voiceDraining',
                  actions: { type: 'setStatus', params: ({ event }) => ({ status: event.outcome.status }) },
                },
                'voice.answeredEnded': 'closing',
              },
              states: {
                // Which of the three is derived from what is heard and played: the screen shows it.
                listening: {
                  always: [
                    { guard: 'isLearnerSpeaking', target: 'learnerSpeaking' },
                    { guard: 'isPersonaSpeaking', target: 'personaSpeaking' },
                  ],
                },
                learnerSpeaking: {
                  always: { guard: not('isLearnerSpeaking'), target: 'listening' },
                },
                personaSpeaking: {
                  always: [
                    { guard: 'isLearnerSpeaking', target: 'learnerSpeaking' },
                    { guard: not('isPersonaSpeaking'), target: 'listening' },
                  ],
                  on: {
                    // The learner stops the persona: the gateway stops sending, playback drops the rest.
                    'user.stop': {
                      actions: ['sendStop', { type: 'cutResponses', params: { responseId: null } }, 'flushPlayback'],
                    },
                  },
                },
              },
            },
            reconnecting: {
              entry: ['resetAttempts', 'stopPushing', { type: 'setLearnerVoice', params: { speaking: false } }],
              initial: 'starting',
              states: {
                starting: {
                  invoke: {
                    src: 'start',
                    input: ({ context }) => ({ sessionId: context.sessionId }),
                    onDone: {
                      target: 'reloading',
                      actions: { type: 'applyStart', params: ({ event }) => ({ answer: event.output }) },
                    },
                    onError: [
                      {
                        guard: { type: 'isTransient', params: errorOf },
                        target: 'waiting',
                        actions: [{ type: 'setError', params: errorOf }, 'countAttempt'],
                      },
                      { target: '#voicePlay.active.session.failed', actions: { type: 'setError', params: errorOf } },
                    ],
                  },
                },
                waiting: {
                  after: { retryDelay: 'starting' },
                  on: { 'gateway.connected': 'starting', 'CONNECTION.RESTORED': 'starting' },
                },
                // Nothing is replayed: the turns missed meanwhile come from the session's transcript.
                reloading: {
                  invoke: {
                    src: 'load',
                    input: ({ context }) => ({ sessionId: context.sessionId }),
                    onDone: [
                      {
                        guard: { type: 'sessionIsOver', params: ({ event }) => ({ session: event.output }) },
                        target: '#voiceDraining',
                        actions: { type: 'mergeSession', params: ({ event }) => ({ session: event.output }) },
                      },
                      {
                        target: '#voiceLive',
                        actions: { type: 'mergeSession', params: ({ event }) => ({ session: event.output }) },
                      },
                    ],
                    // The voice is back; the transcript only misses what the next reload will tell.
                    onError: '#voiceLive',
                  },
                },
              },
            },
            // The session ended: the persona's last words are heard, then the play machine shows the ending.
            closing: {
              initial: 'awaitingOutcome',
              states: {
                // The answer came before the reply's audio: `voice.outcome` follows the last of it.
                awaitingOutcome: {
                  on: {
                    'gateway.outcome': {
                      target: 'draining',
                      actions: { type: 'setStatus', params: ({ event }) => ({ status: event.outcome.status }) },
                    },
                  },
                  after: { outcomeMax: 'draining' },
                },
                draining: {
                  id: 'voiceDraining',
                  always: { guard: not('isPersonaSpeaking'), target: '#voicePlay.done' },
                  after: { closingMax: '#voicePlay.done' },
                },
              },
            },
            /** The voice cannot be opened (not a voice session, not the caller's): the error says why. */
            failed: {},
          },
        },
        microphone: {
          initial: 'on',
          states: {
            on: {
              invoke: { id: 'capture', src: 'capture' },
              initial: 'opening',
              on: {
                'mic.failed': {
                  target: 'unavailable',
                  actions: { type: 'setMicrophoneError', params: ({ event }) => ({ code: event.code }) },
                },
              },
              states: {
                opening: { on: { 'mic.opened': 'open' } },
                open: {
                  initial: 'unmuted',
                  states: {
                    unmuted: {
                      id: 'voiceUnmuted',
                      on: {
                        'user.mute': {
                          target: 'muted',
                          actions: { type: 'setMuted', params: { muted: true } },
                        },
                      },
                    },
                    muted: {
                      on: {
                        'user.unmute': { target: 'unmuted', actions: { type: 'setMuted', params: { muted: false } } },
                      },
                    },
                  },
                },
              },
            },
            unavailable: {
              on: {
                'user.retryMicrophone': {
                  target: 'on',
                  actions: { type: 'setMicrophoneError', params: { code: null } },
                },
              },
            },
          },
        },
        talk: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.talkStart': {
                  guard: and(['isLive', 'hearsAudio', 'isUnmuted', 'isPushToTalk']),
                  target: 'pushing',
                },
              },
            },
            // Frames flow while held; the release ends the turn (voice.commit).
            pushing: {
              entry: [
                // Speaking over the persona is a barge-in.
                enqueueActions(({ context, enqueue }) => {
                  if (!isPersonaSpeaking(context)) return;
                  enqueue('sendStop');
                  enqueue({ type: 'cutResponses', params: { responseId: null } });
                  enqueue('flushPlayback');
                }),
                'startPushing',
              ],
              exit: 'stopPushing',
              on: {
                'user.talkEnd': { target: 'idle', actions: 'sendCommit' },
                'user.mute': { target: 'idle', actions: 'sendCommit' },
                'gateway.disconnected': 'idle',
                'CONNECTION.LOST': 'idle',
              },
            },
          },
        },
        typing: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.send': {
                  guard: and(['hasDraft', 'isLive']),
                  target: 'sending',
                  actions: [
                    // The gateway stops the persona on a new turn; the rest of its voice is dropped here too.
                    enqueueActions(({ context, enqueue }) => {
                      if (!isPersonaSpeaking(context)) return;
                      enqueue({ type: 'cutResponses', params: { responseId: null } });
                      enqueue('flushPlayback');
                    }),
                    'startTurn',
                  ],
                },
              },
            },
            sending: {
              invoke: {
                src: 'sendText',
                input: ({ context }) => {
                  const pending = context.pendingTurn;
                  if (pending === null) throw new Error('sending needs a pending turn');
                  return { sessionId: context.sessionId, turn: { turn_id: pending.id, text: pending.text } };
                },
                onDone: [
                  {
                    guard: ({ event }) => isTerminalCoachingSessionStatus(event.output.status),
                    target: 'idle',
                    actions: [
                      { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
                      // The outcome follows the reply's audio; the answer already says it, in case it is missed.
                      raise({ type: 'voice.answeredEnded' }),
                    ],
                  },
                  {
                    target: 'idle',
                    actions: { type: 'recordAnswer', params: ({ event }) => ({ answer: event.output }) },
                  },
                ],
                onError: { target: 'failed', actions: { type: 'failTurn', params: errorOf } },
              },
            },
            failed: {
              on: {
                // A drop: the same turn id is sent again once the voice is back, and answered once.
                'voice.live': {
                  guard: ({ context }) => context.pendingTurn?.lost === true,
                  target: 'sending',
                },
                'user.retry': { guard: 'isLive', target: 'sending', actions: 'clearError' },
                'user.discard': { guard: 'canDiscard', target: 'idle', actions: 'discardTurn' },
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The machine with the gateway and the browser's audio: each device an actor that lives as long as its state. */
export const createVoicePlayMachine = ({ transport, devices, load }: VoicePlayDeps) =>
  voicePlayMachine.provide({
    actors: {
      listen: fromCallback<VoicePlayEvent, { sessionId: string }>(({ input, sendBack }) => {
        const unlisten = transport.listen(input.sessionId, sendBack);
        return () => {
          unlisten();
          // Leaving the screen (ended, End, Abort): the gateway stops sending audio nobody hears.
          transport.stop(input.sessionId);
        };
      }),
      capture: fromCallback<CaptureCommand>(({ sendBack, receive }) => {
        let capture: VoiceCapture | null = null;
        let stopped = false;
        let muted = false;
        devices
          .openCapture({
            onFrame: (frame) => {
              if (!stopped) sendBack({ type: 'mic.frame', frame });
            },
            onLevel: (level) => {
              if (!stopped) sendBack({ type: 'mic.level', level });
            },
          })
          .then(
            (opened) => {
              if (stopped) return void opened.stop();
              capture = opened;
              opened.setMuted(muted);
              sendBack({ type: 'mic.opened' });
            },
            (error: unknown) => {
              if (!stopped) sendBack({ type: 'mic.failed', code: microphoneFailureOf(error) });
            },
          );
        receive((command) => {
          muted = command.muted;
          capture?.setMuted(muted);
        });
        return () => {
          stopped = true;
          void capture?.stop();
        };
      }),
      playback: fromCallback<PlaybackCommand>(({ sendBack, receive }) => {
        let player: VoicePlayer | null = null;
        let stopped = false;
        const waiting: PlaybackCommand[] = [];
        const run = (command: PlaybackCommand, to: VoicePlayer) => {
          if (command.type === 'play') to.play(command.responseId, command.pcm);
          else if (command.type === 'drain') to.drain();
          else if (command.type === 'resume')
            void to.resume().then(() => !stopped && !to.isSuspended() && sendBack({ type: 'playback.unblocked' }));
          else
            void to.flush().then((played) => {
              if (!stopped) sendBack({ type: 'playback.flushed', played });
            });
        };
        devices
          .openPlayback({
            onPlayed: (played) => {
              if (!stopped) sendBack({ type: 'playback.progress', played });
            },
          })
          .then(
            (opened) => {
              if (stopped) return void opened.close();
              player = opened;
              if (opened.isSuspended()) sendBack({ type: 'playback.blocked' });
              for (const command of waiting.splice(0)) run(command, opened);
            },
            () => {
              if (!stopped) sendBack({ type: 'playback.failed' });
            },
          );
        receive((command) => {
          if (player) return run(command, player);
          // Not open yet: a flush drops what waits, and nothing was heard.
          if (command.type === 'flush') {
            waiting.splice(0);
            sendBack({ type: 'playback.flushed', played: {} });
          } else waiting.push(command);
        });
        return () => {
          stopped = true;
          void player?.close();
        };
      }),
      start: fromPromise<VoiceStartAnswer, { sessionId: string }>(({ input, signal }) =>
        transport.start(input.sessionId, { signal }),
      ),
      sendText: fromPromise<VoiceTextAnswer, { sessionId: string; turn: VoiceTurn }>(({ input, signal }) =>
        transport.sendText(input.sessionId, input.turn, { signal }),
      ),
      load: fromPromise<PlaySession, { sessionId: string }>(({ input, signal }) => load(input.sessionId, { signal })),
    },
    actions: {
      sendAudio: ({ context }, { seq, frame }: { seq: number; frame: Int16Array }) =>
        transport.sendAudio(context.sessionId, seq, frame),
      sendCommit: ({ context }) => transport.commit(context.sessionId),
      reportPlayback: ({ context }, { reports }: { reports: PlaybackReport[] }) => {
        for (const { responseId, playedMs } of reports)
          transport.reportPlayback(context.sessionId, responseId, playedMs);
      },
      sendStop: ({ context }) => transport.stop(context.sessionId),
    },
  });

export type VoicePlayMachine = typeof voicePlayMachine;
export type VoicePlayActorRef = ActorRefFrom<VoicePlayMachine>;

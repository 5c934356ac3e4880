import { performance } from 'node:perf_hooks';
import {
  keepCoachingVoiceRecording,
  openCoachingSessionVoice,
  playCoachingSessionTurn,
  recordCoachingVoiceTurn,
  type AppServices,
  type CascadeRecognition,
  type CoachingSessionVoice,
  type Origin,
  type UtteranceListening,
} from '@ai-coaching/application';
import {
  errorText,
  VOICE_AUDIO_FORMAT,
  VOICE_PROTOCOL_VERSION,
  type CoachingSessionTurnAnswer,
  type VoiceStartAnswer,
} from '@ai-coaching/contracts';
import {
  ConflictError,
  createSentenceCutter,
  isTerminalCoachingSessionStatus,
  createEchoGate,
  createTurnRecorder,
  createUtteranceDetector,
  pcm16Chunks,
  VOICE_MAX_CHUNK_MS,
  VOICE_SAMPLE_RATE,
  type EchoGate,
  type TurnRecorder,
  type UtteranceDetector,
  type UtteranceEvent,
  type Pcm16,
} from '@ai-coaching/domain';
import type { Logger } from '@ai-coaching/platform';
import { gatewayFailure, socketLocale } from '../socket-answers.js';
import { createRealtimeConversation, type RealtimeConversation } from './realtime-voice.js';
import { createLatePlayback, type LatePlayback } from './late-playback.js';
import type { VoiceSocket } from './voice-socket.js';

// The gateway's voice (docs/voice.md, "Gateway voice protocol"). A push-to-talk turn is the text session's turn
// (`playCoachingSessionTurn`: credits, outcomes, transcript and reports unchanged); its reply is cut into sentences as
// it streams, each spoken by the session's voice and sent as ≤ 100 ms PCM chunks. One reply speaks at a time: a new
// turn or `voice.stop` stops the one speaking (barge-in). The session's voice state lives in the process that runs
// it; a socket that reconnects and sends `voice.start` again takes over what is left, and nothing sent is sent again.

type Response = {
  responseId: string;
  turnId: string;
  cancel: AbortController;
  /** `performance.now()` when the learner's turn arrived; the durations below count from it. */
  arrivedAt: number;
  arrivedAtIso: string;
  firstSynthesizedMs: number | null;
  firstSentMs: number | null;
  playedMs: number | null;
  /** From the turn's arrival until the browser started playing the first audio (its first playback report). */
  firstPlayedMs: number | null;
  chunks: number;
  failed: boolean;
  finished: boolean;
};

/** An utterance being heard by a cascade's recognition, from its start (docs/voice.md, "Cascade turns"). */
type Hearing = {
  /** The turn it becomes: its partial transcripts go under this id, and the turn is recorded under it. */
  turnId: string;
  listening: UtteranceListening;
  cancel: AbortController;
  /** How many words the partial transcripts have shown. */
  shownWords: number;
  ended: boolean;
};

type VoiceState = {
  key: string;
  sessionId: string;
  voice: CoachingSessionVoice;
  /** The socket audio goes to: the last one that sent `voice.start`; none while the learner is reconnecting. */
  socket: VoiceSocket | undefined;
  speaking: Response | undefined;
  /** Turns being played, which the same turn id resent (after a drop) joins instead of playing again. */
  turns: Map<string, Promise<CoachingSessionTurnAnswer>>;
  /** Responses already recorded, so a late playback report updates their played milliseconds. */
  late: LatePlayback;
  /** A speech-to-speech provider's conversation, when the session's model speaks itself (realtime-voice.ts). */
  realtime: RealtimeConversation | undefined;
  /** A cascade's recognition: the microphone's frames cut into utterances, echo held back (docs/voice.md). */
  listening: { detector: UtteranceDetector; gate: EchoGate } | undefined;
  /** The utterance being spoken now, heard by recognition as it comes. */
  hearing: Hearing | undefined;
  /** Closes the realtime conversation when nobody has come back for a while after a drop. */
  idleTimer: NodeJS.Timeout | undefined;
  /** Both sides' audio, when the organization records voice sessions (docs/voice.md, "Recordings"). */
  recorder: TurnRecorder | undefined;
};

export type VoiceSessions = Map<string, VoiceState>;

export const createVoiceSessions = (): VoiceSessions => new Map();

/** How long a realtime conversation waits for its learner to reconnect before the provider is let go. */
const REALTIME_IDLE_MS = 60_000;

const hasWords = (sentence: string) => /[\p{L}\p{N}]/u.test(sentence);
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What `voice.start` answers. A realtime provider hears the microphone and finds the end of turns itself; the
 * built-in provider hears typed turns only: its audio in is accepted and ignored.
 */
const startAnswer = (state: VoiceState): VoiceStartAnswer => ({
  session_id: state.sessionId,
  protocol_version: VOICE_PROTOCOL_VERSION,
  input: { ...VOICE_AUDIO_FORMAT, frame_ms: 20 },
  output: { ...VOICE_AUDIO_FORMAT, max_chunk_ms: VOICE_MAX_CHUNK_MS },
  capabilities:
    state.realtime || state.voice.recognition
      ? {
          recognition: 'audio',
          turn_detection: state.voice.recognition?.turnDetection === 'push_to_talk' ? 'manual' : 'voice_activity',
          audio_in: true,
          barge_in: true,
          transcripts: true,
        }
      : { recognition: 'push_to_talk', turn_detection: 'manual', audio_in: false, barge_in: true, transcripts: true },
  status: state.voice.status,
  recording: state.recorder !== undefined,
  speaking: state.realtime
    ? state.realtime.speaking()
    : state.speaking && !state.speaking.finished
      ? { turn_id: state.speaking.turnId, response_id: state.speaking.responseId }
      : null,
});

/** A microphone frame as samples: PCM16 little-endian (its size checked at the gateway's edge, socket-guard.ts). */
const samplesOf = (pcm: ArrayBuffer | ArrayBufferView): Int16Array => {
  const bytes = ArrayBuffer.isView(pcm) ? Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) : Buffer.from(pcm);
  const samples = new Int16Array(bytes.length >> 1);
  for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
};

export const handleVoiceSessions = (
  socket: VoiceSocket,
  services: AppServices,
  sessions: VoiceSessions,
  log: Logger,
): void => {
  const keyOf = (sessionId: string) => `${socket.data.userId}:${sessionId}`;
  const originOf = (): Origin => ({
    caller: socket.data.caller,
    correlationId: socket.id,
    log,
    locale: socketLocale(socket),
  });
  const attached = (sessionId: string) => {
    const state = sessions.get(keyOf(sessionId));
    return state?.socket === socket ? state : undefined;
  };
  const notStarted = () =>
    new ConflictError(
      'coaching_voice_not_started',
      'Start the session’s voice on this connection first (voice.start).',
    );

  /** Keeps one side's audio of a turn, when the session is recorded; a failure costs the recording, never the turn. */
  const keep = (state: VoiceState, turnId: string, role: 'learner' | 'persona', audio: Pcm16 | undefined) => {
    if (!state.recorder || !audio) return;
    void keepCoachingVoiceRecording(services, {
      sessionId: state.sessionId,
      organizationId: state.voice.organizationId,
      turnId,
      role,
      audio,
    }).catch((error: unknown) =>
      log.warn({ err: error, sessionId: state.sessionId }, 'could not keep a voice recording'),
    );
  };

  /** A session nobody is attached to and nothing plays in is forgotten; `voice.start` opens it again. */
  const forgetIfIdle = (state: VoiceState) => {
    if (state.socket || state.speaking || state.turns.size > 0) return;
    if (!state.realtime) {
      sessions.delete(state.key);
      return;
    }
    // A realtime conversation holds the persona's memory of the call: it waits a while for the learner to return.
    clearTimeout(state.idleTimer);
    state.idleTimer = setTimeout(() => {
      if (state.socket) return;
      sessions.delete(state.key);
      void state.realtime?.close();
    }, REALTIME_IDLE_MS);
    state.idleTimer.unref();
  };

  /** Ends a response once: its audio stops, what it sent and when is kept. */
  const finish = async (state: VoiceState, response: Response) => {
    if (response.finished) return;
    response.finished = true;
    if (state.speaking === response) state.speaking = undefined;
    const status = response.failed ? 'failed' : response.cancel.signal.aborted ? 'cancelled' : 'completed';
    // A reply cut by a barge-in is kept as far as the browser played it, as the history keeps what was spoken.
    keep(
      state,
      response.responseId,
      'persona',
      state.recorder?.personaClip(response.responseId, status === 'cancelled' ? (response.playedMs ?? 0) : null),
    );
    state.socket?.emit('voice.response.done', {
      session_id: state.sessionId,
      response_id: response.responseId,
      turn_id: response.turnId,
      status,
      chunks: response.chunks,
    });
    await recordCoachingVoiceTurn(services, {
      sessionId: state.sessionId,
      responseId: response.responseId,
      turnId: response.turnId,
      organizationId: state.voice.organizationId,
      providerKind: state.voice.providerKind,
      turnReceivedAt: response.arrivedAtIso,
      firstAudioSynthesizedMs: response.firstSynthesizedMs,
      firstAudioSentMs: response.firstSentMs,
      playedMs: response.playedMs,
      firstAudioPlayedMs: response.firstPlayedMs,
      status,
    });
    state.late.recorded(response.responseId, {
      playedMs: response.playedMs,
      arrivedAt: response.arrivedAt,
      firstPlayed: response.firstPlayedMs !== null,
    });
    forgetIfIdle(state);
  };

  /** Sends one piece of a sentence's audio chunk by chunk, stopping between chunks once cancelled. */
  const sendAudio = async (state: VoiceState, response: Response, pcm: Pcm16) => {
    state.listening?.gate.personaAudio(pcm.samples, pcm.sampleRate, performance.now());
    state.recorder?.personaAudio(response.responseId, pcm.samples);
    for (const chunk of pcm16Chunks(pcm)) {
      if (response.cancel.signal.aborted) return;
      const target = state.socket;
      // Nobody attached (a reconnect under way): this audio is dropped, never queued for a replay.
      if (target) {
        target.emit(
          'voice.audio',
          {
            session_id: state.sessionId,
            response_id: response.responseId,
            turn_id: response.turnId,
            seq: response.chunks,
            sample_rate: VOICE_AUDIO_FORMAT.sample_rate,
          },
          Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) as unknown as ArrayBuffer,
        );
        response.firstSentMs ??= performance.now() - response.arrivedAt;
      }
      response.chunks += 1;
      // Lets a barge-in arriving meanwhile be read before the next chunk leaves.
      await nextTick();
    }
  };

  /** Speaks one sentence: its audio is sent as the voice synthesises it, and stops once cancelled. */
  const speakSentence = async (state: VoiceState, response: Response, sentence: string) => {
    if (response.cancel.signal.aborted || response.failed || !hasWords(sentence)) return;
    let shown = false;
    try {
      for await (const pcm of state.voice.speak(sentence, response.cancel.signal)) {
        response.firstSynthesizedMs ??= performance.now() - response.arrivedAt;
        if (response.cancel.signal.aborted) return;
        if (!shown) {
          shown = true;
          state.socket?.emit('voice.transcript', {
            session_id: state.sessionId,
            turn_id: response.responseId,
            role: 'persona',
            text: sentence,
            final: false,
          });
        }
        await sendAudio(state, response, pcm);
      }
    } catch (error) {
      if (response.cancel.signal.aborted) return;
      response.failed = true;
      log.warn({ err: error, sessionId: state.sessionId }, 'voice synthesis failed');
      const locale = socketLocale(state.socket ?? socket);
      state.socket?.emit('voice.error', {
        session_id: state.sessionId,
        code: 'coaching_voice_synthesis_failed',
        message: errorText(locale, 'coaching_voice_synthesis_failed'),
        retryable: true,
      });
    }
  };

  /** Stops the reply being spoken, if any (barge-in). */
  const stopSpeaking = async (state: VoiceState): Promise<boolean> => {
    const response = state.speaking;
    if (!response || response.finished) return false;
    response.cancel.abort();
    state.listening?.gate.personaStopped(performance.now());
    await finish(state, response);
    return true;
  };

  const playTurn = (state: VoiceState, turnId: string, text: string): Promise<CoachingSessionTurnAnswer> => {
    const response: Response = {
      responseId: `reply-${turnId}`,
      turnId,
      cancel: new AbortController(),
      arrivedAt: performance.now(),
      arrivedAtIso: services.clock.now().toISOString(),
      firstSynthesizedMs: null,
      firstSentMs: null,
      playedMs: null,
      firstPlayedMs: null,
      chunks: 0,
      failed: false,
      finished: false,
    };
    let spoke = false;
    const cutter = createSentenceCutter();
    let speech = Promise.resolve();
    const queue = (sentences: string[]) => {
      for (const sentence of sentences) {
        if (!spoke) {
          spoke = true;
          state.speaking = response;
        }
        speech = speech.then(() => speakSentence(state, response, sentence));
      }
    };
    state.socket?.emit('voice.transcript', {
      session_id: state.sessionId,
      turn_id: turnId,
      role: 'learner',
      text,
      final: true,
    });
    const answer = playCoachingSessionTurn(
      services,
      originOf(),
      state.sessionId,
      { text, turn_id: turnId },
      {
        onDelta: (delta) => queue(cutter.push(delta)),
      },
    );
    answer
      .then(
        async (answered) => {
          queue(cutter.flush());
          state.socket?.emit('voice.transcript', {
            session_id: state.sessionId,
            turn_id: response.responseId,
            role: 'persona',
            text: answered.reply,
            final: true,
          });
          await speech;
          // A resent turn already answered speaks nothing: its audio was sent the first time.
          if (spoke) await finish(state, response);
          if (isTerminalCoachingSessionStatus(answered.status)) {
            state.voice = { ...state.voice, status: answered.status };
            state.socket?.emit('voice.outcome', { session_id: state.sessionId, status: answered.status });
          }
        },
        async () => {
          response.failed = true;
          await speech;
          if (spoke) await finish(state, response);
        },
      )
      .catch((error: unknown) =>
        log.warn({ err: error, sessionId: state.sessionId }, 'could not finish a voice response'),
      );
    return answer;
  };

  const openRealtime = async (
    state: VoiceState,
    realtime: NonNullable<CoachingSessionVoice['realtime']>,
  ): Promise<RealtimeConversation> => {
    const closing = new AbortController();
    const conversation = createRealtimeConversation({
      services,
      log,
      sessionId: state.sessionId,
      organizationId: state.voice.organizationId,
      providerKind: realtime.providerKind,
      provider: await realtime.open(closing.signal),
      socket: () => state.socket,
      recorder: () => state.recorder,
      keep: (turnId, role, audio) => keep(state, turnId, role, audio),
      late: state.late,
      origin: originOf,
      onStatus: (status) => {
        state.voice = { ...state.voice, status };
        if (isTerminalCoachingSessionStatus(status)) state.realtime = undefined;
      },
    });
    try {
      await conversation.start();
    } catch (error) {
      closing.abort();
      throw error;
    }
    return conversation;
  };

  // Each message's arguments were checked at the gateway's edge (socket-guard.ts), its acknowledgement there too.
  socket.on('voice.start', async (payload, ack) => {
    const locale = socketLocale(socket);
    try {
      const voice = await openCoachingSessionVoice(services, originOf(), payload.session_id);
      const key = keyOf(voice.sessionId);
      let state = sessions.get(key);
      if (state)
        state.voice = {
          ...voice,
          status: isTerminalCoachingSessionStatus(state.voice.status) ? state.voice.status : voice.status,
        };
      else {
        state = {
          key,
          sessionId: voice.sessionId,
          voice,
          socket,
          speaking: undefined,
          turns: new Map(),
          late: createLatePlayback(services, log, voice.sessionId),
          realtime: undefined,
          listening: undefined,
          hearing: undefined,
          idleTimer: undefined,
          recorder: undefined,
        };
        sessions.set(key, state);
      }
      // The newest socket takes over: a reconnect gets what is still to be sent, and nothing already sent.
      state.socket = socket;
      // The organization's setting as it is now: turned off, nothing more is kept from this start on.
      state.recorder = voice.recording
        ? (state.recorder ?? createTurnRecorder({ sampleRate: VOICE_SAMPLE_RATE }))
        : undefined;
      clearTimeout(state.idleTimer);
      if (voice.realtime && !state.realtime && !isTerminalCoachingSessionStatus(state.voice.status)) {
        state.realtime = await openRealtime(state, voice.realtime);
      }
      // Each start reads the session's voice settings again (the player may have changed the turn detection), and
      // starts from silence: an utterance cut by the reconnection is dropped.
      abandonHearing(state);
      state.listening =
        !state.realtime && voice.recognition
          ? {
              detector: createUtteranceDetector(
                voice.recognition.turnDetection === 'push_to_talk'
                  ? // Push-to-talk: every frame between the key and its release is the turn.
                    { sampleRate: VOICE_SAMPLE_RATE, threshold: 0, startMs: 0, prefixMs: 0, silenceMs: Infinity }
                  : { sampleRate: VOICE_SAMPLE_RATE, silenceMs: voice.recognition.silenceMs },
              ),
              gate: state.listening?.gate ?? createEchoGate(),
            }
          : undefined;
      ack({ ok: true, answer: startAnswer(state) });
    } catch (error) {
      ack(gatewayFailure(error, locale, log));
    }
  });

  /** A learner turn, typed or recognised; the same turn id again (a resend after a drop) joins the first. */
  const takeTurn = async (state: VoiceState, turnId: string, text: string) => {
    let turn = state.turns.get(turnId);
    if (!turn) {
      // Barge-in: the learner speaks over the persona, who stops.
      await stopSpeaking(state);
      turn = playTurn(state, turnId, text).finally(() => {
        state.turns.delete(turnId);
        forgetIfIdle(state);
      });
      state.turns.set(turnId, turn);
    }
    return turn;
  };

  /**
   * Shows the words recognised so far under the turn's id. Pieces with `final: false` add up on screen (docs/voice.md,
   * "Gateway voice protocol"), while recognition tells the whole text so far each time: only the words beyond those
   * already shown are sent. A revision of words already shown waits for the final text, which replaces them all.
   */
  const showPartial = (state: VoiceState, hearing: Hearing, text: string) => {
    // Recognition that hears whole files tells its words after the utterance ended, before its final text.
    if (hearing.ended) return;
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length <= hearing.shownWords) return;
    const piece = words.slice(hearing.shownWords).join(' ');
    hearing.shownWords = words.length;
    state.socket?.emit('voice.transcript', {
      session_id: state.sessionId,
      turn_id: hearing.turnId,
      role: 'learner',
      text: piece,
      final: false,
    });
  };

  /** Recognition opened as the utterance starts, fed the audio kept before it; partials show while it is spoken. */
  const openHearing = (state: VoiceState, recognition: CascadeRecognition, prefix: Pcm16): Hearing => {
    const cancel = new AbortController();
    const hearing: Hearing = {
      turnId: services.ids.newId(),
      // Partials come later, never while `listen` opens.
      listening: recognition.listen((text) => showPartial(state, hearing, text), cancel.signal),
      cancel,
      shownWords: 0,
      ended: false,
    };
    hearing.listening.write(prefix.samples);
    return hearing;
  };

  /** Drops the utterance being heard (a new start, the socket gone): no turn comes of it. */
  const abandonHearing = (state: VoiceState) => {
    const hearing = state.hearing;
    state.hearing = undefined;
    if (!hearing) return;
    hearing.ended = true;
    hearing.cancel.abort();
    void hearing.listening.end().catch(() => undefined);
  };

  /**
   * A cascade's utterances: speaking over the persona stops it; recognition hears each one from its start, and its
   * words, once it has ended, are a turn.
   */
  const heard = (state: VoiceState, events: UtteranceEvent[]) => {
    const recognition = state.voice.recognition;
    if (!recognition) return;
    for (const event of events) {
      state.socket?.emit('voice.speech', {
        session_id: state.sessionId,
        state: event.type === 'started' ? 'started' : 'stopped',
      });
      if (event.type === 'started') {
        stopSpeaking(state).catch((error: unknown) =>
          log.warn({ err: error, sessionId: state.sessionId }, 'could not stop the persona speaking'),
        );
        abandonHearing(state);
        state.hearing = openHearing(state, recognition, event.prefix);
        continue;
      }
      // Heard from its start; an utterance whose start this state never saw is heard whole now.
      const hearing = state.hearing ?? openHearing(state, recognition, event.utterance);
      state.hearing = undefined;
      void hearing.listening
        .end()
        .then(async (text) => {
          hearing.ended = true;
          // Nothing in words (a cough, a closed door): no turn, and nothing recorded.
          if (!text || hearing.cancel.signal.aborted) return;
          await takeTurn(state, hearing.turnId, text);
          keep(state, hearing.turnId, 'learner', event.utterance);
        })
        .catch((error: unknown) => {
          hearing.ended = true;
          if (hearing.cancel.signal.aborted) return;
          log.warn({ err: error, sessionId: state.sessionId }, 'voice recognition failed');
          const target = state.socket;
          target?.emit('voice.error', {
            session_id: state.sessionId,
            code: 'coaching_voice_recognition_failed',
            message: errorText(socketLocale(target), 'coaching_voice_recognition_failed'),
            retryable: true,
          });
        });
    }
  };

  socket.on('voice.text', async ({ session_id: sessionId, turn_id: turnId, text }, ack) => {
    const locale = socketLocale(socket);
    try {
      const state = attached(sessionId);
      if (!state) throw notStarted();
      if (state.realtime) return ack({ ok: true, answer: await state.realtime.text(turnId, text) });
      const turn = await takeTurn(state, turnId, text);
      ack({ ok: true, answer: { ...(await turn), response_id: `reply-${turnId}` } });
    } catch (error) {
      ack(gatewayFailure(error, locale, log));
    }
  });

  socket.on('voice.stop', async ({ session_id: sessionId }, ack) => {
    const answer = (result: Parameters<NonNullable<typeof ack>>[0]) =>
      typeof ack === 'function' ? ack(result) : undefined;
    try {
      const state = attached(sessionId);
      if (!state) throw notStarted();
      answer({ ok: true, answer: { stopped: state.realtime ? state.realtime.stop() : await stopSpeaking(state) } });
    } catch (error) {
      answer(gatewayFailure(error, socketLocale(socket), log));
    }
  });

  socket.on('voice.playback', ({ session_id: sessionId, response_id: responseId, played_ms: playedMs }) => {
    const state = attached(sessionId);
    if (!state) return;
    if (state.realtime?.playback(responseId, playedMs)) return;
    const now = performance.now();
    if (state.speaking?.responseId === responseId) {
      // When the first audio started playing: this report's time less what it says was played.
      if (state.speaking.firstPlayedMs === null && playedMs > 0)
        state.speaking.firstPlayedMs = Math.max(0, now - playedMs - state.speaking.arrivedAt);
      state.speaking.playedMs = Math.max(state.speaking.playedMs ?? 0, playedMs);
      return;
    }
    state.late.report(responseId, playedMs, now);
  });

  // Microphone frames go to a realtime provider through its echo gate; the built-in provider hears typed turns only,
  // so they are checked and dropped there (docs/voice.md).
  socket.on('voice.audio.in', ({ session_id: sessionId }, pcm) => {
    const state = attached(sessionId);
    if (!state || (!state.realtime && !state.listening)) return;
    const samples = samplesOf(pcm);
    if (state.realtime) return state.realtime.audioIn(samples);
    const { detector, gate } = state.listening!;
    // Echo of the persona's own voice is silence to the detector, as it is to a realtime provider.
    const frame = gate.passes(samples, performance.now()) ? samples : new Int16Array(samples.length);
    const events = detector.push(frame);
    // Each frame after the start (the one that ends it too) is the utterance's, heard as it comes (utterances.ts).
    if (events[0]?.type !== 'started') state.hearing?.listening.write(frame);
    heard(state, events);
  });

  socket.on('voice.commit', ({ session_id: sessionId }) => {
    const state = attached(sessionId);
    if (state?.realtime) state.realtime.commit();
    else if (state?.listening) heard(state, state.listening.detector.flush());
  });

  socket.on('disconnect', () => {
    for (const state of sessions.values()) {
      if (state.socket !== socket) continue;
      state.socket = undefined;
      abandonHearing(state);
      forgetIfIdle(state);
    }
  });
};

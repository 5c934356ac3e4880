import { performance } from 'node:perf_hooks';
import {
  playCoachingSessionTurn,
  recordCoachingVoiceTurn,
  type AppServices,
  type Origin,
} from '@ai-coaching/application';
import {
  errorText,
  VOICE_AUDIO_FORMAT,
  type CoachingSessionTurnAnswer,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import {
  createEchoGate,
  createSentenceCutter,
  createVisibleReplyStream,
  isTerminalCoachingSessionStatus,
  pcm16Chunks,
  VOICE_SAMPLE_RATE,
  type CoachingSessionStatus,
  type Pcm16,
  type TurnRecorder,
  type VoiceProvider,
  type VoiceProviderEvent,
} from '@ai-coaching/domain';
import type { Logger } from '@ai-coaching/platform';
import { socketLocale } from '../socket-answers.js';
import type { LatePlayback } from './late-playback.js';
import type { VoiceSocket } from './voice-socket.js';

// A speech-to-speech provider driven by the gateway (docs/voice.md, "Realtime voice"): the learner's microphone goes
// to the provider through the echo gate, the provider's audio and transcripts come back, and each exchange (what the
// learner said, what the persona said and was heard) is recorded as the text session's turn, so credits, outcome
// markers, the transcript and the reports are unchanged. The gateway decides barge-in (ADR 0016): the provider hears
// the learner start speaking over the persona, the gateway stops the browser's playback first, then tells the
// provider how much was played so it forgets the rest.

/** How long a reply waits for the learner's final transcript, which the provider may send after the reply. */
const TRANSCRIPT_WAIT_MS = 2000;
/** What a learner turn records when recognition heard nothing in words (a cough, a word the model missed). */
const INAUDIBLE = '…';

type LearnerTurn = {
  turnId: string;
  text: string[];
  endedAt: number;
  endedAtIso: string;
  /** What the learner said, when the session is recorded and the turn was spoken. */
  audio?: Pcm16 | undefined;
};

type Reply = {
  /** The learner's turn it answers (its transcript may arrive after the reply). */
  learner: LearnerTurn;
  /** The provider's id of the response: what `interrupt` names. */
  responseId: string;
  /** The id the browser knows it by: the persona turn it is recorded as (`reply-{learner turn id}`). */
  clientId: string;
  learnerTurnId: string;
  /** `performance.now()` when the learner's turn ended (end of speech, or the typed turn's arrival). */
  endedAt: number;
  endedAtIso: string;
  seq: number;
  sentMs: number;
  firstProviderAudioMs: number | null;
  firstSentMs: number | null;
  firstPlayedMs: number | null;
  playedMs: number | null;
  playedReportedAt: number;
  /** Cut by a barge-in: what still arrives of it is dropped. */
  cut: boolean;
  /** What the browser had played when it was cut: the part the history and the recording keep. */
  heardMs: number | null;
  /** The provider has sent all of it (it may still be playing). */
  done: boolean;
  /** Its timing is recorded: later playback reports go to the session's late reports. */
  recorded: boolean;
  transcript: string;
  heardText: string | null;
  visible: ReturnType<typeof createVisibleReplyStream>;
  sentences: ReturnType<typeof createSentenceCutter>;
};

export type RealtimeConversation = {
  start(): Promise<void>;
  audioIn(pcm: Int16Array): void;
  commit(): void;
  text(turnId: string, text: string): Promise<CoachingSessionTurnAnswer & { response_id: string }>;
  /** Barge-in by hand (`voice.stop`): whether a reply was playing. */
  stop(): boolean;
  /** A playback report of a reply not yet recorded: whether it was one. */
  playback(responseId: string, playedMs: number): boolean;
  /** The reply still playing, for a socket that joins. */
  speaking(): { turn_id: string; response_id: string } | null;
  close(): Promise<void>;
};

export const createRealtimeConversation = (deps: {
  services: AppServices;
  log: Logger;
  sessionId: string;
  organizationId: string;
  providerKind: string;
  provider: VoiceProvider;
  socket: () => VoiceSocket | undefined;
  /** The session's recorder while the organization records voice sessions. */
  recorder: () => TurnRecorder | undefined;
  /** Keeps one side's audio of a recorded turn. */
  keep: (turnId: string, role: 'learner' | 'persona', audio: Pcm16 | undefined) => void;
  /** Where the playback reports of recorded replies go: also after the conversation has closed. */
  late: LatePlayback;
  origin: () => Origin;
  onStatus: (status: CoachingSessionStatus) => void;
}): RealtimeConversation => {
  const { services, log, sessionId, provider } = deps;
  const gate = createEchoGate();
  const replies = new Map<string, Reply>();
  let current: Reply | undefined;
  /** The learner turn being spoken: its id and its final transcripts so far. */
  let learner: LearnerTurn | undefined;
  /** The last learner turn, whose transcript may come after its reply was recorded. */
  let lastTurn: LearnerTurn | undefined;
  let transcriptArrived: (() => void) | undefined;
  /** Exchanges are recorded one after the other, in the order they were spoken. */
  let recording: Promise<unknown> = Promise.resolve();
  const typed = new Map<string, Promise<CoachingSessionTurnAnswer & { response_id: string }>>();
  let pendingTyped: ((answer: Promise<CoachingSessionTurnAnswer>, responseId: string) => void) | undefined;
  let closed = false;

  const emit = <E extends 'voice.transcript' | 'voice.speech' | 'voice.response.done' | 'voice.playback.stop'>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) => {
    (deps.socket()?.emit as ((event: string, payload: unknown) => void) | undefined)?.(event, payload);
  };

  const learnerTurn = (now = performance.now()) => {
    learner ??= {
      turnId: services.ids.newId(),
      text: [],
      endedAt: now,
      endedAtIso: services.clock.now().toISOString(),
    };
    lastTurn = learner;
    return learner;
  };

  const replyFor = (responseId: string): Reply => {
    let reply = replies.get(responseId);
    if (reply) return reply;
    const turn = learnerTurn();
    reply = {
      learner: turn,
      responseId,
      clientId: `reply-${turn.turnId}`,
      learnerTurnId: turn.turnId,
      endedAt: turn.endedAt,
      endedAtIso: turn.endedAtIso,
      seq: 0,
      sentMs: 0,
      firstProviderAudioMs: null,
      firstSentMs: null,
      firstPlayedMs: null,
      playedMs: null,
      playedReportedAt: 0,
      cut: false,
      heardMs: null,
      done: false,
      recorded: false,
      transcript: '',
      heardText: null,
      visible: createVisibleReplyStream(),
      sentences: createSentenceCutter(),
    };
    replies.set(responseId, reply);
    current = reply;
    return reply;
  };

  /** What the browser has played of a reply now: its last report, and real time since, never more than was sent. */
  const playedNow = (reply: Reply, now: number) => {
    if (reply.playedMs === null)
      return reply.firstSentMs === null ? 0 : Math.min(reply.sentMs, now - reply.endedAt - reply.firstSentMs);
    return Math.min(reply.sentMs, reply.playedMs + (now - reply.playedReportedAt));
  };

  /** Barge-in: the browser stops first (what it plays is what the learner hears), then the provider forgets the rest. */
  const bargeIn = (): boolean => {
    const reply = current;
    const now = performance.now();
    if (!reply || reply.cut || (reply.done && !gate.playing(now))) return false;
    reply.cut = true;
    reply.heardMs = Math.max(0, Math.round(playedNow(reply, now)));
    emit('voice.playback.stop', { session_id: sessionId, response_id: reply.clientId });
    gate.personaStopped(now);
    provider.interrupt(reply.responseId, reply.heardMs);
    return true;
  };

  const sendAudio = (reply: Reply, samples: Int16Array) => {
    const now = performance.now();
    reply.firstProviderAudioMs ??= now - reply.endedAt;
    const target = deps.socket();
    for (const chunk of pcm16Chunks({ sampleRate: VOICE_SAMPLE_RATE, samples })) {
      // Nobody attached (a reconnect under way): this audio is dropped, never queued for a replay.
      if (target) {
        target.emit(
          'voice.audio',
          {
            session_id: sessionId,
            response_id: reply.clientId,
            turn_id: reply.learnerTurnId,
            seq: reply.seq,
            sample_rate: VOICE_AUDIO_FORMAT.sample_rate,
          },
          Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) as unknown as ArrayBuffer,
        );
        reply.firstSentMs ??= performance.now() - reply.endedAt;
      }
      reply.seq += 1;
    }
    reply.sentMs += (samples.length / VOICE_SAMPLE_RATE) * 1000;
    gate.personaAudio(samples, VOICE_SAMPLE_RATE, now);
    deps.recorder()?.personaAudio(reply.clientId, samples);
  };

  const personaSentences = (reply: Reply, sentences: string[]) => {
    for (const text of sentences)
      if (text.trim())
        emit('voice.transcript', {
          session_id: sessionId,
          turn_id: reply.clientId,
          role: 'persona',
          text,
          final: false,
        });
  };

  /** Waits a little for the learner's final transcript when the reply came first. */
  const learnerText = async (turn: LearnerTurn) => {
    if (turn.text.length === 0)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TRANSCRIPT_WAIT_MS);
        transcriptArrived = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    transcriptArrived = undefined;
    return turn.text.join(' ').trim() || INAUDIBLE;
  };

  /** The exchange as turns of the session: the learner's words, then the persona's as heard. */
  const record = (reply: Reply, status: 'completed' | 'cancelled' | 'failed' | 'incomplete') => {
    const turn = reply.learner;
    // The next speech is another turn.
    if (learner === turn) learner = undefined;
    const answer: Promise<CoachingSessionTurnAnswer> = recording.then(async () => {
      const said = await learnerText(turn);
      const heard = reply.heardText ?? reply.transcript;
      const answered = await playCoachingSessionTurn(
        services,
        deps.origin(),
        sessionId,
        { text: said, turn_id: reply.learnerTurnId },
        // Nothing heard (cut before its first word): the persona's turn records that it was interrupted.
        { reply: heard.trim() || INAUDIBLE },
      );
      emit('voice.transcript', {
        session_id: sessionId,
        turn_id: reply.learnerTurnId,
        role: 'learner',
        text: said,
        final: true,
      });
      emit('voice.transcript', {
        session_id: sessionId,
        turn_id: reply.clientId,
        role: 'persona',
        text: answered.reply,
        final: true,
      });
      deps.keep(reply.learnerTurnId, 'learner', turn.audio);
      deps.keep(reply.clientId, 'persona', deps.recorder()?.personaClip(reply.clientId, reply.heardMs));
      const { playedMs, firstPlayedMs } = reply;
      await recordCoachingVoiceTurn(services, {
        sessionId,
        responseId: reply.clientId,
        turnId: reply.learnerTurnId,
        organizationId: deps.organizationId,
        providerKind: deps.providerKind,
        turnReceivedAt: reply.endedAtIso,
        firstAudioSynthesizedMs: reply.firstProviderAudioMs,
        firstAudioSentMs: reply.firstSentMs,
        playedMs,
        firstAudioPlayedMs: firstPlayedMs,
        status: status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'failed',
      });
      reply.recorded = true;
      deps.late.recorded(reply.clientId, { playedMs, firstPlayed: firstPlayedMs !== null, arrivedAt: reply.endedAt });
      // Reports that came while the row was written.
      if (reply.playedMs !== null && reply.playedMs !== playedMs)
        deps.late.report(reply.clientId, reply.playedMs, performance.now(), reply.firstPlayedMs);
      deps.onStatus(answered.status);
      if (isTerminalCoachingSessionStatus(answered.status)) {
        deps.socket()?.emit('voice.outcome', { session_id: sessionId, status: answered.status });
        await close();
      }
      return answered;
    });
    recording = answer.catch(() => undefined);
    answer.catch((error: unknown) => {
      log.warn({ err: error, sessionId }, 'could not record a realtime voice exchange');
      const socket = deps.socket();
      socket?.emit('voice.error', {
        session_id: sessionId,
        code: 'coaching_voice_provider_failed',
        message: errorText(socketLocale(socket), 'coaching_voice_provider_failed'),
        retryable: true,
      });
    });
    pendingTyped?.(answer, reply.clientId);
    pendingTyped = undefined;
  };

  /** The learner stopped speaking (the provider heard it, or push-to-talk was released). */
  const endLearnerTurn = (now: number) => {
    const turn = learnerTurn(now);
    turn.endedAt = now;
    turn.endedAtIso = services.clock.now().toISOString();
    turn.audio = deps.recorder()?.learnerEnded() ?? turn.audio;
  };

  const listener = (event: VoiceProviderEvent) => {
    if (closed) return;
    const now = performance.now();
    switch (event.type) {
      case 'speech_started': {
        emit('voice.speech', { session_id: sessionId, state: 'started' });
        // Only speech louder than the persona's echo reaches the provider (the gate): speaking over it is a barge-in.
        bargeIn();
        learner = undefined;
        learnerTurn(now);
        deps.recorder()?.learnerStarted();
        return;
      }
      case 'speech_stopped': {
        emit('voice.speech', { session_id: sessionId, state: 'stopped' });
        endLearnerTurn(now);
        return;
      }
      case 'user_transcript': {
        const turn = learner ?? lastTurn ?? learnerTurn(now);
        if (!event.final) {
          emit('voice.transcript', {
            session_id: sessionId,
            turn_id: turn.turnId,
            role: 'learner',
            text: event.text,
            final: false,
          });
          return;
        }
        if (event.text.trim()) turn.text.push(event.text.trim());
        emit('voice.transcript', {
          session_id: sessionId,
          turn_id: turn.turnId,
          role: 'learner',
          text: event.text,
          final: false,
        });
        transcriptArrived?.();
        return;
      }
      case 'audio': {
        const reply = replyFor(event.responseId);
        if (!reply.cut) sendAudio(reply, event.pcm.data);
        return;
      }
      case 'assistant_transcript': {
        const reply = replyFor(event.responseId);
        if (reply.cut) return;
        reply.transcript += event.delta;
        personaSentences(reply, reply.sentences.push(reply.visible.push(event.delta)));
        return;
      }
      case 'response_truncated': {
        const reply = replies.get(event.responseId);
        if (reply) reply.heardText = event.heardText;
        return;
      }
      case 'response_done': {
        const reply = replyFor(event.responseId);
        reply.done = true;
        if (!reply.cut) personaSentences(reply, reply.sentences.push(reply.visible.flush()));
        personaSentences(reply, reply.sentences.flush());
        const status = reply.cut ? 'cancelled' : event.status === 'completed' ? 'completed' : event.status;
        emit('voice.response.done', {
          session_id: sessionId,
          response_id: reply.clientId,
          turn_id: reply.learnerTurnId,
          status: status === 'completed' || status === 'cancelled' ? status : 'failed',
          chunks: reply.seq,
        });
        record(reply, status);
        return;
      }
      case 'usage':
      case 'ready':
        return;
      case 'error': {
        log.warn({ err: event.error, sessionId, fatal: event.fatal }, 'realtime voice provider error');
        const socket = deps.socket();
        socket?.emit('voice.error', {
          session_id: sessionId,
          code: 'coaching_voice_provider_failed',
          message: errorText(socketLocale(socket), 'coaching_voice_provider_failed'),
          retryable: event.retryable,
        });
        if (event.fatal) void close();
        return;
      }
    }
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    await provider.close().catch((error: unknown) => log.warn({ err: error, sessionId }, 'closing a voice provider'));
  };

  return {
    start: () => provider.start(listener),
    audioIn(pcm) {
      if (closed) return;
      // Echo of the persona's own voice becomes silence: the provider's turn detection never starts on it.
      const heard = gate.passes(pcm, performance.now()) ? pcm : new Int16Array(pcm.length);
      deps.recorder()?.learnerFrame(heard);
      provider.pushAudio({ sampleRate: VOICE_SAMPLE_RATE, data: heard });
    },
    commit() {
      if (closed) return;
      endLearnerTurn(performance.now());
      provider.commit();
    },
    text(turnId, text) {
      let answer = typed.get(turnId);
      if (answer) return answer;
      bargeIn();
      learner = {
        turnId,
        text: [text],
        endedAt: performance.now(),
        endedAtIso: services.clock.now().toISOString(),
      };
      lastTurn = learner;
      emit('voice.transcript', { session_id: sessionId, turn_id: turnId, role: 'learner', text, final: true });
      answer = new Promise<CoachingSessionTurnAnswer & { response_id: string }>((resolve, reject) => {
        pendingTyped = (recorded, responseId) =>
          recorded.then((answered) => resolve({ ...answered, response_id: responseId }), reject);
      });
      typed.set(turnId, answer);
      provider.sendText(text);
      return answer;
    },
    stop: () => bargeIn(),
    playback(clientId, playedMs) {
      const reply = [...replies.values()].find((candidate) => candidate.clientId === clientId);
      if (!reply) return false;
      const now = performance.now();
      // When the first audio started playing: the report's time less what it says was played.
      if (reply.firstPlayedMs === null && playedMs > 0)
        reply.firstPlayedMs = Math.max(0, now - playedMs - reply.endedAt);
      reply.playedMs = Math.max(reply.playedMs ?? 0, playedMs);
      reply.playedReportedAt = now;
      // Still used for a barge-in's heard part; once recorded, the row is the late reports' to update.
      return !reply.recorded;
    },
    speaking() {
      const reply = current;
      if (!reply || reply.cut || !gate.playing(performance.now())) return null;
      return { turn_id: reply.learnerTurnId, response_id: reply.clientId };
    },
    close,
  };
};

import { performance } from 'node:perf_hooks';
import type { CoachingSessionVoice, Origin } from '@ai-coaching/application';
import type { CoachingSessionTurnAnswer, VoiceTextAnswer } from '@ai-coaching/contracts';
import { createEchoGate, pcm16Chunks, VOICE_SAMPLE_RATE, type VoiceProviderEvent } from '@ai-coaching/domain';
import {
  closeConversation,
  learnerTurn,
  recordExchange,
  replyFor,
  type Conversation,
  type Reply,
  type ReplyStatus,
} from './realtime-exchange.js';
import { audioCapabilities, notePlayback, sendAudioChunk, sendTranscript, sendVoiceError } from './voice-mode.js';
import type { VoiceMode, VoiceModeContext } from './voice-mode.js';

// A speech-to-speech provider driven by the gateway (docs/voice.md, "Realtime voice"): the learner's microphone goes
// to the provider through the echo gate, the provider's audio and transcripts come back, and each exchange is recorded
// as the text session's turns (realtime-exchange.ts). The gateway decides barge-in (ADR 0016): the provider hears the
// learner start speaking over the persona, the gateway stops the browser's playback first, then tells the provider
// how much was played so it forgets the rest.

export type RealtimeMode = VoiceMode & { readonly kind: 'realtime' };

/** How long a realtime conversation waits for its learner to reconnect before the provider is let go. */
const REALTIME_IDLE_MS = 60_000;

/** What the browser has played of a reply now: its last report, and real time since, never more than was sent. */
const playedNow = (reply: Reply, now: number) => {
  if (reply.playedMs === null)
    return reply.firstSentMs === null ? 0 : Math.min(reply.sentMs, now - reply.endedAt - reply.firstSentMs);
  return Math.min(reply.sentMs, reply.playedMs + (now - reply.playedReportedAt));
};

/** Barge-in: the browser stops first (what it plays is what the learner hears), then the provider forgets the rest. */
const bargeIn = (conversation: Conversation): boolean => {
  const { context, gate } = conversation;
  const reply = conversation.current;
  const now = performance.now();
  if (!reply || reply.cut || (reply.done && !gate.playing(now))) return false;
  reply.cut = true;
  reply.heardMs = Math.max(0, Math.round(playedNow(reply, now)));
  context.socket()?.emit('voice.playback.stop', { session_id: context.sessionId, response_id: reply.clientId });
  gate.personaStopped(now);
  conversation.provider.interrupt(reply.responseId, reply.heardMs);
  return true;
};

const sendAudio = (conversation: Conversation, reply: Reply, samples: Int16Array) => {
  const { context } = conversation;
  const now = performance.now();
  reply.firstProviderAudioMs ??= now - reply.endedAt;
  const target = context.socket();
  for (const chunk of pcm16Chunks({ sampleRate: VOICE_SAMPLE_RATE, samples })) {
    // Nobody attached (a reconnect under way): this audio is dropped, never queued for a replay.
    if (target) {
      const header = { response_id: reply.clientId, turn_id: reply.learnerTurnId, seq: reply.seq };
      sendAudioChunk(target, { session_id: context.sessionId, ...header }, chunk);
      reply.firstSentMs ??= performance.now() - reply.endedAt;
    }
    reply.seq += 1;
  }
  reply.sentMs += (samples.length / VOICE_SAMPLE_RATE) * 1000;
  conversation.gate.personaAudio(samples, VOICE_SAMPLE_RATE, now);
  context.recorder()?.personaAudio(reply.clientId, samples);
};

const personaSentences = (conversation: Conversation, reply: Reply, sentences: string[]) => {
  for (const text of sentences)
    if (text.trim())
      sendTranscript(conversation.context, { turn_id: reply.clientId, role: 'persona', text, final: false });
};

/** The learner stopped speaking (the provider heard it, or push-to-talk was released). */
const endLearnerTurn = (conversation: Conversation, now: number) => {
  const turn = learnerTurn(conversation, now);
  turn.endedAt = now;
  turn.endedAtIso = conversation.context.services.clock.now().toISOString();
  turn.audio = conversation.context.recorder()?.learnerEnded() ?? turn.audio;
};

/** What the learner said, as the provider heard it: partial words shown, final ones kept for the turn. */
const learnerTranscript = (conversation: Conversation, text: string, final: boolean, now: number) => {
  const turn = conversation.learner ?? conversation.lastTurn ?? learnerTurn(conversation, now);
  if (final && text.trim()) turn.text.push(text.trim());
  sendTranscript(conversation.context, { turn_id: turn.turnId, role: 'learner', text, final: false });
  if (final) conversation.transcriptArrived?.();
};

/** The provider has sent all of a response: its last sentences shown, then the exchange recorded. */
const responseDone = (
  conversation: Conversation,
  responseId: string,
  providerStatus: ReplyStatus,
): { reply: Reply; status: ReplyStatus } => {
  const { context } = conversation;
  const reply = replyFor(conversation, responseId);
  reply.done = true;
  if (!reply.cut) personaSentences(conversation, reply, reply.sentences.push(reply.visible.flush()));
  personaSentences(conversation, reply, reply.sentences.flush());
  const status = reply.cut ? 'cancelled' : providerStatus === 'completed' ? 'completed' : providerStatus;
  context.socket()?.emit('voice.response.done', {
    session_id: context.sessionId,
    response_id: reply.clientId,
    turn_id: reply.learnerTurnId,
    status: status === 'completed' || status === 'cancelled' ? status : 'failed',
    chunks: reply.seq,
  });
  return { reply, status };
};

const onProviderEvent = (conversation: Conversation, event: VoiceProviderEvent) => {
  if (conversation.closed) return;
  const { context } = conversation;
  const now = performance.now();
  switch (event.type) {
    case 'speech_started': {
      context.socket()?.emit('voice.speech', { session_id: context.sessionId, state: 'started' });
      // Only speech louder than the persona's echo reaches the provider (the gate): speaking over it is a barge-in.
      bargeIn(conversation);
      conversation.learner = undefined;
      learnerTurn(conversation, now);
      context.recorder()?.learnerStarted();
      return;
    }
    case 'speech_stopped':
      context.socket()?.emit('voice.speech', { session_id: context.sessionId, state: 'stopped' });
      return endLearnerTurn(conversation, now);
    case 'user_transcript':
      return learnerTranscript(conversation, event.text, event.final, now);
    case 'audio': {
      const reply = replyFor(conversation, event.responseId);
      if (!reply.cut) sendAudio(conversation, reply, event.pcm.data);
      return;
    }
    case 'assistant_transcript': {
      const reply = replyFor(conversation, event.responseId);
      if (reply.cut) return;
      reply.transcript += event.delta;
      personaSentences(conversation, reply, reply.sentences.push(reply.visible.push(event.delta)));
      return;
    }
    case 'response_truncated': {
      const reply = conversation.replies.get(event.responseId);
      if (reply) reply.heardText = event.heardText;
      return;
    }
    case 'response_done': {
      const { reply, status } = responseDone(conversation, event.responseId, event.status);
      return recordExchange(conversation, reply, status);
    }
    case 'usage':
    case 'ready':
      return;
    case 'error': {
      context.log.warn(
        { err: event.error, sessionId: context.sessionId, fatal: event.fatal },
        'realtime voice provider error',
      );
      sendVoiceError(context, 'coaching_voice_provider_failed', event.retryable);
      if (event.fatal) void closeConversation(conversation);
      return;
    }
  }
};

/** A typed turn (`voice.text`) sent to the provider; it is answered once its exchange is recorded. */
const sendText = (conversation: Conversation, turnId: string, text: string): Promise<VoiceTextAnswer> => {
  let answer = conversation.typed.get(turnId);
  if (answer) return answer;
  const { context } = conversation;
  bargeIn(conversation);
  conversation.learner = {
    turnId,
    text: [text],
    endedAt: performance.now(),
    endedAtIso: context.services.clock.now().toISOString(),
  };
  conversation.lastTurn = conversation.learner;
  sendTranscript(context, { turn_id: turnId, role: 'learner', text, final: true });
  answer = new Promise<CoachingSessionTurnAnswer & { response_id: string }>((resolve, reject) => {
    conversation.pendingTyped = (recorded, responseId) =>
      recorded.then((answered) => resolve({ ...answered, response_id: responseId }), reject);
  });
  conversation.typed.set(turnId, answer);
  conversation.provider.sendText(text);
  return answer;
};

/** A playback report of a reply not yet recorded: whether it was one. */
const notePlayed = (conversation: Conversation, clientId: string, playedMs: number): boolean => {
  const reply = [...conversation.replies.values()].find((candidate) => candidate.clientId === clientId);
  if (!reply) return false;
  const now = performance.now();
  notePlayback(reply, reply.endedAt, playedMs, now);
  reply.playedReportedAt = now;
  // Still used for a barge-in's heard part; once recorded, the row is the late reports' to update.
  return !reply.recorded;
};

/**
 * Opens the session's speech-to-speech conversation. Its exchanges are recorded as turns of the socket that opened
 * it; the provider is let go if it does not start.
 */
export const openRealtimeMode = async (
  context: VoiceModeContext,
  realtime: NonNullable<CoachingSessionVoice['realtime']>,
  origin: () => Origin,
): Promise<RealtimeMode> => {
  const closing = new AbortController();
  const conversation: Conversation = {
    context,
    provider: await realtime.open(closing.signal),
    providerKind: realtime.providerKind,
    origin,
    gate: createEchoGate(),
    replies: new Map(),
    current: undefined,
    learner: undefined,
    lastTurn: undefined,
    transcriptArrived: undefined,
    recording: Promise.resolve(),
    typed: new Map(),
    pendingTyped: undefined,
    closed: false,
  };
  const { provider, gate } = conversation;
  try {
    await provider.start((event) => onProviderEvent(conversation, event));
  } catch (error) {
    closing.abort();
    throw error;
  }
  return {
    kind: 'realtime',
    // A realtime conversation holds the persona's memory of the call: it waits a while for the learner to return.
    keepsIdleMs: REALTIME_IDLE_MS,
    capabilities: () => audioCapabilities(context.voice()),
    speaking() {
      const reply = conversation.current;
      if (!reply || reply.cut || !gate.playing(performance.now())) return null;
      return { turn_id: reply.learnerTurnId, response_id: reply.clientId };
    },
    text: (turnId, text) => sendText(conversation, turnId, text),
    stop: async () => bargeIn(conversation),
    playback(responseId, playedMs) {
      if (!notePlayed(conversation, responseId, playedMs)) context.late.report(responseId, playedMs, performance.now());
    },
    audioIn(samples) {
      if (conversation.closed) return;
      // Echo of the persona's own voice becomes silence: the provider's turn detection never starts on it.
      const heard = gate.passes(samples, performance.now()) ? samples : new Int16Array(samples.length);
      context.recorder()?.learnerFrame(heard);
      provider.pushAudio({ sampleRate: VOICE_SAMPLE_RATE, data: heard });
    },
    commit() {
      if (conversation.closed) return;
      endLearnerTurn(conversation, performance.now());
      provider.commit();
    },
    detach: () => undefined,
    busy: () => false,
    close: () => closeConversation(conversation),
  };
};

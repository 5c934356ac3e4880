import { performance } from 'node:perf_hooks';
import { playCoachingSessionTurn, recordCoachingVoiceTurn, type Origin } from '@ai-coaching/application';
import type { CoachingSessionTurnAnswer, VoiceTextAnswer } from '@ai-coaching/contracts';
import {
  createSentenceCutter,
  createVisibleReplyStream,
  isTerminalCoachingSessionStatus,
  type EchoGate,
  type Pcm16,
  type VoiceProvider,
} from '@ai-coaching/domain';
import { isStoreUnavailableError } from '@ai-coaching/platform';
import { keepAudio, sendTranscript, sendVoiceError, type VoiceModeContext } from './voice-mode.js';

// A realtime conversation's state, and each exchange recorded as the text session's turns (docs/voice.md, "Realtime
// voice"): what the learner said, then what the persona said as it was heard, so credits, outcome markers, the
// transcript and the reports are unchanged.

/** How long a reply waits for the learner's final transcript, which the provider may send after the reply. */
const TRANSCRIPT_WAIT_MS = 2000;
/** What a learner turn records when recognition heard nothing in words (a cough, a word the model missed). */
export const INAUDIBLE = '…';

export type LearnerTurn = {
  turnId: string;
  text: string[];
  endedAt: number;
  endedAtIso: string;
  /** What the learner said, when the session is recorded and the turn was spoken. */
  audio?: Pcm16 | undefined;
};

export type Reply = {
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

/** One session's conversation with a speech-to-speech provider. */
export type Conversation = {
  context: VoiceModeContext;
  provider: VoiceProvider;
  providerKind: string;
  /** Whose turns the exchanges are recorded as: the socket that opened the conversation. */
  origin: () => Origin;
  gate: EchoGate;
  replies: Map<string, Reply>;
  current: Reply | undefined;
  /** The learner turn being spoken: its id and its final transcripts so far. */
  learner: LearnerTurn | undefined;
  /** The last learner turn, whose transcript may come after its reply was recorded. */
  lastTurn: LearnerTurn | undefined;
  transcriptArrived: (() => void) | undefined;
  /** Exchanges are recorded one after the other, in the order they were spoken. */
  recording: Promise<unknown>;
  typed: Map<string, Promise<VoiceTextAnswer>>;
  pendingTyped: ((answer: Promise<CoachingSessionTurnAnswer>, responseId: string) => void) | undefined;
  closed: boolean;
};

export type ReplyStatus = 'completed' | 'cancelled' | 'failed' | 'incomplete';

/** The learner turn being spoken, begun now if none is. */
export const learnerTurn = (conversation: Conversation, now = performance.now()): LearnerTurn => {
  conversation.learner ??= {
    turnId: conversation.context.services.ids.newId(),
    text: [],
    endedAt: now,
    endedAtIso: conversation.context.services.clock.now().toISOString(),
  };
  conversation.lastTurn = conversation.learner;
  return conversation.learner;
};

/** A provider's response, as a reply to the learner turn being spoken when it began. */
export const replyFor = (conversation: Conversation, responseId: string): Reply => {
  let reply = conversation.replies.get(responseId);
  if (reply) return reply;
  const turn = learnerTurn(conversation);
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
  conversation.replies.set(responseId, reply);
  conversation.current = reply;
  return reply;
};

/** Waits a little for the learner's final transcript when the reply came first. */
const learnerText = async (conversation: Conversation, turn: LearnerTurn) => {
  if (turn.text.length === 0)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, TRANSCRIPT_WAIT_MS);
      conversation.transcriptArrived = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  conversation.transcriptArrived = undefined;
  return turn.text.join(' ').trim() || INAUDIBLE;
};

export const closeConversation = async (conversation: Conversation): Promise<void> => {
  if (conversation.closed) return;
  conversation.closed = true;
  const { log, sessionId } = conversation.context;
  await conversation.provider
    .close()
    .catch((error: unknown) => log.warn({ err: error, sessionId }, 'closing a voice provider'));
};

/** Records an exchange's timing, and sends the playback reports that came while its row was written. */
const recordTiming = async (conversation: Conversation, reply: Reply, status: ReplyStatus) => {
  const { context } = conversation;
  const { playedMs, firstPlayedMs } = reply;
  await recordCoachingVoiceTurn(context.services, {
    sessionId: context.sessionId,
    responseId: reply.clientId,
    turnId: reply.learnerTurnId,
    organizationId: context.voice().organizationId,
    providerKind: conversation.providerKind,
    turnReceivedAt: reply.endedAtIso,
    firstAudioSynthesizedMs: reply.firstProviderAudioMs,
    firstAudioSentMs: reply.firstSentMs,
    playedMs,
    firstAudioPlayedMs: firstPlayedMs,
    status: status === 'completed' ? 'completed' : status === 'cancelled' ? 'cancelled' : 'failed',
  });
  reply.recorded = true;
  context.late.recorded(reply.clientId, { playedMs, firstPlayed: firstPlayedMs !== null, arrivedAt: reply.endedAt });
  if (reply.playedMs !== null && reply.playedMs !== playedMs)
    context.late.report(reply.clientId, reply.playedMs, performance.now(), reply.firstPlayedMs);
};

/** The exchange as turns of the session: the learner's words, then the persona's as heard. */
const recordTurns = async (conversation: Conversation, reply: Reply, status: ReplyStatus) => {
  const { context } = conversation;
  const turn = reply.learner;
  const said = await learnerText(conversation, turn);
  const heard = reply.heardText ?? reply.transcript;
  const answered = await playCoachingSessionTurn(
    context.services,
    conversation.origin(),
    context.sessionId,
    { text: said, turn_id: reply.learnerTurnId },
    // Nothing heard (cut before its first word): the persona's turn records that it was interrupted.
    { reply: heard.trim() || INAUDIBLE },
  );
  sendTranscript(context, { turn_id: reply.learnerTurnId, role: 'learner', text: said, final: true });
  sendTranscript(context, { turn_id: reply.clientId, role: 'persona', text: answered.reply, final: true });
  keepAudio(context, reply.learnerTurnId, 'learner', turn.audio);
  keepAudio(context, reply.clientId, 'persona', context.recorder()?.personaClip(reply.clientId, reply.heardMs));
  await recordTiming(conversation, reply, status);
  context.statusChanged(answered.status);
  if (isTerminalCoachingSessionStatus(answered.status)) {
    context.socket()?.emit('voice.outcome', { session_id: context.sessionId, status: answered.status });
    await closeConversation(conversation);
  }
  return answered;
};

/** After a store failed an exchange's recording, when to record it again (ms): about 25 s in all. */
const RECORD_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000, 8000];

/**
 * An exchange recorded again, under the same turn ids (each recorded once), while a store is restarting or failing
 * over. Given up, it would leave the session waiting for this reply, and every later turn would be refused (the system
 * bench found a PostgreSQL restart losing the rest of a voice session so).
 */
const recordTurnsRetrying = async (conversation: Conversation, reply: Reply, status: ReplyStatus) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await recordTurns(conversation, reply, status);
    } catch (error) {
      const delay = RECORD_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || conversation.closed || !isStoreUnavailableError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};

/** Records an exchange after those before it; a typed turn waiting for its reply gets its answer. */
export const recordExchange = (conversation: Conversation, reply: Reply, status: ReplyStatus): void => {
  const { context } = conversation;
  // The next speech is another turn.
  if (conversation.learner === reply.learner) conversation.learner = undefined;
  const answer = conversation.recording.then(() => recordTurnsRetrying(conversation, reply, status));
  conversation.recording = answer.catch(() => undefined);
  answer.catch((error: unknown) => {
    context.log.warn({ err: error, sessionId: context.sessionId }, 'could not record a realtime voice exchange');
    sendVoiceError(context, 'coaching_voice_provider_failed', true);
  });
  conversation.pendingTyped?.(answer, reply.clientId);
  conversation.pendingTyped = undefined;
};

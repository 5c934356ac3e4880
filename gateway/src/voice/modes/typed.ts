import { performance } from 'node:perf_hooks';
import { playCoachingSessionTurn, recordCoachingVoiceTurn, type Origin } from '@ai-coaching/application';
import type { CoachingSessionTurnAnswer } from '@ai-coaching/contracts';
import {
  createSentenceCutter,
  isTerminalCoachingSessionStatus,
  pcm16Chunks,
  type EchoGate,
  type Pcm16,
} from '@ai-coaching/domain';
import {
  audioCapabilities,
  keepAudio,
  notePlayback,
  sendAudioChunk,
  sendTranscript,
  sendVoiceError,
  type VoiceMode,
  type VoiceModeContext,
} from './voice-mode.js';

// Typed turns (docs/voice.md, "Gateway voice protocol"). A push-to-talk turn is the text session's turn
// (`playCoachingSessionTurn`: credits, outcomes, transcript and reports unchanged); its reply is cut into sentences as
// it streams, each spoken by the session's voice and sent as ≤ 100 ms PCM chunks. One reply speaks at a time: a new
// turn or `voice.stop` stops the one speaking (barge-in). A cascade (cascade.ts) plays its recognised turns here too.

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

export type TypedTurns = VoiceMode & {
  readonly kind: 'typed';
  readonly context: VoiceModeContext;
  /** The reply speaking now. */
  replying: Response | undefined;
  /** Turns being played, which the same turn id resent (after a drop) joins instead of playing again. */
  turns: Map<string, Promise<CoachingSessionTurnAnswer>>;
  /** A cascade's echo gate while it listens: told what the persona says, and when it stops. */
  echo: EchoGate | undefined;
  /** A learner turn, typed or recognised; the same turn id again (a resend after a drop) joins the first. */
  take(turnId: string, text: string, origin: () => Origin): Promise<CoachingSessionTurnAnswer>;
  /** Stops the reply being spoken, if any (barge-in). */
  stopSpeaking(): Promise<boolean>;
};

const hasWords = (sentence: string) => /[\p{L}\p{N}]/u.test(sentence);
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Ends a response once: its audio stops, what it sent and when is kept. */
const finish = async (turns: TypedTurns, response: Response) => {
  if (response.finished) return;
  const { context } = turns;
  response.finished = true;
  if (turns.replying === response) turns.replying = undefined;
  const status = response.failed ? 'failed' : response.cancel.signal.aborted ? 'cancelled' : 'completed';
  // A reply cut by a barge-in is kept as far as the browser played it, as the history keeps what was spoken.
  keepAudio(
    context,
    response.responseId,
    'persona',
    context.recorder()?.personaClip(response.responseId, status === 'cancelled' ? (response.playedMs ?? 0) : null),
  );
  context.socket()?.emit('voice.response.done', {
    session_id: context.sessionId,
    response_id: response.responseId,
    turn_id: response.turnId,
    status,
    chunks: response.chunks,
  });
  await recordCoachingVoiceTurn(context.services, {
    sessionId: context.sessionId,
    responseId: response.responseId,
    turnId: response.turnId,
    organizationId: context.voice().organizationId,
    providerKind: context.voice().providerKind,
    turnReceivedAt: response.arrivedAtIso,
    firstAudioSynthesizedMs: response.firstSynthesizedMs,
    firstAudioSentMs: response.firstSentMs,
    playedMs: response.playedMs,
    firstAudioPlayedMs: response.firstPlayedMs,
    status,
  });
  context.late.recorded(response.responseId, {
    playedMs: response.playedMs,
    arrivedAt: response.arrivedAt,
    firstPlayed: response.firstPlayedMs !== null,
  });
  context.idle();
};

/** Sends one piece of a sentence's audio chunk by chunk, stopping between chunks once cancelled. */
const sendAudio = async (turns: TypedTurns, response: Response, pcm: Pcm16) => {
  const { context } = turns;
  turns.echo?.personaAudio(pcm.samples, pcm.sampleRate, performance.now());
  context.recorder()?.personaAudio(response.responseId, pcm.samples);
  for (const chunk of pcm16Chunks(pcm)) {
    if (response.cancel.signal.aborted) return;
    const target = context.socket();
    // Nobody attached (a reconnect under way): this audio is dropped, never queued for a replay.
    if (target) {
      const { responseId, turnId, chunks } = response;
      sendAudioChunk(
        target,
        { session_id: context.sessionId, response_id: responseId, turn_id: turnId, seq: chunks },
        chunk,
      );
      response.firstSentMs ??= performance.now() - response.arrivedAt;
    }
    response.chunks += 1;
    // Lets a barge-in arriving meanwhile be read before the next chunk leaves.
    await nextTick();
  }
};

/** Speaks one sentence: its audio is sent as the voice synthesises it, and stops once cancelled. */
const speakSentence = async (turns: TypedTurns, response: Response, sentence: string) => {
  if (response.cancel.signal.aborted || response.failed || !hasWords(sentence)) return;
  const { context } = turns;
  let shown = false;
  try {
    for await (const pcm of context.voice().speak(sentence, response.cancel.signal)) {
      response.firstSynthesizedMs ??= performance.now() - response.arrivedAt;
      if (response.cancel.signal.aborted) return;
      if (!shown) {
        shown = true;
        sendTranscript(context, { turn_id: response.responseId, role: 'persona', text: sentence, final: false });
      }
      await sendAudio(turns, response, pcm);
    }
  } catch (error) {
    if (response.cancel.signal.aborted) return;
    response.failed = true;
    context.log.warn({ err: error, sessionId: context.sessionId }, 'voice synthesis failed');
    sendVoiceError(context, 'coaching_voice_synthesis_failed', true);
  }
};

const newResponse = (turns: TypedTurns, turnId: string): Response => ({
  responseId: `reply-${turnId}`,
  turnId,
  cancel: new AbortController(),
  arrivedAt: performance.now(),
  arrivedAtIso: turns.context.services.clock.now().toISOString(),
  firstSynthesizedMs: null,
  firstSentMs: null,
  playedMs: null,
  firstPlayedMs: null,
  chunks: 0,
  failed: false,
  finished: false,
});

/** Plays a learner turn: the text session's turn, its reply spoken sentence by sentence as it streams. */
const playTurn = (
  turns: TypedTurns,
  turnId: string,
  text: string,
  origin: () => Origin,
): Promise<CoachingSessionTurnAnswer> => {
  const { context } = turns;
  const response = newResponse(turns, turnId);
  let spoke = false;
  const cutter = createSentenceCutter();
  let speech = Promise.resolve();
  const queue = (sentences: string[]) => {
    for (const sentence of sentences) {
      if (!spoke) {
        spoke = true;
        turns.replying = response;
      }
      speech = speech.then(() => speakSentence(turns, response, sentence));
    }
  };
  sendTranscript(context, { turn_id: turnId, role: 'learner', text, final: true });
  const answer = playCoachingSessionTurn(
    context.services,
    origin(),
    context.sessionId,
    { text, turn_id: turnId },
    { onDelta: (delta) => queue(cutter.push(delta)) },
  );
  answer
    .then(
      async (answered) => {
        queue(cutter.flush());
        sendTranscript(context, { turn_id: response.responseId, role: 'persona', text: answered.reply, final: true });
        await speech;
        // A resent turn already answered speaks nothing: its audio was sent the first time.
        if (spoke) await finish(turns, response);
        if (isTerminalCoachingSessionStatus(answered.status)) {
          context.statusChanged(answered.status);
          context.socket()?.emit('voice.outcome', { session_id: context.sessionId, status: answered.status });
        }
      },
      async () => {
        response.failed = true;
        await speech;
        if (spoke) await finish(turns, response);
      },
    )
    .catch((error: unknown) =>
      context.log.warn({ err: error, sessionId: context.sessionId }, 'could not finish a voice response'),
    );
  return answer;
};

/** Typed turns spoken by the session's voice: the built-in provider's mode, and the half of a cascade that speaks. */
export const createTypedTurns = (context: VoiceModeContext): TypedTurns => {
  const turns: TypedTurns = {
    kind: 'typed',
    context,
    replying: undefined,
    turns: new Map(),
    echo: undefined,
    keepsIdleMs: 0,
    // The built-in provider hears typed turns only: its audio in is accepted and ignored.
    capabilities: () =>
      context.voice().recognition
        ? audioCapabilities(context.voice())
        : { recognition: 'push_to_talk', turn_detection: 'manual', audio_in: false, barge_in: true, transcripts: true },
    speaking: () => {
      const response = turns.replying;
      return response && !response.finished ? { turn_id: response.turnId, response_id: response.responseId } : null;
    },
    async take(turnId, text, origin) {
      let turn = turns.turns.get(turnId);
      if (!turn) {
        // Barge-in: the learner speaks over the persona, who stops.
        await turns.stopSpeaking();
        turn = playTurn(turns, turnId, text, origin).finally(() => {
          turns.turns.delete(turnId);
          context.idle();
        });
        turns.turns.set(turnId, turn);
      }
      return turn;
    },
    async text(turnId, text, origin) {
      const turn = await turns.take(turnId, text, origin);
      return { ...(await turn), response_id: `reply-${turnId}` };
    },
    async stopSpeaking() {
      const response = turns.replying;
      if (!response || response.finished) return false;
      response.cancel.abort();
      turns.echo?.personaStopped(performance.now());
      await finish(turns, response);
      return true;
    },
    stop: () => turns.stopSpeaking(),
    playback(responseId, playedMs) {
      const now = performance.now();
      const response = turns.replying;
      if (response?.responseId === responseId) notePlayback(response, response.arrivedAt, playedMs, now);
      else context.late.report(responseId, playedMs, now);
    },
    detach: () => undefined,
    busy: () => turns.replying !== undefined || turns.turns.size > 0,
    close: async () => undefined,
  };
  return turns;
};

import { performance } from 'node:perf_hooks';
import type { CascadeRecognition, Origin, UtteranceListening } from '@ai-coaching/application';
import {
  createUtteranceDetector,
  VOICE_SAMPLE_RATE,
  type EchoGate,
  type Pcm16,
  type UtteranceEvent,
} from '@ai-coaching/domain';
import type { TypedTurns } from './typed.js';
import { audioCapabilities, keepAudio, sendTranscript, sendVoiceError, type VoiceMode } from './voice-mode.js';

// A cascade (docs/voice.md, "Cascade turns"): microphone frames are cut into utterances (voice activity, or
// `voice.commit` for push-to-talk) through the echo gate, and recognised as turns, recognition streamed from the start
// of each utterance with the learner's partial words sent as they come. Its turns are played and spoken as typed
// ones (typed.ts). Each `voice.start` makes a new cascade with the session's settings as they are then, over the same
// turns and echo gate, and starts from silence: an utterance cut by a reconnection is dropped.

/** An utterance being heard by recognition, from its start. */
type Hearing = {
  /** The turn it becomes: its partial transcripts go under this id, and the turn is recorded under it. */
  turnId: string;
  listening: UtteranceListening;
  cancel: AbortController;
  /** How many words the partial transcripts have shown. */
  shownWords: number;
  ended: boolean;
};

export type Cascade = VoiceMode & {
  readonly kind: 'cascade';
  /** The turns it plays, kept by the next start. */
  readonly turns: TypedTurns;
  /** Holds back the persona's echo, kept by the next start. */
  readonly gate: EchoGate;
};

/**
 * Shows the words recognised so far under the turn's id. Pieces with `final: false` add up on screen (docs/voice.md,
 * "Gateway voice protocol"), while recognition tells the whole text so far each time: only the words beyond those
 * already shown are sent. A revision of words already shown waits for the final text, which replaces them all.
 */
const showPartial = (turns: TypedTurns, hearing: Hearing, text: string) => {
  // Recognition that hears whole files tells its words after the utterance ended, before its final text.
  if (hearing.ended) return;
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= hearing.shownWords) return;
  const piece = words.slice(hearing.shownWords).join(' ');
  hearing.shownWords = words.length;
  sendTranscript(turns.context, { turn_id: hearing.turnId, role: 'learner', text: piece, final: false });
};

/** Recognition opened as the utterance starts, fed the audio kept before it; partials show while it is spoken. */
const openHearing = (turns: TypedTurns, recognition: CascadeRecognition, prefix: Pcm16): Hearing => {
  const cancel = new AbortController();
  const hearing: Hearing = {
    turnId: turns.context.services.ids.newId(),
    // Partials come later, never while `listen` opens.
    listening: recognition.listen((text) => showPartial(turns, hearing, text), cancel.signal),
    cancel,
    shownWords: 0,
    ended: false,
  };
  hearing.listening.write(prefix.samples);
  return hearing;
};

/** Drops an utterance being heard (a new start, the socket gone): no turn comes of it. */
const abandon = (hearing: Hearing | undefined) => {
  if (!hearing) return;
  hearing.ended = true;
  hearing.cancel.abort();
  void hearing.listening.end().catch(() => undefined);
};

/** An utterance has ended: its words, once recognised, are a turn; nothing in words (a cough) is none. */
const hearEnd = (turns: TypedTurns, hearing: Hearing, utterance: Pcm16, origin: () => Origin) => {
  const { context } = turns;
  void hearing.listening
    .end()
    .then(async (text) => {
      hearing.ended = true;
      // Nothing in words (a cough, a closed door): no turn, and nothing recorded.
      if (!text || hearing.cancel.signal.aborted) return;
      await turns.take(hearing.turnId, text, origin);
      keepAudio(context, hearing.turnId, 'learner', utterance);
    })
    .catch((error: unknown) => {
      hearing.ended = true;
      if (hearing.cancel.signal.aborted) return;
      context.log.warn({ err: error, sessionId: context.sessionId }, 'voice recognition failed');
      sendVoiceError(context, 'coaching_voice_recognition_failed', true);
    });
};

export const createCascade = (turns: TypedTurns, recognition: CascadeRecognition, gate: EchoGate): Cascade => {
  const { context } = turns;
  const detector = createUtteranceDetector(
    recognition.turnDetection === 'push_to_talk'
      ? // Push-to-talk: every frame between the key and its release is the turn.
        { sampleRate: VOICE_SAMPLE_RATE, threshold: 0, startMs: 0, prefixMs: 0, silenceMs: Infinity }
      : { sampleRate: VOICE_SAMPLE_RATE, silenceMs: recognition.silenceMs },
  );
  /** The utterance being spoken now, heard by recognition as it comes. */
  let hearing: Hearing | undefined;
  turns.echo = gate;

  /** Speaking over the persona stops it; recognition hears each utterance from its start. */
  const heard = (events: UtteranceEvent[], origin: () => Origin) => {
    const listening = context.voice().recognition;
    if (!listening) return;
    for (const event of events) {
      context.socket()?.emit('voice.speech', {
        session_id: context.sessionId,
        state: event.type === 'started' ? 'started' : 'stopped',
      });
      if (event.type === 'started') {
        turns
          .stopSpeaking()
          .catch((error: unknown) =>
            context.log.warn({ err: error, sessionId: context.sessionId }, 'could not stop the persona speaking'),
          );
        abandon(hearing);
        hearing = openHearing(turns, listening, event.prefix);
        continue;
      }
      // Heard from its start; an utterance whose start this cascade never saw is heard whole now.
      const ended = hearing ?? openHearing(turns, listening, event.utterance);
      hearing = undefined;
      hearEnd(turns, ended, event.utterance, origin);
    }
  };

  return {
    kind: 'cascade',
    turns,
    gate,
    keepsIdleMs: 0,
    capabilities: () => audioCapabilities(context.voice()),
    speaking: () => turns.speaking(),
    text: (turnId, text, origin) => turns.text(turnId, text, origin),
    stop: () => turns.stop(),
    playback: (responseId, playedMs) => turns.playback(responseId, playedMs),
    audioIn(samples, origin) {
      // Echo of the persona's own voice is silence to the detector, as it is to a realtime provider.
      const frame = gate.passes(samples, performance.now()) ? samples : new Int16Array(samples.length);
      const events = detector.push(frame);
      // Each frame after the start (the one that ends it too) is the utterance's, heard as it comes (utterances.ts).
      if (events[0]?.type !== 'started') hearing?.listening.write(frame);
      heard(events, origin);
    },
    commit: (origin) => heard(detector.flush(), origin),
    detach() {
      abandon(hearing);
      hearing = undefined;
    },
    busy: () => turns.busy(),
    close: async () => undefined,
  };
};

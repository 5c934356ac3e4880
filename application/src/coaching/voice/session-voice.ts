import {
  AiCallError,
  ConflictError,
  parseWav,
  resamplePcm16,
  toWav,
  VOICE_SAMPLE_RATE,
  type CoachingSessionStatus,
  type Pcm16,
  type SessionLanguage,
  type VoiceProvider,
} from '@ai-coaching/domain';
import { recordVoiceTurnTiming, type VoiceTurnTiming } from '@ai-coaching/platform';
import {
  findAiModel,
  findAiProvider,
  findAiSpeechVoice,
  findSpeechModel,
  organizationRecordsVoiceSessions,
  type CoachingSessionView,
} from '@ai-coaching/projections';
import { createBuiltinAdapter } from '../../ai/ai-adapters.js';
import { aiPort } from '../../ai/ai-port.js';
import type { AppServices, Origin } from '../../app-services.js';
import { BUILTIN_AI_PROVIDER_ID } from '../../ai/builtin-provider.js';
import { personaInstructions } from '../sessions/persona-brief.js';
import { sessionCaller, visibleSession } from '../sessions/visibility.js';
import { effectiveVoiceSettings, voiceTurnDetectionOf } from './voice-settings.js';

// A voice-mode session's voice (docs/voice.md): who may open it, and how the persona's words become 24 kHz PCM. The
// learner's turns and the persona's replies are the text session's (`playCoachingSessionTurn`), so credits, outcomes,
// the transcript and the reports are one code path; this adds only the speech.

/**
 * Speaks one sentence of the persona as canonical PCM (24 kHz), streamed as the provider synthesises it; the signal
 * stops it (barge-in).
 */
export type PersonaSpeaker = (text: string, signal: AbortSignal) => AsyncIterable<Pcm16>;

export type CoachingSessionVoice = {
  sessionId: string;
  organizationId: string;
  status: CoachingSessionStatus;
  language: SessionLanguage;
  /** The kind of provider that speaks (`builtin` for eSpeak NG), for the latency figures. */
  providerKind: string;
  speak: PersonaSpeaker;
  /**
   * The scenario's model speaks itself (the `realtime` capability): the gateway drives this conversation instead of
   * typed turns and synthesis. Null for every other model.
   */
  realtime: RealtimeVoice | null;
  /**
   * Recognition for a cascade: the scenario's transcription model hears each utterance the gateway cut from the
   * microphone (docs/voice.md, "Cascade turns"). Null without one: the learner's turns are typed.
   */
  recognition: CascadeRecognition | null;
  /** The organization records voice sessions: the gateway keeps both sides' audio (`keepCoachingVoiceRecording`). */
  recording: boolean;
};

export type CascadeRecognition = {
  /** `voice_activity`: the gateway ends a turn after `silenceMs` of quiet; `push_to_talk`: at `voice.commit`. */
  turnDetection: 'voice_activity' | 'push_to_talk';
  silenceMs: number;
  /** The utterance's words ('' when it held none). */
  transcribe(utterance: Pcm16, signal: AbortSignal): Promise<string>;
  /**
   * Recognition while the learner speaks, opened when the utterance starts: its 24 kHz frames are written as they
   * come, `onPartial` hears the words so far (the whole text each time), `end` answers the words once it has ended.
   * A provider that cannot stream hears the whole utterance at `end`. The signal abandons it.
   */
  listen(onPartial: (text: string) => void, signal: AbortSignal): UtteranceListening;
};

export type UtteranceListening = {
  write(samples: Int16Array): void;
  /** The words ('' when it held none); rejects with an AiCallError. */
  end(): Promise<string>;
};

export type RealtimeVoice = {
  providerKind: string;
  /** A new conversation with the persona's instructions and the conversation so far; not started yet. */
  open(signal: AbortSignal): Promise<VoiceProvider>;
};

const notVoice = () =>
  new ConflictError(
    'coaching_session_not_voice',
    'This session is played by text: open its voice only for a scenario in voice mode.',
  );

/** Decodes what a speech provider answered into canonical PCM: a WAVE file, or raw PCM16 at 24 kHz. */
export const canonicalPcmOf = (audio: Uint8Array, mimeType: string): Pcm16 => {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') {
    const wav = parseWav(audio);
    return { sampleRate: VOICE_SAMPLE_RATE, samples: resamplePcm16(wav.samples, wav.sampleRate, VOICE_SAMPLE_RATE) };
  }
  if (type === 'audio/pcm' || type === 'audio/l16') {
    const rate = Number(/rate=(\d+)/.exec(mimeType)?.[1] ?? VOICE_SAMPLE_RATE);
    const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
    const samples = Int16Array.from({ length: Math.floor(audio.length / 2) }, (_, i) => view.getInt16(i * 2, true));
    return { sampleRate: VOICE_SAMPLE_RATE, samples: resamplePcm16(samples, rate, VOICE_SAMPLE_RATE) };
  }
  throw new AiCallError('not_supported', `Speech as ${mimeType} cannot be streamed yet: choose a PCM or WAV voice.`);
};

/**
 * The built-in voice (eSpeak NG, offline) when the scenario names no voice or a built-in one; otherwise the voice's
 * provider through the AI port, with its first speech model, as the voice preview does.
 */
const speakerOf = async (
  services: AppServices,
  session: {
    organizationId: string;
    sessionId: string;
    content: { language: SessionLanguage };
    voiceSettings: CoachingSessionView['voiceSettings'];
  },
): Promise<{ providerKind: string; speak: PersonaSpeaker }> => {
  const { language } = session.content;
  // The voice the player chose for this session (voice settings), else the scenario's.
  const { voiceId } = effectiveVoiceSettings(session);
  const voice = voiceId ? await findAiSpeechVoice(services.db, voiceId) : undefined;
  const provider = voice ? await findAiProvider(services.db, voice.providerId) : undefined;
  const context = { organizationId: session.organizationId, sessionId: session.sessionId };
  if (!voice || !provider || provider.kind === 'builtin') {
    const builtin = createBuiltinAdapter({ providerId: BUILTIN_AI_PROVIDER_ID, kind: 'builtin' });
    return {
      providerKind: 'builtin',
      speak: async function* (text, signal) {
        const spoken = await builtin.speak!(
          { model: { modelId: 'builtin-coach' }, voiceId: '', text, language },
          { ...context, signal },
        );
        yield canonicalPcmOf(spoken.audio, spoken.mimeType);
      },
    };
  }
  const model = await findSpeechModel(services.db, provider.providerId);
  if (!model) throw new AiCallError('not_supported', 'This voice has no speech model to speak with.');
  return {
    providerKind: provider.kind,
    speak: async function* (text, signal) {
      const ref = { providerId: provider.providerId, modelId: model.aiModelId };
      const request = { voiceId: voice.voiceId, text, language };
      try {
        // Streamed: the first audio leaves while the rest of the sentence is still being synthesised.
        yield* aiPort(services).speakStream(ref, request, { ...context, signal });
      } catch (error) {
        // A kind that only answers whole files (OpenAI's own speech endpoint here) speaks the sentence at once.
        if (!(error instanceof AiCallError && error.code === 'not_supported')) throw error;
        const spoken = await aiPort(services).speak(ref, request, { ...context, signal });
        yield canonicalPcmOf(spoken.audio, spoken.mimeType);
      }
    },
  };
};

/**
 * Opens the voice of a session the caller plays (a guest: their own shared session only), by the rules of a turn:
 * anything else answers 404 `coaching_session_not_found`, a text-mode session 409 `coaching_session_not_voice`.
 */
export const openCoachingSessionVoice = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingSessionVoice> => {
  const session = await visibleSession(services, sessionCaller(origin.caller), sessionId, 'play');
  if (session.content.mode !== 'voice') throw notVoice();
  const speaker = await speakerOf(services, session);
  return {
    sessionId: session.sessionId,
    organizationId: session.organizationId,
    status: session.status,
    language: session.content.language,
    ...speaker,
    realtime: await realtimeOf(services, session),
    recognition: await recognitionOf(services, session),
    recording: await organizationRecordsVoiceSessions(services.db, session.organizationId),
  };
};

const recognitionOf = async (
  services: AppServices,
  session: Awaited<ReturnType<typeof visibleSession>>,
): Promise<CascadeRecognition | null> => {
  const settings = effectiveVoiceSettings(session);
  const model = settings.recognitionModelId ? await findAiModel(services.db, settings.recognitionModelId) : undefined;
  if (!model?.capabilities.includes('transcription')) return null;
  const ref = { providerId: model.providerId, modelId: model.aiModelId };
  const contextOf = (signal: AbortSignal) => ({
    organizationId: session.organizationId,
    sessionId: session.sessionId,
    signal,
  });
  return {
    turnDetection: settings.turnDetection,
    silenceMs: settings.silenceMs,
    transcribe: async (utterance, signal) =>
      (
        await aiPort(services).transcribe(
          ref,
          { audio: toWav(utterance), mimeType: 'audio/wav', language: session.content.language },
          contextOf(signal),
        )
      ).text.trim(),
    listen: (onPartial, signal) => {
      const stream = aiPort(services).transcribeStream(
        ref,
        {
          sampleRate: VOICE_SAMPLE_RATE,
          language: session.content.language,
          onPartial: ({ text }) => {
            if (!signal.aborted) onPartial(text);
          },
        },
        contextOf(signal),
      );
      return {
        write: (samples) => stream.write(samples),
        end: async () => (await stream.end()).text.trim(),
      };
    },
  };
};

/** A speech-to-speech model's conversation opener: the persona speaks with the scenario's voice of that provider. */
const realtimeOf = async (
  services: AppServices,
  session: Awaited<ReturnType<typeof visibleSession>>,
): Promise<RealtimeVoice | null> => {
  const model = await findAiModel(services.db, session.content.modelId);
  if (!model?.capabilities.includes('realtime')) return null;
  const provider = await findAiProvider(services.db, model.providerId);
  if (!provider) return null;
  const settings = effectiveVoiceSettings(session);
  const voice = settings.voiceId ? await findAiSpeechVoice(services.db, settings.voiceId) : undefined;
  return {
    providerKind: provider.kind,
    open: async (signal) =>
      aiPort(services).voice(
        { providerId: model.providerId, modelId: model.aiModelId },
        {
          instructions: await personaInstructions(services, session),
          language: session.content.language,
          // A voice of another provider cannot speak here: the provider's default voice does.
          ...(voice && voice.providerId === model.providerId ? { voiceId: voice.voiceId } : {}),
          speed: settings.speed,
          turnDetection: voiceTurnDetectionOf(settings),
        },
        { organizationId: session.organizationId, sessionId: session.sessionId, signal },
      ),
  };
};

/** Keeps a voice turn's timings for the latency figures; a failure to keep them is logged, never the learner's. */
export const recordCoachingVoiceTurn = async (services: AppServices, timing: VoiceTurnTiming): Promise<void> => {
  try {
    await recordVoiceTurnTiming(services.db, timing);
  } catch (error) {
    services.logger.error({ err: error, sessionId: timing.sessionId }, 'could not record a voice turn timing');
  }
};

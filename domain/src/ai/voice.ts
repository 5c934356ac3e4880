import type { AiCallError, AiModelRef, AiUsage } from './call.js';
import type { SessionLanguage } from './vocabulary.js';

// The voice port (issue 14): what the gateway drives for one live voice conversation, whichever provider
// speaks. Speech-to-speech providers (OpenAI realtime) and cascades (recognition → chat → synthesis) both
// implement it, so the gateway never knows which one it holds. Types only: the adapters live in
// `platform` (docs/voice.md, the voice note §5).

/** The canonical sample rate in both directions: OpenAI realtime's own, and what every synthesis kind can output. */
export const VOICE_SAMPLE_RATE = 24_000;
/** 20 ms of canonical audio: what the browser sends per frame. */
export const VOICE_FRAME_SAMPLES = 480;

/** PCM16 mono, little-endian when it travels as bytes. */
export type Pcm = { sampleRate: 16000 | 24000; data: Int16Array };

/** What the gateway may rely on, so one gateway drives every kind of provider. */
export type VoiceCapabilities = {
  kind: 'speech_to_speech' | 'cascade';
  /** The provider finds the end of the learner's turn itself; otherwise the gateway's VAD or `commit` does. */
  serverVad: boolean;
  userTranscripts: boolean;
  assistantTranscripts: boolean;
  /**
   * Who forgets the unheard part of an interrupted reply: the provider, told the played milliseconds
   * (`server`), the gateway, keeping only the spoken text (`gateway`), or nobody (`none`).
   */
  truncation: 'server' | 'gateway' | 'none';
};

/**
 * How the provider finds the end of a turn. `server_vad` waits for `silenceDurationMs` of silence;
 * `semantic_vad` asks a model whether the learner has finished; `manual` leaves it to `commit()`
 * (push-to-talk).
 */
export type VoiceTurnDetection =
  | { type: 'server_vad'; threshold?: number; prefixPaddingMs?: number; silenceDurationMs?: number }
  | { type: 'semantic_vad'; eagerness?: 'auto' | 'low' | 'medium' | 'high' }
  | { type: 'manual' };

/** What a live conversation is opened with: the persona and how it listens and speaks. */
export type VoiceSessionRequest = {
  model: AiModelRef;
  /** The persona's system prompt. */
  instructions: string;
  language: SessionLanguage;
  /** The provider's own voice id; the provider's default when absent. */
  voiceId?: string;
  /** 0.25–4, 1 = normal. */
  speed?: number;
  turnDetection?: VoiceTurnDetection;
  /** The recognition model for the learner's transcript (OpenAI: `gpt-4o-mini-transcribe`). */
  transcriptionModel?: string;
};

export type VoiceProviderEvent =
  /** Connected and configured: audio may flow. */
  | { type: 'ready' }
  /** The learner started speaking: the gateway decides whether it is a barge-in (echo is not). */
  | { type: 'speech_started'; atMs?: number }
  | { type: 'speech_stopped'; atMs?: number }
  | { type: 'user_transcript'; itemId?: string; text: string; final: boolean }
  | { type: 'audio'; responseId: string; pcm: Pcm }
  | { type: 'assistant_transcript'; responseId: string; delta: string }
  /**
   * An interrupted reply was cut where the learner stopped hearing it: `heardText` is what the persona's
   * history keeps (its transcript, cut in proportion to the audio played, at a word).
   */
  | { type: 'response_truncated'; responseId: string; playedMs: number; heardText: string }
  | { type: 'response_done'; responseId: string; status: 'completed' | 'cancelled' | 'failed' | 'incomplete' }
  /** What a reply cost, when the provider says it. */
  | { type: 'usage'; responseId: string; usage: AiUsage }
  /**
   * `fatal`: the conversation is over (the connection dropped or was refused); otherwise one request
   * failed and the conversation goes on. `retryable`: opening a new conversation may work.
   */
  | { type: 'error'; error: AiCallError; retryable: boolean; fatal: boolean };

export type VoiceEventListener = (event: VoiceProviderEvent) => void;

/** One live voice conversation with a provider. */
export type VoiceProvider = {
  readonly capabilities: VoiceCapabilities;
  /** Connects and configures; resolves at `ready`, rejects with an AiCallError. Events go to `listener` from here on. */
  start(listener: VoiceEventListener): Promise<void>;
  /** Canonical 24 kHz frames (20 ms); audio pushed before `ready` or after `close` is dropped. */
  pushAudio(frame: Pcm): void;
  /** Ends the learner's turn by hand (push-to-talk). */
  commit(): void;
  /** A typed learner turn: the persona answers it as it would speech. */
  sendText(text: string): void;
  /** Barge-in: stops the reply and forgets what the learner did not hear (`playedMs` of its audio was played). */
  interrupt(responseId: string, playedMs: number): void;
  close(): Promise<void>;
};

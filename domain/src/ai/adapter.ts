import type { z } from 'zod';
import type { AiVoiceGender } from './speech-voices/events.js';
import type { RubricItem } from './conversation-metrics/rubric.js';
import type { RoleplayBrief } from './practice/brief.js';
import type { ScenarioDraftBrief } from './builtin/scenario-draft.js';
import type { AiCapability, AiProviderKind, SessionLanguage } from './vocabulary.js';
import type { VoiceProvider, VoiceSessionRequest } from './voice.js';
import type { Pcm16 } from './voice-audio/pcm.js';
import type { AiModelRef, AiUsage, TranscriptTurn } from './call.js';

export type { RoleplayBrief } from './practice/brief.js';
export {
  AI_CALL_ERROR_CODES,
  AiCallError,
  type AiCallErrorCode,
  type AiModelRef,
  type AiUsage,
  type TranscriptTurn,
} from './call.js';

// What an AI adapter is (issue 10): one per provider kind (the openai SDK for every Chat Completions
// speaker, the built-in offline provider, the speech providers) implements `AiAdapter`. Coaching
// features never hold an adapter: they call the application layer's AI port, which resolves the
// provider, its model and key, guards and records each call, and hands it to the adapter. Declared
// here, as types only, so that adapters in `platform` and the port in `application` share them.

/** Everything an adapter needs to reach one provider: resolved from its entity and its active key. */
export type AiConnection = {
  providerId: string;
  kind: AiProviderKind;
  /** `openai_compatible`, `openai_azure` (the resource endpoint), `openai_audio`; checked by the outbound guard. */
  baseUrl?: string;
  /** `azure_microsoft`: a region such as `westeurope`, when no endpoint is given. */
  region?: string;
  /** `openai_azure`: the API version query parameter. */
  apiVersion?: string;
  /** The unsealed service key; never logged, never part of an error or event. Absent for `builtin`. */
  apiKey?: string;
};

/** An AbortSignal, as far as the domain (which has no DOM or Node types) needs to name it. */
export type CancelSignal = {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
};

/** Who a call is for, so its usage is recorded against them; and how long it may take. */
export type AiCallContext = {
  organizationId: string | null;
  sessionId?: string;
  /** Cancels the call (a learner leaving, a newer turn). */
  signal?: CancelSignal;
  /** Default AI_CALL_TIMEOUT_MS. */
  timeoutMs?: number;
};

export type AiMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/**
 * What the built-in provider coaches from after a session ("Ask the coach"): a real model reads the same facts in
 * its system prompt and ignores this. The question is the last user message.
 */
export type CoachBrief = {
  language: SessionLanguage;
  /** The session's status when it ended: win, loose, end or abort. */
  status: string;
  personaName: string;
  /** null: free speech. */
  mission: { goal: string; successCriteria: readonly string[]; failureConditions: readonly string[] } | null;
  transcript: readonly TranscriptTurn[];
  /** The latest analysis report, when one has arrived. */
  report: { overallScore: number | null; wentWell: readonly string[]; toImprove: readonly string[] } | null;
};

export type ChatRequest = {
  model: AiModelRef;
  messages: readonly AiMessage[];
  /** Present for role-play turns; the built-in provider needs it. */
  roleplay?: RoleplayBrief;
  /** Present for questions to the coach about an ended session; the built-in provider needs it. */
  coach?: CoachBrief;
};

/** A chat answer as it streams: text deltas, then the whole text with its usage. */
export type ChatEvent = { type: 'delta'; text: string } | { type: 'done'; text: string; usage: AiUsage };

export type StructuredRequest<T> = {
  model: AiModelRef;
  messages: readonly AiMessage[];
  /** The answer's shape, sent as the response format's JSON schema and checked on return. */
  schema: z.ZodType<T>;
  /** The schema's name in the request (`^[a-zA-Z0-9_-]+$`). */
  schemaName: string;
  /**
   * Present for analysis calls; the built-in provider computes from it (`BuiltinAnalysis`): the
   * conversation metrics, and the rubric's scores when the observer has one.
   */
  analysis?: { transcript: readonly TranscriptTurn[]; language: SessionLanguage; rubric?: readonly RubricItem[] };
  /** Present for the session generator's drafts; the built-in provider drafts from templates (`builtinScenarioDraft`). */
  draft?: ScenarioDraftBrief;
};

/**
 * One utterance to recognise: `audio` in `mimeType` (the cascades hand a mono PCM16 WAV, `audio/wav`, at 24 kHz;
 * `audio/pcm;rate=…` is read too), and the session language when known.
 */
export type TranscribeRequest = { model: AiModelRef; audio: Uint8Array; mimeType: string; language?: SessionLanguage };
export type SpeakRequest = { model: AiModelRef; voiceId: string; text: string; language: SessionLanguage };

/**
 * One utterance recognised while it is spoken (the cascades' streaming recognition): PCM16 mono at `sampleRate`
 * written frame by frame. `onPartial` is told the words recognised so far, the utterance's whole text each time
 * (a later one may revise an earlier one), before the final text.
 */
export type TranscribeStreamRequest = {
  model: AiModelRef;
  sampleRate: number;
  language?: SessionLanguage;
  onPartial?: (partial: { text: string }) => void;
};

/** The handle of a streaming recognition: audio goes in as it is heard, the words come out at `end`. */
export type TranscriptionStream = {
  /** More of the utterance; ignored once ended, cancelled or failed. */
  write(samples: Int16Array): void;
  /**
   * The utterance is over: answers its words ('' when it held none) and the seconds heard as usage, or rejects with
   * an AiCallError (also for a failure met while it was being written).
   */
  end(): Promise<{ text: string; usage: AiUsage }>;
};

/** A voice of the provider's own list, as `listVoices` answers it: only voices speaking a session language. */
export type ProviderVoice = {
  /** The provider's id of the voice (what `SpeakRequest.voiceId` takes). */
  voiceId: string;
  displayName: string;
  /** The session languages it speaks, at least one. */
  languages: SessionLanguage[];
  gender?: AiVoiceGender;
};

/** One provider, spoken to. An adapter implements what its kind can do and refuses the rest. */
export type AiAdapter = {
  readonly capabilities: readonly AiCapability[];
  chat(request: ChatRequest, context: AiCallContext): AsyncIterable<ChatEvent>;
  structured<T>(request: StructuredRequest<T>, context: AiCallContext): Promise<{ value: T; usage: AiUsage }>;
  transcribe?(request: TranscribeRequest, context: AiCallContext): Promise<{ text: string; usage: AiUsage }>;
  /**
   * Recognition while the learner speaks: opened at the start of the utterance, fed its frames, ended with it. A
   * provider that recognises whole files only (OpenAI's HTTP API) buffers and sends at `end`, telling partials
   * only if its answer streams. The context's signal cancels it; its timeout bounds the wait after `end`.
   */
  transcribeStream?(request: TranscribeStreamRequest, context: AiCallContext): TranscriptionStream;
  speak?(
    request: SpeakRequest,
    context: AiCallContext,
  ): Promise<{ audio: Uint8Array; mimeType: string; usage: AiUsage }>;
  /**
   * The same speech as it arrives from the network (the cascades' synthesis): PCM16 mono at 24 kHz
   * (`VOICE_SAMPLE_RATE`), each chunk whole samples, the first before the provider has finished. Stopping the
   * iteration (barge-in) or the context's signal ends the request. Fails with an AiCallError.
   */
  speakStream?(request: SpeakRequest, context: AiCallContext): AsyncIterable<Pcm16>;
  /**
   * Opens a live voice conversation (the `realtime` capability): one per conversation, not yet connected
   * until its `start` (docs/voice.md).
   */
  voice?(request: VoiceSessionRequest, context: AiCallContext): VoiceProvider;
  /** The provider's own voices (speech kinds), for importing them into the catalogue. */
  listVoices?(context: AiCallContext): Promise<ProviderVoice[]>;
  /** The connection test: lists models (or the cheapest call the kind has) and names what went wrong. */
  test(context: AiCallContext): Promise<void>;
};

export type AiAdapterFactory = (connection: AiConnection) => AiAdapter;

/** Told after every call that reached a provider, for credits and dashboards. */
export type AiUsageRecorder = (entry: {
  providerId: string;
  modelId: string;
  organizationId: string | null;
  sessionId?: string;
  operation: 'chat' | 'structured' | 'transcribe' | 'speak' | 'realtime';
  usage: AiUsage;
  at: string;
}) => Promise<void>;

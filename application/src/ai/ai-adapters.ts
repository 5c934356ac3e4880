import {
  AiCallError,
  builtinCoachAnswer,
  builtinScenarioDraft,
  builtinRoleplayTurn,
  builtinStreamChunks,
  conversationMetrics,
  judgeConversation,
  toWav,
  type ConversationMetrics,
  type Judgement,
  type AiAdapter,
  type AiAdapterFactory,
  type AiProviderKind,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import {
  createAzureSpeechAdapter,
  createElevenLabsAdapter,
  createOpenAiAdapter,
  createOpenAiAudioAdapter,
  espeakSpeak,
  OPENAI_PROTOCOL_KINDS,
  type Config,
} from '@ai-coaching/platform';

/** Which adapter speaks to each kind of provider; a kind absent here answers `not_supported`. */
export type AiAdapterRegistry = Partial<Record<AiProviderKind, AiAdapterFactory>>;

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/**
 * What the built-in observer answers to an analysis call: the conversation's metrics, and its judgement of the
 * observer's criteria by behaviours (docs/ai-builtin-provider.md, "The observer") when the call says what was played.
 */
export type BuiltinAnalysis = { metrics: ConversationMetrics; judgement: Judgement | null };

/**
 * The built-in offline provider: no network, no key. It plays a role-play from its brief (the
 * persona and mission, `builtinRoleplayTurn`), streamed word by word, and coaches after a session from the coach's
 * brief (`builtinCoachAnswer`); its connection test always
 * succeeds. Its observer judges behaviours: an analysis call gets `BuiltinAnalysis` (the conversation metrics
 * and the judgement of the criteria), provided the caller's schema accepts that shape; a session generator's draft call gets a draft from templates (`builtinScenarioDraft`); any
 * other structured request is not something it can answer. It speaks with eSpeak NG (`speak`: a 24 kHz WAV), the
 * voice of live voice sessions on it.
 */
export const createBuiltinAdapter: AiAdapterFactory = () => {
  const adapter: AiAdapter = {
    capabilities: ['chat'],
    async *chat(request) {
      if (request.coach) {
        // The coach answers the last question asked; earlier exchanges change nothing it measures.
        const question = request.messages.findLast((message) => message.role === 'user')?.content ?? '';
        const text = builtinCoachAnswer(request.coach, question);
        for (const chunk of builtinStreamChunks(text)) yield { type: 'delta', text: chunk };
        yield { type: 'done', text, usage: NO_USAGE };
        return;
      }
      if (!request.roleplay) {
        throw new AiCallError(
          'not_supported',
          'The built-in provider only plays role-plays from a persona and mission.',
        );
      }
      const transcript: TranscriptTurn[] = request.messages
        .filter((message) => message.role !== 'system')
        .map((message) => ({ speaker: message.role === 'user' ? 'learner' : 'persona', text: message.content }));
      const { text } = builtinRoleplayTurn(request.roleplay, transcript);
      for (const chunk of builtinStreamChunks(text)) yield { type: 'delta', text: chunk };
      yield { type: 'done', text, usage: NO_USAGE };
    },
    structured(request) {
      const { analysis, draft } = request;
      if (draft) {
        const parsed = request.schema.safeParse(builtinScenarioDraft(draft));
        if (!parsed.success) {
          return Promise.reject(
            new AiCallError('invalid_output', `The built-in draft does not fit ${request.schemaName}.`),
          );
        }
        return Promise.resolve({ value: parsed.data, usage: NO_USAGE });
      }
      if (!analysis) {
        return Promise.reject(
          new AiCallError('not_supported', 'The built-in provider answers analysis requests only.'),
        );
      }
      const answer: BuiltinAnalysis = {
        metrics: conversationMetrics(analysis.transcript, analysis.language),
        judgement: analysis.practice
          ? judgeConversation(analysis.practice.brief, analysis.transcript, analysis.practice.criteria)
          : null,
      };
      const parsed = request.schema.safeParse(answer);
      if (!parsed.success) {
        return Promise.reject(
          new AiCallError('invalid_output', `The built-in observer's analysis does not fit ${request.schemaName}.`),
        );
      }
      return Promise.resolve({ value: parsed.data, usage: NO_USAGE });
    },
    // eSpeak NG, offline (docs/voice.md, "Built-in voice"): the language picks the voice, so any voice id speaks it.
    async speak(request) {
      const spoken = await espeakSpeak(request.text, request.language);
      return {
        audio: toWav(spoken),
        mimeType: 'audio/wav',
        usage: { ...NO_USAGE, audioSeconds: spoken.samples.length / spoken.sampleRate },
      };
    },
    // A sentence is synthesised whole, offline and fast: the stream is that one chunk, already at 24 kHz.
    async *speakStream(request) {
      yield await espeakSpeak(request.text, request.language);
    },
    test: () => Promise.resolve(),
  };
  return adapter;
};

/** The adapters of every kind that has one so far, configured from the deployment's settings. */
export const defaultAiAdapters = (
  config: Pick<Config, 'AI_ALLOW_PRIVATE_NETWORK' | 'AI_CALL_TIMEOUT_MS'>,
): AiAdapterRegistry => {
  const options = { allowPrivateNetwork: config.AI_ALLOW_PRIVATE_NETWORK, timeoutMs: config.AI_CALL_TIMEOUT_MS };
  const openAi: AiAdapterFactory = (connection) => createOpenAiAdapter(connection, options);
  // A self-hosted OpenAI-compatible server may speak too (`/v1/audio/speech`); its voices are its own,
  // so they are entered by hand rather than imported from OpenAI's list.
  const openAiCompatible: AiAdapterFactory = (connection) => {
    const chat = openAi(connection);
    const audio = createOpenAiAudioAdapter(connection, options);
    return {
      ...chat,
      capabilities: [...chat.capabilities, 'speech'],
      speak: audio.speak,
      speakStream: audio.speakStream,
    };
  };
  return {
    builtin: createBuiltinAdapter,
    ...Object.fromEntries(OPENAI_PROTOCOL_KINDS.map((kind) => [kind, openAi])),
    openai_compatible: openAiCompatible,
    openai_audio: (connection) => createOpenAiAudioAdapter(connection, options),
    elevenlabs: (connection) => createElevenLabsAdapter(connection, options),
    azure_microsoft: (connection) => createAzureSpeechAdapter(connection, options),
  };
};

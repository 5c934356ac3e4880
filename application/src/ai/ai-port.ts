import {
  AiCallError,
  ConflictError,
  NotFoundError,
  type AiCallContext,
  type AiCapability,
  type AiModelRef,
  type AiUsage,
  type AiUsageRecorder,
  type ChatEvent,
  type ChatRequest,
  type Pcm16,
  type SpeakRequest,
  type StructuredRequest,
  type TranscribeRequest,
  type TranscribeStreamRequest,
  type TranscriptionStream,
  type VoiceProvider,
  type VoiceSessionRequest,
} from '@ai-coaching/domain';
import { aiUsageRecorder, bufferedTranscription } from '@ai-coaching/platform';
import { findAiModel, findAiProvider } from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../app-services.js';
import { adapterFor, connectionOf, markKeyUsed } from './ai-connection.js';

/**
 * The AI port (issue 10 item 3): the one way coaching features talk to AI. A call names a provider
 * and a model of the catalogue; the port resolves them for the caller's organization, unseals the
 * current key, calls the kind's adapter, marks the key used and records the usage. Features never
 * hold an adapter, a key or a URL.
 */

/** Which provider and which of its catalogue models (`/v1/ai_models` id, not the provider's model id). */
export type AiRef = { providerId: string; modelId: string };

/** A request as features write it: the model's parameters default to the catalogue's, and may be narrowed. */
type PortRequest<Request extends { model: AiModelRef }> = Omit<Request, 'model'> & {
  model?: Partial<Omit<AiModelRef, 'modelId'>>;
};

export type AiPort = {
  chat(ref: AiRef, request: PortRequest<ChatRequest>, context: AiCallContext): AsyncIterable<ChatEvent>;
  structured<T>(
    ref: AiRef,
    request: PortRequest<StructuredRequest<T>>,
    context: AiCallContext,
  ): Promise<{ value: T; usage: AiUsage }>;
  transcribe(
    ref: AiRef,
    request: PortRequest<TranscribeRequest>,
    context: AiCallContext,
  ): Promise<{ text: string; usage: AiUsage }>;
  /**
   * `transcribe` while the utterance is spoken (docs/voice.md, "Cascade recognition and streamed synthesis"): the
   * handle takes the frames at once (kept while the provider is resolved), `onPartial` hears the words so far, `end`
   * answers the text. A kind without streaming recognition hears the whole utterance at `end` (`transcribe`). Usage:
   * `transcribe`, the seconds heard, recorded at `end`.
   */
  transcribeStream(
    ref: AiRef,
    request: PortRequest<TranscribeStreamRequest>,
    context: AiCallContext,
  ): TranscriptionStream;
  speak(
    ref: AiRef,
    request: PortRequest<SpeakRequest>,
    context: AiCallContext,
  ): Promise<{ audio: Uint8Array; mimeType: string; usage: AiUsage }>;
  /**
   * The speech of `speak` as it arrives: PCM16 mono 24 kHz chunks of whole samples, the first before the provider
   * has finished (docs/voice.md, "Cascade recognition and streamed synthesis"). Its usage (`speak`, the seconds of
   * audio received) is recorded when the stream ends, also when the caller stops early (barge-in) or it fails
   * after some audio.
   */
  speakStream(ref: AiRef, request: PortRequest<SpeakRequest>, context: AiCallContext): AsyncIterable<Pcm16>;
  /** A live voice conversation, not yet started; each reply's usage is recorded as `realtime` as it comes. */
  voice(ref: AiRef, request: PortRequest<VoiceSessionRequest>, context: AiCallContext): Promise<VoiceProvider>;
};

type Operation = Parameters<AiUsageRecorder>[0]['operation'];

const NEEDS: Record<Operation, AiCapability> = {
  chat: 'chat',
  structured: 'chat',
  transcribe: 'transcription',
  speak: 'speech',
  realtime: 'realtime',
};

type PortServices = Pick<AppServices, 'db' | 'config' | 'clock' | 'logger' | 'aiAdapters'>;

/** The provider and model of a reference, if the organization may use them now. */
const resolve = async (services: PortServices, ref: AiRef, context: AiCallContext, operation: Operation) => {
  const provider = await findAiProvider(services.db, ref.providerId);
  if (!provider || (provider.organizationId !== null && provider.organizationId !== context.organizationId)) {
    throw new NotFoundError('ai_provider_not_found', 'This AI provider does not exist.');
  }
  if (!provider.enabled) throw new ConflictError('ai_provider_disabled', 'This AI provider is disabled.');
  const model = await findAiModel(services.db, ref.modelId);
  if (!model || model.providerId !== provider.providerId) {
    throw new NotFoundError('ai_model_not_found', 'This AI model does not exist.');
  }
  if (!model.capabilities.includes(NEEDS[operation])) {
    throw new AiCallError('not_supported', `The model ${model.displayName} cannot be used for ${operation}.`);
  }
  const { connection, keyId } = await connectionOf(services, provider);
  const adapter = adapterFor(services, connection);
  if (keyId) await markKeyUsed(services, keyId);
  return { provider, model, adapter };
};

const modelRefOf = (
  model: { modelId: string; temperature: number | null; maxOutputTokens: number | null },
  narrowed: Partial<Omit<AiModelRef, 'modelId'>> | undefined,
): AiModelRef => {
  const temperature = narrowed?.temperature ?? model.temperature;
  const maxOutputTokens = narrowed?.maxOutputTokens ?? model.maxOutputTokens;
  return {
    modelId: model.modelId,
    ...(temperature !== null ? { temperature } : {}),
    ...(maxOutputTokens !== null ? { maxOutputTokens } : {}),
  };
};

export const createAiPort = (services: PortServices): AiPort => {
  const record = aiUsageRecorder(services.db);
  const recordUsage = async (
    ref: AiRef,
    context: AiCallContext,
    operation: Operation,
    usage: AiUsage,
  ): Promise<void> => {
    try {
      await record({
        providerId: ref.providerId,
        modelId: ref.modelId,
        organizationId: context.organizationId,
        ...(context.sessionId !== undefined ? { sessionId: context.sessionId } : {}),
        operation,
        usage,
        at: nowIso(services),
      });
    } catch (error) {
      services.logger.error({ err: error, providerId: ref.providerId }, 'could not record AI usage');
    }
  };
  const withTimeout = (context: AiCallContext): AiCallContext => ({
    timeoutMs: services.config.AI_CALL_TIMEOUT_MS,
    ...context,
  });

  return {
    async *chat(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'chat');
      for await (const event of adapter.chat(
        { ...request, model: modelRefOf(model, request.model) },
        withTimeout(context),
      )) {
        if (event.type === 'done') await recordUsage(ref, context, 'chat', event.usage);
        yield event;
      }
    },
    async structured(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'structured');
      const answer = await adapter.structured(
        { ...request, model: modelRefOf(model, request.model) },
        withTimeout(context),
      );
      await recordUsage(ref, context, 'structured', answer.usage);
      return answer;
    },
    async transcribe(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'transcribe');
      if (!adapter.transcribe) throw new AiCallError('not_supported', 'This provider cannot transcribe speech.');
      const answer = await adapter.transcribe(
        { ...request, model: modelRefOf(model, request.model) },
        withTimeout(context),
      );
      await recordUsage(ref, context, 'transcribe', answer.usage);
      return answer;
    },
    transcribeStream(ref, request, context) {
      const kept: Int16Array[] = [];
      let stream: TranscriptionStream | undefined;
      const opened = resolve(services, ref, context, 'transcribe').then(({ model, adapter }) => {
        const modelRef = modelRefOf(model, request.model);
        if (adapter.transcribeStream) {
          stream = adapter.transcribeStream({ ...request, model: modelRef }, withTimeout(context));
        } else if (adapter.transcribe) {
          // A kind that hears whole files only: the frames are kept and sent as one WAVE at `end`.
          const transcribe = adapter.transcribe.bind(adapter);
          stream = bufferedTranscription(
            { ...request, model: modelRef },
            async (whole) => (await transcribe(whole, withTimeout(context))).text,
          );
        } else throw new AiCallError('not_supported', 'This provider cannot transcribe speech.');
        for (const samples of kept.splice(0)) stream.write(samples);
        return stream;
      });
      // A refusal is told at `end`; until then the frames are dropped.
      opened.catch(() => undefined);
      return {
        write(samples) {
          if (stream) stream.write(samples);
          else kept.push(samples);
        },
        async end() {
          const answer = await (await opened).end();
          await recordUsage(ref, context, 'transcribe', answer.usage);
          return answer;
        },
      };
    },
    async speak(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'speak');
      if (!adapter.speak) throw new AiCallError('not_supported', 'This provider cannot speak.');
      const answer = await adapter.speak({ ...request, model: modelRefOf(model, request.model) }, withTimeout(context));
      await recordUsage(ref, context, 'speak', answer.usage);
      return answer;
    },
    async *speakStream(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'speak');
      if (!adapter.speakStream) throw new AiCallError('not_supported', 'This provider cannot stream speech.');
      let seconds = 0;
      let received = false;
      try {
        for await (const chunk of adapter.speakStream(
          { ...request, model: modelRefOf(model, request.model) },
          withTimeout(context),
        )) {
          received = true;
          seconds += chunk.samples.length / chunk.sampleRate;
          yield chunk;
        }
      } finally {
        if (received) {
          await recordUsage(ref, context, 'speak', {
            inputTokens: 0,
            outputTokens: 0,
            audioSeconds: Math.round(seconds * 10) / 10,
          });
        }
      }
    },
    async voice(ref, request, context) {
      const { model, adapter } = await resolve(services, ref, context, 'realtime');
      if (!adapter.voice) throw new AiCallError('not_supported', 'This provider has no live voice conversations.');
      const provider = adapter.voice({ ...request, model: modelRefOf(model, request.model) }, withTimeout(context));
      // A conversation has no end answer to record from: each reply's usage is recorded when the provider tells it.
      return {
        capabilities: provider.capabilities,
        start: (listener) =>
          provider.start((event) => {
            if (event.type === 'usage') void recordUsage(ref, context, 'realtime', event.usage);
            listener(event);
          }),
        pushAudio: (frame) => provider.pushAudio(frame),
        commit: () => provider.commit(),
        sendText: (text) => provider.sendText(text),
        interrupt: (responseId, playedMs) => provider.interrupt(responseId, playedMs),
        close: () => provider.close(),
      };
    },
  };
};

const ports = new WeakMap<object, AiPort>();

/** The AI port of these services (one per services object). */
export const aiPort = (services: PortServices): AiPort => {
  let port = ports.get(services);
  if (!port) {
    port = createAiPort(services);
    ports.set(services, port);
  }
  return port;
};

import {
  AiCallError,
  type AiAdapter,
  type AiCallContext,
  type AiConnection,
  type AiMessage,
  type AiModelRef,
  type AiUsage,
  type AiUsageRecorder,
  type ChatEvent,
  type ChatRequest,
  type StructuredRequest,
  type TranscribeRequest,
  type TranscribeStreamRequest,
  type VoiceSessionRequest,
} from '@ai-coaching/domain';
import OpenAI, { APIConnectionTimeoutError, APIError, AzureOpenAI, type ClientOptions } from 'openai';
import { z } from 'zod';
import { systemClock, type Clock } from '../clock/clock.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import { checkProviderUrl } from './outbound-guard.js';
import { transcribeWith } from './openai-audio-adapter.js';
import { bufferedTranscription, transcriptionOf } from './speech-audio.js';
import { createOpenAiRealtimeVoice, type OpenAiRealtimeOptions } from './openai-realtime-adapter.js';
import {
  answerError,
  DEFAULT_AI_CALL_TIMEOUT_MS,
  earlyCallError,
  openCallScope,
  redact,
  retryAfterMsOf,
  retryPolicyOf,
  runInBreaker,
  settle,
  sharedBreakers,
  sharedFetch,
  transportError,
  withRetries as retrying,
  type CallScope,
  type ErrorContext,
  type ProviderCallOptions,
} from './provider-call.js';

/**
 * The adapter of every provider that speaks Chat Completions (issue 10 item 3): OpenAI, Azure OpenAI
 * (`AzureOpenAI`: the endpoint, an API version, the deployment as the model id) and any
 * OpenAI-compatible server at a base URL (Ollama, vLLM, LM Studio), through the official `openai` SDK.
 * Around each call: the outbound guard (the SDK's fetch), a timeout, retries of 429 and 5xx with
 * backoff that respects Retry-After, the provider's circuit breaker, errors a person can act on, and
 * the usage of every answer.
 *
 * Retries are ours rather than the SDK's (its `maxRetries` is 0): its wait honours any Retry-After,
 * however long, and cannot be cancelled, while a learner waiting on a turn needs both bounded.
 */
export const OPENAI_PROTOCOL_KINDS = ['openai', 'openai_azure', 'openai_compatible'] as const;

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Azure's current GA data-plane version, used when the provider names none. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

export type OpenAiAdapterOptions = ProviderCallOptions & {
  /** Live voice (`openai`, `openai_azure`): where the realtime socket goes, for tests and local servers. */
  realtime?: Pick<OpenAiRealtimeOptions, 'realtimeBaseUrl' | 'tlsInsecureForTests' | 'resolver'>;
  /** Told the usage of every answer received (each of the two answers of a repaired structured call). */
  onUsage?: AiUsageRecorder;
  clock?: Clock;
  /**
   * The model the connection test calls with a 1-token chat. Azure lists its deployments nowhere the
   * key can reach, so the test of `openai_azure` needs one to prove the deployment; without it the test
   * lists models, which proves the endpoint and the key.
   */
  testModelId?: string;
};

const apiErrorCode = (error: APIError): string => {
  const body = error.error as { code?: unknown; type?: unknown } | undefined;
  return String(error.code ?? body?.code ?? body?.type ?? '');
};

/** What went wrong, in the terms of AiCallError (a person can act on the code; the message never holds the key). */
export const toAiCallError = (error: unknown, context: ErrorContext): AiCallError => {
  const early = earlyCallError(error, context, error instanceof APIConnectionTimeoutError);
  if (early) return early;
  if (error instanceof APIError && error.status !== undefined) {
    const body = error.error as { message?: unknown } | undefined;
    return answerError(
      {
        status: error.status,
        text: typeof body?.message === 'string' ? body.message : error.message,
        code: apiErrorCode(error),
        headers: error.headers,
      },
      context,
    );
  }
  if (error instanceof APIError && error.status === undefined && error.error) {
    // An error event inside a stream.
    return new AiCallError(
      'provider_error',
      `The provider reported an error: ${redact(error.message, context.apiKey)}`,
    );
  }
  return transportError(error, context);
};

// ---- one call -----------------------------------------------------------------------------------------------------

const usageOf = (usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): AiUsage => ({
  inputTokens: usage?.prompt_tokens ?? 0,
  outputTokens: usage?.completion_tokens ?? 0,
});

const addUsage = (a: AiUsage, b: AiUsage): AiUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
});

/** The JSON schema of the answer, as OpenAI's strict structured outputs read it. */
export const responseSchemaOf = (schema: z.ZodType): Record<string, unknown> => {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
  return jsonSchema;
};

const problemsOf = (content: string, schema: z.ZodType): { value?: unknown; problems?: string } => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { problems: `the answer is not valid JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { value: result.data };
  return {
    problems: result.error.issues
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
      .join('; '),
  };
};

const requestOptions = (scope: CallScope) => ({ signal: scope.signal, maxRetries: 0 });

const tokenLimit = (kind: string, model: AiModelRef) =>
  model.maxOutputTokens === undefined
    ? {}
    : // Local servers know max_tokens; OpenAI's newer models accept only max_completion_tokens.
      kind === 'openai_compatible'
      ? { max_tokens: model.maxOutputTokens }
      : { max_completion_tokens: model.maxOutputTokens };

const baseParams = (kind: string, model: AiModelRef, messages: readonly AiMessage[]) => ({
  model: model.modelId,
  messages: messages.map((message) => ({ role: message.role, content: message.content })),
  ...(model.temperature !== undefined ? { temperature: model.temperature } : {}),
  ...tokenLimit(kind, model),
});

/** The SDK's client for a connection; a setup problem (no key, a refused URL) instead, which every call answers. */
const clientOf = (
  connection: AiConnection,
  options: OpenAiAdapterOptions,
): { client: OpenAI; origin: string } | { setupError: AiCallError; origin: string } => {
  const { kind, apiKey } = connection;
  const allowPrivateNetwork = options.allowPrivateNetwork ?? false;
  let origin = new URL(OPENAI_BASE_URL).origin;
  try {
    const baseUrl = kind === 'openai' ? (connection.baseUrl ?? OPENAI_BASE_URL) : connection.baseUrl;
    if (!baseUrl) throw new AiCallError('address_refused', `A provider of kind ${kind} needs a base URL.`);
    const url = checkProviderUrl(baseUrl, { allowPrivateNetwork });
    origin = url.origin;
    // Local servers (Ollama) take any key; the hosted kinds cannot work without one.
    if (!apiKey && kind !== 'openai_compatible') {
      throw new AiCallError('no_key', 'No service key is set for this provider: add one.');
    }
    const key = apiKey || 'no-key';
    const common: Omit<ClientOptions, 'provider' | 'apiKey'> = {
      fetch: (options.fetch ?? sharedFetch(allowPrivateNetwork)) as unknown as ClientOptions['fetch'],
      maxRetries: 0,
      timeout: options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS,
      // Set explicitly so that OPENAI_* variables of the server's environment never leak into a provider.
      organization: null,
      project: null,
      webhookSecret: null,
      logLevel: 'off',
    };
    const client =
      kind === 'openai_azure'
        ? new AzureOpenAI({
            ...common,
            apiKey: key,
            baseURL: `${url.href.replace(/\/+$/, '')}/openai`,
            apiVersion: connection.apiVersion || DEFAULT_AZURE_API_VERSION,
          })
        : new OpenAI({ ...common, apiKey: key, baseURL: url.href.replace(/\/+$/, '') });
    return { client, origin };
  } catch (error) {
    const setupError =
      error instanceof AiCallError ? error : new AiCallError('address_refused', 'The provider settings are not valid.');
    return { setupError, origin };
  }
};

/** What every call of one adapter goes through: its client, scope, retries, breaker and usage records. */
type Calls = {
  kind: string;
  apiKey: string | undefined;
  breaker: CircuitBreaker;
  client: OpenAI | undefined;
  setupError: AiCallError | undefined;
  openScope(context: AiCallContext): CallScope;
  /** Sends a request, again after a 429 or 5xx while retries remain and the wait is bounded. */
  withRetries<T>(scope: CallScope, send: () => Promise<T>): Promise<T>;
  record(operation: 'chat' | 'structured', model: AiModelRef, context: AiCallContext, usage: AiUsage): Promise<void>;
  /** Runs a non-streaming call inside the breaker and a scope. */
  run<T>(
    context: AiCallContext,
    body: (scope: CallScope, api: OpenAI) => Promise<T>,
    options?: { bypassBreaker?: boolean },
  ): Promise<T>;
};

const callsOf = (connection: AiConnection, options: OpenAiAdapterOptions): Calls => {
  const { kind, apiKey } = connection;
  const retryPolicy = retryPolicyOf(options);
  const clock = options.clock ?? systemClock;
  const breaker = (options.breakers ?? sharedBreakers).forProvider(connection.providerId);
  const setup = clientOf(connection, options);
  const client = 'client' in setup ? setup.client : undefined;
  const setupError = 'setupError' in setup ? setup.setupError : undefined;
  const openScope = (context: AiCallContext): CallScope =>
    openCallScope(context, options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS, (error, state) =>
      toAiCallError(error, { apiKey, origin: setup.origin, ...state }),
    );
  return {
    kind,
    apiKey,
    breaker,
    client,
    setupError,
    openScope,
    withRetries: (scope, send) =>
      retrying(scope, retryPolicy, send, (error) =>
        error instanceof APIError ? retryAfterMsOf(error.headers) : undefined,
      ),
    async record(operation, model, context, usage) {
      await options.onUsage?.({
        providerId: connection.providerId,
        modelId: model.modelId,
        organizationId: context.organizationId,
        ...(context.sessionId !== undefined ? { sessionId: context.sessionId } : {}),
        operation,
        usage,
        at: clock.now().toISOString(),
      });
    },
    async run(context, body, { bypassBreaker = false } = {}) {
      if (setupError) throw setupError;
      return runInBreaker(
        breaker,
        () => openScope(context),
        (scope) => body(scope, client!),
        { bypassBreaker },
      );
    },
  };
};

/** A streamed chat: its deltas as they come, then the whole text and its usage. */
async function* chatWith(calls: Calls, request: ChatRequest, context: AiCallContext): AsyncGenerator<ChatEvent> {
  if (calls.setupError) throw calls.setupError;
  const ticket = calls.breaker.admit();
  const scope = calls.openScope(context);
  let settled = false;
  try {
    const stream = await calls.withRetries(scope, () =>
      calls.client!.chat.completions.create(
        {
          ...baseParams(calls.kind, request.model, request.messages),
          stream: true,
          stream_options: { include_usage: true },
        },
        requestOptions(scope),
      ),
    );
    let text = '';
    let usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
    // The timer runs while waiting for the next chunk, not while the consumer handles a delta.
    scope.arm();
    for await (const chunk of stream) {
      scope.disarm();
      if (chunk.usage) usage = usageOf(chunk.usage);
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        yield { type: 'delta', text: delta };
      }
      scope.arm();
    }
    // The SDK ends a stream quietly when it is aborted: only the signal tells a cut answer from a whole one.
    if (scope.signal.aborted) throw new Error('aborted');
    scope.disarm();
    settled = true;
    ticket.succeeded();
    await calls.record('chat', request.model, context, usage);
    yield { type: 'done', text, usage };
  } catch (error) {
    // Once settled, the answer was whole: what failed after it (recording the usage) is not the provider's.
    if (settled) throw error;
    const failure = error instanceof AiCallError ? error : scope.fail(error);
    settled = true;
    settle(ticket, failure);
    throw failure;
  } finally {
    // Reached early when the consumer stops iterating: the request must not go on streaming.
    if (!settled) ticket.released();
    scope.abort();
    scope.dispose();
  }
}

/** A structured answer, checked against its schema; a wrong one is repaired once by showing the model what is wrong. */
const structuredWith = async <T>(calls: Calls, request: StructuredRequest<T>, context: AiCallContext) => {
  const responseFormat = {
    type: 'json_schema' as const,
    json_schema: { name: request.schemaName, schema: responseSchemaOf(request.schema), strict: true },
  };
  let messages = [...request.messages];
  let total: AiUsage = { inputTokens: 0, outputTokens: 0 };
  let problems = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const completion = await calls.run(context, (scope, api) =>
      calls.withRetries(scope, () =>
        api.chat.completions.create(
          { ...baseParams(calls.kind, request.model, messages), response_format: responseFormat },
          requestOptions(scope),
        ),
      ),
    );
    const usage = usageOf(completion.usage);
    total = addUsage(total, usage);
    await calls.record('structured', request.model, context, usage);
    const message = completion.choices[0]?.message;
    const content = message?.content ?? '';
    const checked = message?.refusal
      ? { problems: `the model refused: ${message.refusal}` }
      : problemsOf(content, request.schema as z.ZodType);
    if (checked.problems === undefined) return { value: checked.value as T, usage: total };
    problems = checked.problems;
    // The one repair: the model sees its answer and what is wrong with it.
    messages = [
      ...messages,
      { role: 'assistant', content },
      {
        role: 'user',
        content: `Your answer does not match the required JSON schema "${request.schemaName}": ${problems}. Answer again with only the corrected JSON.`,
      },
    ];
  }
  throw new AiCallError(
    'invalid_output',
    `The model's answer did not match the expected shape, even after one repair: ${redact(problems, calls.apiKey)}`,
  );
};

export const createOpenAiAdapter = (connection: AiConnection, options: OpenAiAdapterOptions = {}): AiAdapter => {
  const kind = connection.kind;
  if (!(OPENAI_PROTOCOL_KINDS as readonly string[]).includes(kind)) {
    throw new AiCallError('not_supported', `The provider kind ${kind} does not speak Chat Completions.`);
  }
  const calls = callsOf(connection, options);
  const { run, withRetries } = calls;

  // OpenAI and Azure OpenAI speak the realtime protocol; other Chat Completions servers are not assumed to.
  const voice =
    kind === 'openai_compatible'
      ? {}
      : {
          voice: (request: VoiceSessionRequest, context: AiCallContext) =>
            createOpenAiRealtimeVoice(connection, request, context, { ...options, ...options.realtime }),
        };

  return {
    capabilities: kind === 'openai_compatible' ? ['chat', 'transcription'] : ['chat', 'realtime', 'transcription'],
    chat: (request: ChatRequest, context: AiCallContext) => chatWith(calls, request, context),
    ...voice,
    // `…/audio/transcriptions` on the client's base: Azure's client puts it under the deployment (the model id) with
    // the API version, as its chat calls.
    async transcribe(request: TranscribeRequest, context: AiCallContext) {
      const text = await run(context, (scope, api) =>
        withRetries(scope, () => transcribeWith(api, request, scope.signal)),
      );
      return transcriptionOf(request, text);
    },
    transcribeStream(request: TranscribeStreamRequest, context: AiCallContext) {
      return bufferedTranscription(request, (whole) =>
        run(context, (scope, api) =>
          withRetries(scope, () => transcribeWith(api, whole, scope.signal, request.onPartial)),
        ),
      );
    },
    structured: <T>(request: StructuredRequest<T>, context: AiCallContext) => structuredWith(calls, request, context),
    async test(context: AiCallContext) {
      const modelId = options.testModelId;
      await run(
        context,
        async (scope, api) => {
          scope.arm();
          if (modelId) {
            const completion = await api.chat.completions.create(
              { ...baseParams(kind, { modelId, maxOutputTokens: 1 }, [{ role: 'user', content: 'ping' }]) },
              requestOptions(scope),
            );
            await calls.record('chat', { modelId }, context, usageOf(completion.usage));
          } else {
            await api.models.list(requestOptions(scope));
          }
        },
        // A test must be able to show that a provider whose circuit is open is back.
        { bypassBreaker: true },
      );
    },
  };
};

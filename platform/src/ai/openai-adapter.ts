import {
  AiCallError,
  type AiAdapter,
  type AiCallContext,
  type AiCallErrorCode,
  type AiConnection,
  type AiMessage,
  type AiModelRef,
  type AiUsage,
  type AiUsageRecorder,
  type ChatEvent,
  type ChatRequest,
  type StructuredRequest,
} from '@ai-coaching/domain';
import OpenAI, { APIConnectionTimeoutError, APIError, AzureOpenAI, type ClientOptions } from 'openai';
import { z } from 'zod';
import { systemClock, type Clock } from '../clock/clock.js';
import { createCircuitBreakerRegistry, type CircuitBreakerRegistry, type CircuitTicket } from './circuit-breaker.js';
import { checkProviderUrl, createGuardedFetch, type GuardedFetch } from './outbound-guard.js';

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

export const DEFAULT_AI_CALL_TIMEOUT_MS = 30_000;
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Azure's current GA data-plane version, used when the provider names none. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

export type OpenAiAdapterOptions = {
  /** AI_ALLOW_PRIVATE_NETWORK; ignored when `fetch` is given (the fetch holds its own policy). */
  allowPrivateNetwork?: boolean;
  /** The guarded fetch (`createGuardedFetch`); by default one per policy, shared by the process. */
  fetch?: GuardedFetch;
  /** AI_CALL_TIMEOUT_MS: how long a request may wait for its answer, and a stream for its next chunk. */
  timeoutMs?: number;
  /** Retries of a 429 or 5xx answer. Default 2. */
  maxRetries?: number;
  /** First backoff, doubled at each retry (with jitter) when the provider sends no Retry-After. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** The longest wait before a retry; a longer Retry-After ends the call with 'rate_limited'. Default 10 s. */
  maxRetryDelayMs?: number;
  /** The process's breakers; by default one registry shared by the process. */
  breakers?: CircuitBreakerRegistry;
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

const sharedBreakers = createCircuitBreakerRegistry();
const sharedFetches = new Map<boolean, GuardedFetch>();
const sharedFetch = (allowPrivateNetwork: boolean) => {
  let fetch = sharedFetches.get(allowPrivateNetwork);
  if (!fetch) {
    fetch = createGuardedFetch({ allowPrivateNetwork });
    sharedFetches.set(allowPrivateNetwork, fetch);
  }
  return fetch;
};

// ---- errors -------------------------------------------------------------------------------------------------------

const NETWORK_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
  'EHOSTDOWN',
]);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);
const isTlsCode = (code: string) =>
  TLS_CODES.has(code) || code.startsWith('CERT_') || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_');

/** The error and its causes (`cause`, and the members of an AggregateError), outermost first. */
const causeChain = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && chain.length < 20) {
    const next = queue.shift();
    if (next === undefined || next === null || chain.includes(next)) continue;
    chain.push(next);
    if (typeof next === 'object') {
      if ('cause' in next) queue.push(next.cause);
      if (next instanceof AggregateError) queue.push(...(next.errors as unknown[]));
    }
  }
  return chain;
};

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/** A provider's own text without the key, or anything that looks like one (OpenAI quotes part of a wrong key). */
const redact = (text: string, apiKey: string | undefined): string => {
  let clean = text;
  if (apiKey && apiKey.length >= 4) clean = clean.split(apiKey).join('[key]');
  return clean.replace(/\b(?:sk|key|api[_-]?key)[-_][A-Za-z0-9_*.-]{4,}/gi, '[key]').slice(0, 300);
};

const retryAfterMsOf = (headers: Headers | undefined): number | undefined => {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
};

export type ErrorContext = {
  apiKey?: string;
  /** Where the provider is, for messages: an origin, never a path or query. */
  origin: string;
  /** The caller's signal aborted. */
  cancelled?: boolean;
  /** Our own timer fired. */
  timedOut?: boolean;
  timeoutMs?: number;
};

const apiErrorCode = (error: APIError): string => {
  const body = error.error as { code?: unknown; type?: unknown } | undefined;
  return String(error.code ?? body?.code ?? body?.type ?? '');
};

/** What went wrong, in the terms of AiCallError (a person can act on the code; the message never holds the key). */
export const toAiCallError = (error: unknown, context: ErrorContext): AiCallError => {
  const chain = causeChain(error);
  const own = chain.find((link): link is AiCallError => link instanceof AiCallError);
  if (own) return own;
  if (context.cancelled) return new AiCallError('cancelled', 'The call was cancelled.');
  const seconds = Math.round((context.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS) / 100) / 10;
  const timeout = () =>
    new AiCallError('timeout', `The provider at ${context.origin} did not answer within ${seconds} s.`);
  if (context.timedOut || error instanceof APIConnectionTimeoutError) return timeout();

  if (error instanceof APIError && error.status !== undefined) {
    const status = error.status;
    const code = apiErrorCode(error);
    const providerText = redact(
      typeof (error.error as { message?: unknown } | undefined)?.message === 'string'
        ? (error.error as { message: string }).message
        : error.message,
      context.apiKey,
    );
    if (status === 401 || status === 403) {
      return new AiCallError(
        'wrong_key',
        `The provider refused the service key (${status}). Check that the key is right and still active.`,
        { status },
      );
    }
    const modelMissing =
      /model_not_found|deploymentnotfound|deployment_not_found/i.test(code) ||
      ((status === 404 || status === 400) &&
        /(model|deployment)/i.test(providerText) &&
        /(not found|does not exist|not exist)/i.test(providerText));
    if (modelMissing) {
      return new AiCallError(
        'unknown_model',
        `The provider does not know this model or deployment (${status}): ${providerText}`,
        { status },
      );
    }
    if (status === 429) {
      const retryAfterMs = retryAfterMsOf(error.headers);
      return new AiCallError(
        'rate_limited',
        'The provider is limiting the rate of calls (429). Wait a moment, or raise the limits of the account.',
        { status, ...(retryAfterMs !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : {}) },
      );
    }
    if (status === 404) {
      return new AiCallError(
        'provider_error',
        `The provider answered 404 at ${context.origin}: check the base URL. ${providerText}`,
        { status },
      );
    }
    return new AiCallError('provider_error', `The provider answered ${status}: ${providerText}`, { status });
  }
  if (error instanceof APIError && error.status === undefined && error.error) {
    // An error event inside a stream.
    return new AiCallError(
      'provider_error',
      `The provider reported an error: ${redact(error.message, context.apiKey)}`,
    );
  }

  for (const link of chain) {
    const code = codeOf(link);
    if (!code) continue;
    if (NETWORK_UNREACHABLE.has(code)) {
      return new AiCallError(
        'unreachable',
        `The provider at ${context.origin} could not be reached (${code}). Check the address and that the server is running.`,
      );
    }
    if (isTlsCode(code)) {
      return new AiCallError(
        'tls_error',
        `The secure connection to ${context.origin} failed (${code}): its certificate is not trusted or not valid for that name.`,
      );
    }
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') return timeout();
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
      return new AiCallError(
        'provider_error',
        `The provider at ${context.origin} closed the connection before the answer was complete.`,
      );
    }
  }
  if (chain.some((link) => link instanceof Error && /^terminated$/i.test(link.message))) {
    return new AiCallError(
      'provider_error',
      `The provider at ${context.origin} closed the connection before the answer was complete.`,
    );
  }
  return new AiCallError('provider_error', `The call to the provider at ${context.origin} failed.`);
};

/** Whether a failed call says the provider is down (and counts towards opening its circuit). */
const isOutage = (error: AiCallError) =>
  error.code === 'timeout' ||
  error.code === 'unreachable' ||
  (error.code === 'provider_error' && (error.details.status === undefined || error.details.status >= 500));

/** Outcomes that say nothing about the provider: the call never reached it, or the caller left. */
const NEUTRAL: ReadonlySet<AiCallErrorCode> = new Set(['cancelled', 'address_refused', 'tls_error', 'circuit_open']);

const settle = (ticket: CircuitTicket, error: AiCallError) => {
  if (isOutage(error)) ticket.failed();
  else if (NEUTRAL.has(error.code)) ticket.released();
  else ticket.succeeded();
};

const isRetryable = (error: AiCallError) =>
  error.code === 'rate_limited' ||
  (error.code === 'provider_error' && error.details.status !== undefined && error.details.status >= 500);

// ---- one call -----------------------------------------------------------------------------------------------------

/** The life of one call: its abort controller, tied to the caller's signal and to our timer. */
type CallScope = {
  readonly signal: AbortSignal;
  /** (Re)starts the timer: before each request, and at each chunk of a stream. */
  arm(): void;
  disarm(): void;
  fail(error: unknown): AiCallError;
  abort(): void;
  dispose(): void;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

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

export const createOpenAiAdapter = (connection: AiConnection, options: OpenAiAdapterOptions = {}): AiAdapter => {
  const kind = connection.kind;
  if (!(OPENAI_PROTOCOL_KINDS as readonly string[]).includes(kind)) {
    throw new AiCallError('not_supported', `The provider kind ${kind} does not speak Chat Completions.`);
  }
  const apiKey = connection.apiKey;
  const policy = { allowPrivateNetwork: options.allowPrivateNetwork ?? false };
  const maxRetries = options.maxRetries ?? 2;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
  const clock = options.clock ?? systemClock;
  const breaker = (options.breakers ?? sharedBreakers).forProvider(connection.providerId);

  // A setup problem (no key, a refused URL) is the answer of every call, so the connection test names it.
  let setupError: AiCallError | undefined;
  let origin = new URL(OPENAI_BASE_URL).origin;
  let client: OpenAI | undefined;
  try {
    const baseUrl = kind === 'openai' ? (connection.baseUrl ?? OPENAI_BASE_URL) : connection.baseUrl;
    if (!baseUrl) throw new AiCallError('address_refused', `A provider of kind ${kind} needs a base URL.`);
    const url = checkProviderUrl(baseUrl, policy);
    origin = url.origin;
    // Local servers (Ollama) take any key; the hosted kinds cannot work without one.
    if (!apiKey && kind !== 'openai_compatible') {
      throw new AiCallError('wrong_key', 'No service key is set for this provider: add one.');
    }
    const key = apiKey || 'no-key';
    const common: Omit<ClientOptions, 'provider' | 'apiKey'> = {
      fetch: (options.fetch ?? sharedFetch(policy.allowPrivateNetwork)) as unknown as ClientOptions['fetch'],
      maxRetries: 0,
      timeout: options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS,
      // Set explicitly so that OPENAI_* variables of the server's environment never leak into a provider.
      organization: null,
      project: null,
      webhookSecret: null,
      logLevel: 'off',
    };
    client =
      kind === 'openai_azure'
        ? new AzureOpenAI({
            ...common,
            apiKey: key,
            baseURL: `${url.href.replace(/\/+$/, '')}/openai`,
            apiVersion: connection.apiVersion || DEFAULT_AZURE_API_VERSION,
          })
        : new OpenAI({ ...common, apiKey: key, baseURL: url.href.replace(/\/+$/, '') });
  } catch (error) {
    setupError =
      error instanceof AiCallError ? error : new AiCallError('address_refused', 'The provider settings are not valid.');
  }

  const openScope = (context: AiCallContext): CallScope => {
    const timeoutMs = context.timeoutMs ?? options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const cancel = () => controller.abort();
    context.signal?.addEventListener('abort', cancel, { once: true });
    if (context.signal?.aborted) controller.abort();
    const disarm = () => clearTimeout(timer);
    return {
      signal: controller.signal,
      arm() {
        disarm();
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
      },
      disarm,
      fail: (error) =>
        toAiCallError(error, {
          apiKey,
          origin,
          timeoutMs,
          timedOut,
          cancelled: context.signal?.aborted === true && !timedOut,
        }),
      abort: () => controller.abort(),
      dispose() {
        disarm();
        context.signal?.removeEventListener('abort', cancel);
      },
    };
  };

  /** Sends a request, again after a 429 or 5xx while retries remain and the wait is bounded. */
  const withRetries = async <T>(scope: CallScope, send: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      scope.arm();
      try {
        return await send();
      } catch (error) {
        const failure = scope.fail(error);
        if (!isRetryable(failure) || attempt >= maxRetries) throw failure;
        const asked = error instanceof APIError ? retryAfterMsOf(error.headers) : undefined;
        const delay = asked ?? retryBaseDelayMs * 2 ** attempt * (1 - Math.random() * 0.25);
        if (delay > maxRetryDelayMs) throw failure;
        scope.disarm();
        await sleep(delay, scope.signal);
        if (scope.signal.aborted) throw scope.fail(new Error('aborted during the retry wait'));
      }
    }
  };

  const record = async (
    operation: 'chat' | 'structured',
    model: AiModelRef,
    context: AiCallContext,
    usage: AiUsage,
  ) => {
    await options.onUsage?.({
      providerId: connection.providerId,
      modelId: model.modelId,
      organizationId: context.organizationId,
      ...(context.sessionId !== undefined ? { sessionId: context.sessionId } : {}),
      operation,
      usage,
      at: clock.now().toISOString(),
    });
  };

  const requestOptions = (scope: CallScope) => ({ signal: scope.signal, maxRetries: 0 });

  const tokenLimit = (model: AiModelRef) =>
    model.maxOutputTokens === undefined
      ? {}
      : // Local servers know max_tokens; OpenAI's newer models accept only max_completion_tokens.
        kind === 'openai_compatible'
        ? { max_tokens: model.maxOutputTokens }
        : { max_completion_tokens: model.maxOutputTokens };

  const baseParams = (model: AiModelRef, messages: readonly AiMessage[]) => ({
    model: model.modelId,
    messages: messages.map((message) => ({ role: message.role, content: message.content })),
    ...(model.temperature !== undefined ? { temperature: model.temperature } : {}),
    ...tokenLimit(model),
  });

  /** Runs a non-streaming call inside the breaker and a scope. */
  const run = async <T>(
    context: AiCallContext,
    body: (scope: CallScope, api: OpenAI) => Promise<T>,
    { bypassBreaker = false } = {},
  ): Promise<T> => {
    if (setupError) throw setupError;
    const ticket = bypassBreaker ? breaker.force() : breaker.admit();
    const scope = openScope(context);
    try {
      const result = await body(scope, client!);
      ticket.succeeded();
      return result;
    } catch (error) {
      const failure = scope.fail(error);
      settle(ticket, failure);
      throw failure;
    } finally {
      scope.dispose();
    }
  };

  async function* chat(request: ChatRequest, context: AiCallContext): AsyncGenerator<ChatEvent> {
    if (setupError) throw setupError;
    const ticket = breaker.admit();
    const scope = openScope(context);
    let settled = false;
    try {
      const stream = await withRetries(scope, () =>
        client!.chat.completions.create(
          {
            ...baseParams(request.model, request.messages),
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
      await record('chat', request.model, context, usage);
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

  return {
    capabilities: ['chat'],
    chat,
    async structured<T>(request: StructuredRequest<T>, context: AiCallContext) {
      const responseFormat = {
        type: 'json_schema' as const,
        json_schema: { name: request.schemaName, schema: responseSchemaOf(request.schema), strict: true },
      };
      let messages = [...request.messages];
      let total: AiUsage = { inputTokens: 0, outputTokens: 0 };
      let problems = '';
      for (let attempt = 0; attempt < 2; attempt++) {
        const completion = await run(context, (scope, api) =>
          withRetries(scope, () =>
            api.chat.completions.create(
              { ...baseParams(request.model, messages), response_format: responseFormat },
              requestOptions(scope),
            ),
          ),
        );
        const usage = usageOf(completion.usage);
        total = addUsage(total, usage);
        await record('structured', request.model, context, usage);
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
        `The model's answer did not match the expected shape, even after one repair: ${redact(problems, apiKey)}`,
      );
    },
    async test(context: AiCallContext) {
      const modelId = options.testModelId;
      await run(
        context,
        async (scope, api) => {
          scope.arm();
          if (modelId) {
            const completion = await api.chat.completions.create(
              { ...baseParams({ modelId, maxOutputTokens: 1 }, [{ role: 'user', content: 'ping' }]) },
              requestOptions(scope),
            );
            await record('chat', { modelId }, context, usageOf(completion.usage));
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

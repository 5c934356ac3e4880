import {
  AiCallError,
  type AiCallContext,
  type AiCallErrorCode,
  type AiConnection,
  type AiUsage,
  type SessionLanguage,
  SESSION_LANGUAGES,
} from '@ai-coaching/domain';
import {
  createCircuitBreakerRegistry,
  type CircuitBreaker,
  type CircuitBreakerRegistry,
  type CircuitTicket,
} from './circuit-breaker.js';
import { checkProviderUrl, createGuardedFetch, type GuardedFetch } from './outbound-guard.js';

/**
 * What every provider adapter does around a call, whatever its SDK or protocol: the timeout, retries
 * of 429 and 5xx with backoff that respects Retry-After, the provider's circuit breaker, and errors a
 * person can act on that never hold the key. The Chat Completions adapter and the speech adapters
 * share it, so a provider behaves the same whichever of them speaks to it.
 */

export const DEFAULT_AI_CALL_TIMEOUT_MS = 30_000;

/** What every adapter takes from the deployment (and tests narrow). */
export type ProviderCallOptions = {
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
};

export const sharedBreakers = createCircuitBreakerRegistry();
const sharedFetches = new Map<boolean, GuardedFetch>();
/** One guarded fetch per policy for the whole process, so connections are pooled across adapters. */
export const sharedFetch = (allowPrivateNetwork: boolean): GuardedFetch => {
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
export const causeChain = (error: unknown): unknown[] => {
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
export const redact = (text: string, apiKey: string | undefined): string => {
  let clean = text;
  if (apiKey && apiKey.length >= 4) clean = clean.split(apiKey).join('[key]');
  return clean.replace(/\b(?:sk|key|api[_-]?key)[-_][A-Za-z0-9_*.-]{4,}/gi, '[key]').slice(0, 300);
};

export const retryAfterMsOf = (headers: Headers | undefined): number | undefined => {
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

const timeoutError = (context: ErrorContext) => {
  const seconds = Math.round((context.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS) / 100) / 10;
  return new AiCallError('timeout', `The provider at ${context.origin} did not answer within ${seconds} s.`);
};

/**
 * What a call that failed before any answer was read says first: our own AiCallError (the outbound
 * guard's refusal), the caller's cancellation, our timer or the SDK's own timeout.
 */
export const earlyCallError = (error: unknown, context: ErrorContext, sdkTimedOut = false): AiCallError | undefined => {
  const own = causeChain(error).find((link): link is AiCallError => link instanceof AiCallError);
  if (own) return own;
  if (context.cancelled) return new AiCallError('cancelled', 'The call was cancelled.');
  if (context.timedOut || sdkTimedOut) return timeoutError(context);
  return undefined;
};

/** An error answer of the provider: its HTTP status, its own text and error code, its headers. */
export type ProviderAnswer = { status: number; text: string; code?: string; headers?: Headers };

/** What an error answer means, in the terms of AiCallError. */
export const answerError = (answer: ProviderAnswer, context: ErrorContext): AiCallError => {
  const { status } = answer;
  const code = answer.code ?? '';
  const providerText = redact(answer.text, context.apiKey);
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
    const retryAfterMs = retryAfterMsOf(answer.headers);
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
};

/** A failure of the connection itself (no answer, or a cut one). */
export const transportError = (error: unknown, context: ErrorContext): AiCallError => {
  const chain = causeChain(error);
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
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') return timeoutError(context);
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

/** Tells the breaker what a failed call says about its provider. */
export const settle = (ticket: CircuitTicket, error: AiCallError) => {
  if (isOutage(error)) ticket.failed();
  else if (NEUTRAL.has(error.code)) ticket.released();
  else ticket.succeeded();
};

/** What a failed call answers its caller, once the breaker has been told what the failure says. */
const failedCall = (scope: CallScope, ticket: CircuitTicket, error: unknown): AiCallError => {
  const failure = scope.fail(error);
  settle(ticket, failure);
  return failure;
};

export const isRetryable = (error: AiCallError) =>
  error.code === 'rate_limited' ||
  (error.code === 'provider_error' && error.details.status !== undefined && error.details.status >= 500);

// ---- one call -----------------------------------------------------------------------------------------------------

/** The life of one call: its abort controller, tied to the caller's signal and to our timer. */
export type CallScope = {
  readonly signal: AbortSignal;
  /** (Re)starts the timer: before each request, and at each chunk of a stream. */
  arm(): void;
  disarm(): void;
  fail(error: unknown): AiCallError;
  abort(): void;
  dispose(): void;
};

export const sleep = (ms: number, signal: AbortSignal) =>
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

/**
 * Opens the scope of one call. `classify` turns what was thrown into an AiCallError, told whether
 * our timer fired or the caller cancelled.
 */
export const openCallScope = (
  context: AiCallContext,
  defaultTimeoutMs: number,
  classify: (error: unknown, state: { timedOut: boolean; cancelled: boolean; timeoutMs: number }) => AiCallError,
): CallScope => {
  const timeoutMs = context.timeoutMs ?? defaultTimeoutMs;
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
    fail: (error) => classify(error, { timedOut, timeoutMs, cancelled: context.signal?.aborted === true && !timedOut }),
    abort: () => controller.abort(),
    dispose() {
      disarm();
      context.signal?.removeEventListener('abort', cancel);
    },
  };
};

export type RetryPolicy = { maxRetries: number; retryBaseDelayMs: number; maxRetryDelayMs: number };

export const retryPolicyOf = (options: ProviderCallOptions): RetryPolicy => ({
  maxRetries: options.maxRetries ?? 2,
  retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
  maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000,
});

/**
 * Sends a request, again after a 429 or 5xx while retries remain and the wait is bounded. Our
 * retries rather than an SDK's: its wait honours any Retry-After, however long, and cannot be
 * cancelled, while a learner waiting on a turn needs both bounded.
 */
export const withRetries = async <T>(
  scope: CallScope,
  policy: RetryPolicy,
  send: () => Promise<T>,
  retryAfterOf: (error: unknown) => number | undefined,
): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    scope.arm();
    try {
      return await send();
    } catch (error) {
      const failure = scope.fail(error);
      if (!isRetryable(failure) || attempt >= policy.maxRetries) throw failure;
      const asked = retryAfterOf(error);
      const delay = asked ?? policy.retryBaseDelayMs * 2 ** attempt * (1 - Math.random() * 0.25);
      if (delay > policy.maxRetryDelayMs) throw failure;
      scope.disarm();
      await sleep(delay, scope.signal);
      if (scope.signal.aborted) throw scope.fail(new Error('aborted during the retry wait'));
    }
  }
};

/** Runs a non-streaming call inside the provider's breaker and a scope of its own. */
export const runInBreaker = async <T>(
  breaker: CircuitBreaker,
  openScope: () => CallScope,
  body: (scope: CallScope) => Promise<T>,
  { bypassBreaker = false } = {},
): Promise<T> => {
  const ticket = bypassBreaker ? breaker.force() : breaker.admit();
  const scope = openScope();
  try {
    const result = await body(scope);
    ticket.succeeded();
    return result;
  } catch (error) {
    throw failedCall(scope, ticket, error);
  } finally {
    scope.dispose();
  }
};

// ---- a plain HTTP provider ----------------------------------------------------------------------------------------

/** An error answer read from a fetch Response, kept as the error a call throws (and retries on). */
export class ProviderAnswerError extends Error {
  constructor(readonly answer: ProviderAnswer) {
    super(`The provider answered ${answer.status}.`);
    this.name = 'ProviderAnswerError';
  }
}

/** Reads an error answer's text and code (JSON `{error: {message, code}}`, `{detail: {message, status}}`, or text). */
export const providerAnswerOf = async (response: Response): Promise<ProviderAnswer> => {
  const raw = await response.text().catch(() => '');
  let text = raw;
  let code: string | undefined;
  try {
    const body = JSON.parse(raw) as Record<string, unknown>;
    const inner = (body.error ?? body.detail ?? body) as Record<string, unknown> | string;
    if (typeof inner === 'string') text = inner;
    else {
      text = typeof inner.message === 'string' ? inner.message : raw;
      const found = inner.code ?? inner.status ?? inner.type;
      if (typeof found === 'string') code = found;
    }
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: response.status, text, ...(code ? { code } : {}), headers: response.headers };
};

/**
 * A caller of one provider over HTTP: each call runs in the breaker with a timeout and retries, and
 * fails with an AiCallError. `send` gets the abort signal and answers what the adapter needs; an
 * SDK's own errors are read by `answerOf` (its status, text and headers) when the SDK is not fetch.
 */
export type ProviderCaller = {
  readonly fetch: GuardedFetch;
  readonly origin: string;
  call<T>(
    context: AiCallContext,
    send: (signal: AbortSignal) => Promise<T>,
    options?: { bypassBreaker?: boolean },
  ): Promise<T>;
  /**
   * A streamed call: `open` is retried as `call` is until it answers, then the timeout restarts at each item (it
   * bounds the wait for the next chunk, not the whole stream). Stopping the iteration aborts the request and
   * says nothing to the breaker.
   */
  stream<T>(context: AiCallContext, open: (signal: AbortSignal) => Promise<AsyncIterable<T>>): AsyncGenerator<T>;
  /**
   * A call fed while it runs (streaming recognition): admitted by the breaker at once, its signal aborted by the
   * caller's; the timer runs only from `finish`, which awaits the answer. Never retried: what was sent cannot be
   * sent again. A call abandoned (its signal aborted before `finish`) says nothing to the breaker.
   */
  live(context: AiCallContext): LiveCall;
};

export type LiveCall = {
  readonly signal: AbortSignal;
  finish<T>(answer: Promise<T>): Promise<T>;
};

export const createProviderCaller = (
  connection: AiConnection,
  origin: string,
  options: ProviderCallOptions,
  answerOf: (error: unknown) => ProviderAnswer | undefined = (error) =>
    error instanceof ProviderAnswerError ? error.answer : undefined,
): ProviderCaller => {
  const fetch = options.fetch ?? sharedFetch(options.allowPrivateNetwork ?? false);
  const breaker = (options.breakers ?? sharedBreakers).forProvider(connection.providerId);
  const policy = retryPolicyOf(options);
  const classify = (error: unknown, state: { timedOut: boolean; cancelled: boolean; timeoutMs: number }) => {
    const context: ErrorContext = { origin, ...state, ...(connection.apiKey ? { apiKey: connection.apiKey } : {}) };
    const early = earlyCallError(error, context);
    if (early) return early;
    const answer = causeChain(error)
      .map(answerOf)
      .find((found) => found !== undefined);
    return answer ? answerError(answer, context) : transportError(error, context);
  };
  const retryAfterOf = (error: unknown) => {
    const answer = causeChain(error)
      .map(answerOf)
      .find((found) => found !== undefined);
    return retryAfterMsOf(answer?.headers);
  };
  const openScope = (context: AiCallContext) =>
    openCallScope(context, options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS, classify);
  return {
    fetch,
    origin,
    call: (context, send, { bypassBreaker = false } = {}) =>
      runInBreaker(
        breaker,
        () => openScope(context),
        (scope) => withRetries(scope, policy, () => send(scope.signal), retryAfterOf),
        { bypassBreaker },
      ),
    async *stream(context, open) {
      const ticket = breaker.admit();
      const scope = openScope(context);
      let settled = false;
      try {
        const source = await withRetries(scope, policy, () => open(scope.signal), retryAfterOf);
        scope.arm();
        for await (const item of source) {
          scope.disarm();
          yield item;
          scope.arm();
        }
        // Some SDKs end an aborted body quietly: only the signal tells a cut answer from a whole one.
        if (scope.signal.aborted) throw new Error('aborted');
        settled = true;
        ticket.succeeded();
      } catch (error) {
        if (settled) throw error;
        const failure = failedCall(scope, ticket, error);
        settled = true;
        throw failure;
      } finally {
        if (!settled) ticket.released();
        scope.abort();
        scope.dispose();
      }
    },
    live(context) {
      const ticket = breaker.admit();
      const scope = openScope(context);
      const abandoned = () => {
        ticket.released();
        scope.dispose();
      };
      scope.signal.addEventListener('abort', abandoned, { once: true });
      return {
        signal: scope.signal,
        async finish(answer) {
          scope.signal.removeEventListener('abort', abandoned);
          scope.arm();
          try {
            const result = await answer;
            if (scope.signal.aborted) throw new Error('aborted');
            ticket.succeeded();
            return result;
          } catch (error) {
            throw failedCall(scope, ticket, error);
          } finally {
            scope.abort();
            scope.dispose();
          }
        },
      };
    },
  };
};

/** A fetch whose error answers are thrown (as ProviderAnswerError), so the caller retries and names them. */
export const checkedFetch = async (fetch: GuardedFetch, url: string, init: RequestInit): Promise<Response> => {
  const response = await fetch(url, init);
  if (!response.ok) throw new ProviderAnswerError(await providerAnswerOf(response));
  return response;
};

// ---- speech -------------------------------------------------------------------------------------------------------

/** About 150 words a minute of 6 characters with the space: what text becomes as speech, for usage. */
const SPOKEN_CHARACTERS_PER_SECOND = 15;

/** The usage of a speech answer: its seconds estimated from the text, tenths of a second. */
export const speechUsageOf = (text: string): AiUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  audioSeconds: Math.max(0.1, Math.round((text.trim().length / SPOKEN_CHARACTERS_PER_SECOND) * 10) / 10),
});

/** The session languages among these locales (`en-GB`, `fr_fr`…), in the catalogue's order, each once. */
export const sessionLanguagesOf = (locales: readonly (string | undefined)[]): SessionLanguage[] => {
  const wanted = new Set(locales.flatMap((locale) => (locale ? [locale.replace('_', '-').toLowerCase()] : [])));
  return SESSION_LANGUAGES.filter((language) => wanted.has(language.toLowerCase()));
};

/** For the adapters that only speak: the chat and structured calls are not theirs. */
export const notChat = (kind: string) => ({
  // eslint-disable-next-line require-yield
  async *chat(): AsyncGenerator<never> {
    throw new AiCallError('not_supported', `A provider of kind ${kind} cannot chat.`);
  },
  structured: (): Promise<never> =>
    Promise.reject(new AiCallError('not_supported', `A provider of kind ${kind} cannot answer structured requests.`)),
});

/**
 * The address and key of a provider, checked once when its adapter is made: a problem (no key, a
 * refused URL) is then the answer of every call, so the connection test names it.
 */
export const providerSetup = (
  connection: AiConnection,
  baseUrl: string | undefined,
  options: ProviderCallOptions,
): { url?: URL; origin: string; setupError?: AiCallError } => {
  try {
    if (!baseUrl) throw new AiCallError('address_refused', `A provider of kind ${connection.kind} needs its address.`);
    const url = checkProviderUrl(baseUrl, { allowPrivateNetwork: options.allowPrivateNetwork ?? false });
    if (!connection.apiKey) throw new AiCallError('no_key', 'No service key is set for this provider: add one.');
    return { url, origin: url.origin };
  } catch (error) {
    const setupError =
      error instanceof AiCallError ? error : new AiCallError('address_refused', 'The provider settings are not valid.');
    return { origin: URL.canParse(baseUrl ?? '') ? new URL(baseUrl!).origin : 'its address', setupError };
  }
};

/** The URL without a trailing slash, to append paths to. */
export const trimmedHref = (url: URL) => url.href.replace(/\/+$/, '');

import { errorBodyOf, errorText, type ErrorBody, type ErrorCode, type MessageLocale } from '@ai-coaching/contracts';
import { DomainError } from '@ai-coaching/domain';
import { AuthenticationError } from '@ai-coaching/application';
import { isStoreUnavailableError, pgErrorCode, RateLimitedError, SsoError } from '@ai-coaching/platform';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { ApiError } from './api-error.js';
import type { ApiState } from './context.js';
import { tooManyAttempts } from './rate-limit.js';
import { requestLocale } from './request-locale.js';

/** Codes of errors raised by Koa, the router and the body parser; their messages are in the catalogue. */
const HTTP_ERRORS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  501: 'not_implemented',
};

/** The answer to an error status that carries nothing else, in the caller's language. */
const httpError = (status: number, locale: MessageLocale): ErrorBody => {
  const code = HTTP_ERRORS[status] ?? 'http_error';
  return { code, message: errorText(locale, code) };
};

/**
 * Text PostgreSQL cannot store: a NUL character (22021) or an unpaired surrogate that breaks
 * UTF-8 (22P05, `\u0000` in jsonb). The input schemas refuse them first; this is the backstop.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
};

/**
 * The one place errors become HTTP answers, all shaped `{code, message, details?}`, every message
 * in the caller's language (`Accept-Language`, en-GB by default; docs/adr/0013): thrown errors by
 * their code and English text, zod issues already by the parse's error map. Unknown errors are
 * logged with the request id and answered with a generic 500 that gives the id, so nothing
 * internal leaks and support can still find the log line.
 */
export const errorHandler = (): Middleware<ApiState> => async (ctx, next) => {
  let status: number;
  let body: ErrorBody;
  const locale = requestLocale(ctx);
  try {
    await next();
    // An error status without a body: unmatched paths (404) and the router's 405/501.
    if (ctx.status < 400 || (ctx.body !== undefined && ctx.body !== null)) return;
    status = ctx.status;
    body = httpError(status, locale);
  } catch (thrown) {
    // The platform's rate limiter knows nothing of HTTP; its refusal becomes a 429 with Retry-After here.
    const error = thrown instanceof RateLimitedError ? tooManyAttempts(thrown) : thrown;
    if (
      // Sign-in refusals of the platform and the use cases carry the status they stand for, as the others do.
      error instanceof SsoError ||
      error instanceof AuthenticationError ||
      error instanceof DomainError ||
      error instanceof ApiError
    ) {
      status = error.status;
      if (error instanceof ApiError && error.headers) ctx.set(error.headers);
      body = errorBodyOf(error, locale);
    } else if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
      status = 400;
      body = { code: 'invalid_text', message: errorText(locale, 'invalid_text') };
    } else if (error instanceof ZodError) {
      status = 400;
      body = errorBodyOf(error, locale);
    } else if (isStoreUnavailableError(error)) {
      // PostgreSQL or Redis restarting or failing over: nothing was applied (or the key's retry replays it), so the
      // client may send it again in a moment.
      status = 503;
      ctx.set('Retry-After', '1');
      ctx.state.log.warn({ err: error }, 'a store is unavailable');
      body = { code: 'store_unavailable', message: errorText(locale, 'store_unavailable') };
    } else {
      const known = statusOf(error);
      if (known !== undefined && known < 500) {
        status = known;
        const isJsonSyntax = known === 400 && error instanceof SyntaxError;
        body = isJsonSyntax
          ? { code: 'invalid_json', message: errorText(locale, 'invalid_json') }
          : httpError(known, locale);
      } else {
        status = known === 503 ? 503 : 500;
        ctx.state.log.error({ err: error }, 'unhandled error');
        const code = status === 503 ? 'service_unavailable' : 'internal_error';
        body = { code, message: errorText(locale, code, { request_id: ctx.state.requestId }) };
      }
    }
  }
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.set('Content-Language', locale);
  ctx.body = body;
};

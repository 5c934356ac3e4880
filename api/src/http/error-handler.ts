import { snakeCase, type ErrorBody, type ErrorDetails } from '@ai-coaching/contracts';
import { DomainError } from '@ai-coaching/domain';
import { AuthenticationError } from '@ai-coaching/application';
import { pgErrorCode, RateLimitedError, SsoError } from '@ai-coaching/platform';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { ApiError } from './api-error.js';
import type { ApiState } from './context.js';
import { tooManyAttempts } from './rate-limit.js';

/** Codes and messages for errors raised by Koa, the router and the body parser. */
const HTTP_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be understood. Check its syntax and try again.' },
  401: { code: 'unauthorized', message: 'Sign in to continue.' },
  403: { code: 'forbidden', message: 'You do not have permission to do this.' },
  404: { code: 'not_found', message: 'Nothing exists at this address.' },
  405: { code: 'method_not_allowed', message: 'This address does not accept this method.' },
  406: { code: 'not_acceptable', message: 'This address cannot answer in the format you asked for.' },
  408: { code: 'request_timeout', message: 'The request took too long to arrive. Try again.' },
  413: { code: 'payload_too_large', message: 'The request body is larger than this address accepts.' },
  415: {
    code: 'unsupported_media_type',
    message: 'Send the body as application/json (or as a form where the endpoint says so).',
  },
  429: { code: 'too_many_requests', message: 'Too many requests. Wait a moment and try again.' },
  501: { code: 'not_implemented', message: 'This method is not supported here.' },
};

/**
 * Field errors have one shape whichever layer raised them: `details.issues: [{path, message}]`
 * with the request field in snake_case. A domain or API error naming its `field` becomes one issue.
 */
const unifiedDetails = (error: DomainError | ApiError): ErrorDetails | undefined => {
  if (!error.details) return undefined;
  const { field, ...rest } = error.details;
  if (typeof field !== 'string') return error.details;
  return { ...rest, issues: [{ path: snakeCase(field), message: error.message }] };
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
 * The one place errors become HTTP answers, all shaped `{code, message, details?}`. Unknown
 * errors are logged with the request id and answered with a generic 500 that gives the id, so
 * nothing internal leaks and support can still find the log line.
 */
export const errorHandler = (): Middleware<ApiState> => async (ctx, next) => {
  let status: number;
  let body: ErrorBody;
  try {
    await next();
    // An error status without a body: unmatched paths (404) and the router's 405/501.
    if (ctx.status < 400 || (ctx.body !== undefined && ctx.body !== null)) return;
    status = ctx.status;
    body = { ...(HTTP_ERRORS[status] ?? { code: 'http_error', message: 'The request was refused.' }) };
  } catch (thrown) {
    // The platform's rate limiter knows nothing of HTTP; its refusal becomes a 429 with Retry-After here.
    const error = thrown instanceof RateLimitedError ? tooManyAttempts(thrown) : thrown;
    if (error instanceof SsoError || error instanceof AuthenticationError) {
      // Sign-in refusals of the platform and the use cases: they carry the status they stand for.
      status = error.status;
      body = { code: error.code, message: error.message };
    } else if (error instanceof DomainError || error instanceof ApiError) {
      status = error.status;
      if (error instanceof ApiError && error.headers) ctx.set(error.headers);
      const details = unifiedDetails(error);
      body = { code: error.code, message: error.message, ...(details ? { details } : {}) };
    } else if (UNSTORABLE_TEXT.has(pgErrorCode(error) ?? '')) {
      status = 400;
      body = {
        code: 'invalid_text',
        message:
          'The request holds characters that cannot be stored (a NUL character or a broken Unicode sequence). Remove them and try again.',
      };
    } else if (error instanceof ZodError) {
      status = 400;
      body = {
        code: 'invalid_request',
        message: 'Some fields are missing or invalid. Correct them and try again.',
        details: { issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) },
      };
    } else {
      const known = statusOf(error);
      if (known !== undefined && known < 500) {
        status = known;
        const isJsonSyntax = known === 400 && error instanceof SyntaxError;
        body = isJsonSyntax
          ? { code: 'invalid_json', message: 'The request body is not valid JSON.' }
          : { ...(HTTP_ERRORS[known] ?? { code: 'http_error', message: 'The request was refused.' }) };
      } else {
        status = known === 503 ? 503 : 500;
        ctx.state.log.error({ err: error }, 'unhandled error');
        body = {
          code: status === 503 ? 'service_unavailable' : 'internal_error',
          message: `Something went wrong on our side. Try again; if it keeps happening, contact support and quote request id ${ctx.state.requestId}.`,
        };
      }
    }
  }
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = body;
};

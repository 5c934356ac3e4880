import { randomUUID } from 'node:crypto';
import { errorText } from '@ai-coaching/contracts';
import { withinFaultScope, type Logger } from '@ai-coaching/platform';
import type { Middleware } from 'koa';
import type { ApiContext, ApiState } from './context.js';
import { requestLocale } from './request-locale.js';

const SAFE_REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is safe, so traces join across
 * a proxy) and a child logger carrying it, then logs one line per request. Neither the query
 * string nor path parameters are logged: both can carry single-use codes. The request runs in a
 * fault scope: an error that escapes its handler (platform `containFaults`) is logged with its id
 * and answers this request alone.
 */
export const requestContext =
  (logger: Logger): Middleware<ApiState> =>
  async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await withinFaultScope({ context: { requestId }, onFault: () => answerEscapedFault(ctx, requestId) }, next);
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // The route pattern, not the path: paths can carry single-use codes (check_invite_code/{code}).
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const caller = ctx.state.caller;
      const line = {
        method: ctx.method,
        path: typeof matched === 'string' ? matched : ctx.path,
        status: ctx.status,
        ms,
        // Which key made the request, never the key: integrations are audited by what they did.
        ...(caller?.kind === 'user' && caller.apiKeyId ? { apiKeyId: caller.apiKeyId } : {}),
      };
      if (ctx.status >= 500) ctx.state.log.error(line, 'request failed');
      else if (ctx.path === '/healthz' || ctx.path === '/readyz') ctx.state.log.debug(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };

/**
 * The request whose work raised an escaped error will never hear from its handler: it is answered with the 500 the
 * error handler would have given (the request id to quote), or cut when its answer had already begun.
 */
const answerEscapedFault = (ctx: ApiContext, requestId: string) => {
  const response = ctx.res;
  if (response.headersSent || response.writableEnded) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({
    code: 'internal_error',
    message: errorText(requestLocale(ctx), 'internal_error', { request_id: requestId }),
  });
  response.writeHead(500, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Request-Id': requestId,
    Connection: 'close',
  });
  response.end(body);
};

import { randomUUID } from 'node:crypto';
import type { Logger } from '@ai-coaching/platform';
import type { Middleware } from 'koa';
import type { ApiState } from './context.js';

const SAFE_REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is safe, so traces join across
 * a proxy) and a child logger carrying it, then logs one line per request. Neither the query
 * string nor path parameters are logged: both can carry single-use codes.
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
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // The route pattern, not the path: paths can carry single-use codes (check_invite_code/{code}).
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const line = {
        method: ctx.method,
        path: typeof matched === 'string' ? matched : ctx.path,
        status: ctx.status,
        ms,
      };
      if (ctx.status >= 500) ctx.state.log.error(line, 'request failed');
      else if (ctx.path === '/healthz' || ctx.path === '/readyz') ctx.state.log.debug(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };

import type { Middleware } from 'koa';
import type { ApiState } from '../http/context.js';
import type { ApiServices } from '../http/context.js';
import { resolveCaller } from '@ai-coaching/platform';

export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization ?? '');
  return match?.[1];
};

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller from the bearer token. It never refuses by itself: each route's access
 * rule decides, so public routes work with a stale token and protected ones answer 401 with the
 * reason (`ctx.state.authRefusal`).
 */
export const authenticate =
  (services: Pick<ApiServices, 'db' | 'tokens'>): Middleware<ApiState> =>
  async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token) {
      // A request that may change something is checked against the store itself: a session revoked a moment ago by
      // another process is refused before the notification reaches this one. Reads go through the caches.
      const result = await resolveCaller(services, token, { fresh: !SAFE_METHODS.has(ctx.method) });
      if ('caller' in result) ctx.state.caller = result.caller;
      else ctx.state.authRefusal = result.refusal;
    }
    await next();
  };

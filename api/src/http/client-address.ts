import { addressMatcher, clientAddressOf, type Config } from '@ai-coaching/platform';
import type { Middleware } from 'koa';
import type { ApiState } from './context.js';

/**
 * Sets `ctx.ip`, the address the per-address limits count (sign-in, codes, share links): the TCP peer's, or, when
 * the peer is one of TRUSTED_PROXIES, the client address X-Forwarded-For gives read from the right. Koa's own
 * `app.proxy` would take the header's first entry from any peer, so the app leaves it off and this decides.
 */
export const clientAddress = (config: Pick<Config, 'trustedProxies'>): Middleware<ApiState> => {
  const isTrusted = addressMatcher(config.trustedProxies);
  return async (ctx, next) => {
    ctx.request.ip = clientAddressOf(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For'), isTrusted);
    await next();
  };
};

import type { Middleware } from 'koa';
import type { ApiServices, ApiState } from '../http/context.js';
import { createApiKeyUseMarker, resolveCaller, type SqlExecutor } from '@ai-coaching/platform';

export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(authorization ?? '');
  return match?.[1];
};

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where SCIM tokens work, and API keys do not. */
export const SCIM_PATH = '/scim/v2';
export const isScimPath = (path: string): boolean => path === SCIM_PATH || path.startsWith(`${SCIM_PATH}/`);

const useMarkers = new WeakMap<object, ReturnType<typeof createApiKeyUseMarker>>();
const useMarkerOf = (db: SqlExecutor) => {
  let marker = useMarkers.get(db);
  if (!marker) {
    marker = createApiKeyUseMarker(db);
    useMarkers.set(db, marker);
  }
  return marker;
};

/**
 * Resolves the caller from the bearer token: a person's or a guest's access token, or an organization's API key
 * (`aic_…`). It never refuses by itself: each route's access rule decides, so public routes work with a stale token
 * and protected ones answer 401 with the reason (`ctx.state.authRefusal`). A key's requests are counted against its
 * own rate limit (429 before anything else runs) and its last use is noted, at most once a minute.
 */
export const authenticate =
  (services: Pick<ApiServices, 'db' | 'tokens' | 'rateLimiter' | 'clock'>): Middleware<ApiState> =>
  async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (token) {
      // A request that may change something is checked against the store itself: a session revoked a moment ago by
      // another process is refused before the notification reaches this one. Reads go through the caches.
      const result = await resolveCaller(services, token, { fresh: !SAFE_METHODS.has(ctx.method) });
      if ('caller' in result) ctx.state.caller = result.caller;
      else ctx.state.authRefusal = result.refusal;
      // A SCIM token works on /scim/v2 only, and nothing else does there: an identity provider's token leaked cannot
      // read the rest of the API, and a person's sign-in or an API key cannot provision.
      const caller = ctx.state.caller;
      const scimToken = caller?.kind === 'user' && caller.apiKeyScope === 'scim';
      if (caller && scimToken !== isScimPath(ctx.path)) {
        ctx.state.caller = undefined;
        ctx.state.authRefusal = 'api_key_wrong_scope';
      }
      const apiKeyId = ctx.state.caller?.kind === 'user' ? ctx.state.caller.apiKeyId : undefined;
      if (apiKeyId) {
        await services.rateLimiter.consume('api-key', { account: apiKeyId });
        await useMarkerOf(services.db)(apiKeyId, services.clock.now(), ctx.ip);
      }
    }
    await next();
  };

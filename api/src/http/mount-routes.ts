import Router from '@koa/router';
import { issueMessages } from '@ai-coaching/contracts';
import { can } from '@ai-coaching/domain';
import { withIdempotency, type Caller, type IdempotentResult } from '@ai-coaching/platform';
import { ApiError } from './api-error.js';
import type { ApiServices, ApiState } from './context.js';
import { originOf } from './origin.js';
import { requestLocale } from './request-locale.js';
import type { RouteAccess, RouteDefinition } from './route.js';

const UNAUTHORIZED_MESSAGES = {
  missing: 'Sign in to continue.',
  invalid_token: 'Your sign-in is not valid. Sign in again.',
  session_ended: 'Your session has ended. Sign in again.',
  account_disabled: 'This account is disabled. Contact your organization’s administrator.',
  api_key_revoked: 'This API key is revoked.',
  api_key_expired: 'This API key has expired.',
  api_key_wrong_scope: 'This key does not work here: API keys call /v1, SCIM tokens /scim/v2.',
} as const;

const forbidden = () => new ApiError(403, 'forbidden', 'You do not have permission to do this.');

/** Routes open to anyone signed in act on the person themselves (their profile, their sign-in): never a key's. */
const notForKeys = () =>
  new ApiError(403, 'api_key_not_allowed', 'An API key cannot do this: sign in as a person to do it.');

/** Applies a route's access rule; returns the caller it admitted (undefined on public routes). */
export const checkAccess = (
  access: RouteAccess,
  state: Pick<ApiState, 'caller' | 'authRefusal'>,
  params: Record<string, string | undefined>,
): Caller | undefined => {
  if (access.kind === 'public') return state.caller;
  const caller = state.caller;
  if (!caller) {
    const reason = state.authRefusal ?? 'missing';
    throw new ApiError(401, reason === 'missing' ? 'unauthorized' : reason, UNAUTHORIZED_MESSAGES[reason]);
  }
  switch (access.kind) {
    case 'authenticated':
      if (caller.kind === 'user' && caller.apiKeyId) throw notForKeys();
      return caller;
    case 'signed-in':
      if (caller.kind !== 'user') throw forbidden();
      if (caller.apiKeyId) throw notForKeys();
      return caller;
    case 'permission':
      if (caller.kind !== 'user' || !can(caller.permissions, access.anyOf)) throw forbidden();
      return caller;
    case 'shared-session':
      if (caller.kind === 'guest') {
        if (caller.sharedSessionId !== params[access.param] || !can(caller.permissions, access.anyOf))
          throw forbidden();
        return caller;
      }
      if (!can(caller.permissions, access.anyOf)) throw forbidden();
      return caller;
  }
};

const FORM_TYPES = ['application/x-www-form-urlencoded'];

/**
 * Mounts route definitions on a Koa router. Every route goes through the same steps: access
 * rule (401/403), then its zod schemas (400 naming each field, each message in the caller's
 * language), then its handler.
 */
export const mountRoutes = (routes: readonly RouteDefinition[], services: ApiServices): Router<ApiState> => {
  const router = new Router<ApiState>();
  for (const route of routes) {
    router.register(route.path, [route.method], async (ctx) => {
      const caller = checkAccess(route.access, ctx.state, ctx.params);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      // A multipart route reads its stream itself (`readMultipart`), within limits of its own.
      if (hasBody && route.bodyEncoding === 'multipart' && !ctx.is('multipart/form-data')) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the upload as multipart/form-data.');
      }
      if (hasBody && route.body && route.bodyEncoding !== 'form' && ctx.is(FORM_TYPES)) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
      }
      if (hasBody && route.bodyEncoding === 'form' && ctx.request.length && !ctx.is(FORM_TYPES)) {
        throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/x-www-form-urlencoded.');
      }
      // Every issue's message comes from the catalogue in the caller's language (the error map of this parse).
      const error = issueMessages(requestLocale(ctx));
      const params = route.params ? route.params.parse(ctx.params, { error }) : ctx.params;
      const query = route.query ? route.query.parse({ ...ctx.query }, { error }) : {};
      const body = route.body ? route.body.parse(ctx.request.body ?? {}, { error }) : undefined;
      const run = () =>
        route.handler({
          params,
          query,
          body,
          caller,
          origin: originOf(ctx),
          services,
          ctx,
        }) as Promise<IdempotentResult>;
      const key = route.idempotent ? ctx.get('idempotency-key') : '';
      const { subjectOf } = route;
      const result = key
        ? await withIdempotency(
            services.db,
            {
              callerId: caller ? (caller.kind === 'user' ? caller.userId : caller.guestId) : `address:${ctx.ip}`,
              key,
              request: { method: route.method, path: ctx.path, body: body ?? null },
              ...(subjectOf ? { subjectOf: (answer) => subjectOf({ params, body: answer?.body }) } : {}),
            },
            run,
          )
        : await run();
      if (result?.headers) for (const [name, value] of Object.entries(result.headers)) ctx.set(name, value);
      ctx.status = result?.status ?? (result?.body === undefined ? 204 : 200);
      if (result?.body !== undefined) ctx.body = result.body;
    });
  }
  return router;
};

import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import { ApiError } from './api-error.js';

const JSON_TYPES = ['application/json', 'application/*+json'];
const FORM_TYPES = ['application/x-www-form-urlencoded'];

const hasBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * Parses JSON and form bodies within a size limit; a body of any other type is refused with
 * 415 instead of being silently ignored. Multipart uploads opt in on their own routes: a
 * multipart body sent to one of `multipartRoutes` (`POST /api/image/uploads`) is left unread for
 * the route, which reads it within limits of its own.
 */
export const bodyParser = (options: { limitKb: number; multipartRoutes?: readonly string[] }): Middleware[] => [
  async (ctx, next) => {
    if (['POST', 'PUT', 'PATCH'].includes(ctx.method) && hasBody(ctx.req.headers)) {
      const multipart = options.multipartRoutes?.includes(`${ctx.method} ${ctx.path}`) && ctx.is('multipart/form-data');
      if (!multipart && !ctx.is([...JSON_TYPES, ...FORM_TYPES])) {
        throw new ApiError(
          415,
          'unsupported_media_type',
          'Send the body as application/json (or as a form where the endpoint says so).',
          { received: ctx.get('content-type') || null },
        );
      }
    }
    await next();
  },
  koaBody({
    jsonLimit: `${options.limitKb}kb`,
    formLimit: `${options.limitKb}kb`,
    text: false,
    multipart: false,
    jsonStrict: true,
    jsonTypes: JSON_TYPES,
    urlencodedTypes: FORM_TYPES,
  }) as unknown as Middleware,
];

import type { Middleware } from 'koa';
import type { ApiState } from '../http/context.js';
import { isScimPath } from '../auth/authenticate.js';

/** RFC 7644 §3.12: every SCIM error answers this schema. */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_MEDIA_TYPE = 'application/scim+json';

export type ScimErrorBody = { schemas: [string]; status: string; scimType?: string; detail: string };

export const scimErrorBody = (status: number, detail: string, scimType?: string | null): ScimErrorBody => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** The SCIM keyword of a refusal the rest of the API made (`{code, message}`), where RFC 7644 has one. */
const scimTypeOf = (status: number, code: string): string | undefined => {
  if (status === 409) return 'uniqueness';
  if (status !== 400) return undefined;
  return code === 'invalid_json' ? 'invalidSyntax' : 'invalidValue';
};

const isErrorBody = (body: unknown): body is { code: string; message: string } =>
  typeof body === 'object' && body !== null && 'code' in body && 'message' in body;

/**
 * On `/scim/v2`, answers every error in RFC 7644's shape, whoever made it: the SCIM routes themselves (already in
 * shape), and the API's own refusals (`{code, message}`: 401 of the token, 404 of an unknown path, 415, invalid
 * JSON, a rule of the domain such as an address already taken, 409 `uniqueness`), in the caller's language.
 * It runs outside the API's error handler, so it sees what that handler answered.
 */
export const scimErrors = (): Middleware<ApiState> => async (ctx, next) => {
  await next();
  if (!isScimPath(ctx.path)) return;
  if (ctx.status >= 400 && isErrorBody(ctx.body)) {
    const status = ctx.status;
    ctx.body = scimErrorBody(status, ctx.body.message, scimTypeOf(status, ctx.body.code));
    ctx.status = status;
    if (status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="SCIM"');
  }
  if (ctx.body !== undefined && ctx.body !== null) ctx.type = SCIM_MEDIA_TYPE;
};

import { deletePathRedirect, listPathRedirects, resolvePathRedirect, upsertPathRedirect } from '@ai-coaching/platform';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import type { ApiServices } from '../http/context.js';
import { defineLegacyRoute, permission, publicAccess } from '../http/route.js';

const PATH_MAX = 2048;
/** Redirects a navigation may go through from a source; a longer chain is refused. */
const CHAIN_MAX = 10;
/**
 * Spaces, control characters and backslashes: browsers drop or rewrite them, and `/\evil.example` reads as
 * `//evil.example`, another site.
 */
const hasUnsafeCharacters = (value: string) =>
  /[\s\\]/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A path as the browser's `location.pathname` gives it (percent-encoded, dot segments resolved), which is
 * what the client asks for: `/café` is stored and looked up as `/caf%C3%A9`.
 */
const normalizePath = (path: string) => new URL(`http://app.invalid${path}`).pathname;

const pathSchema = z
  .string()
  .max(PATH_MAX)
  .refine((path) => path.startsWith('/'), { error: 'A path starts with "/".' });

const redirectResponse = z.object({
  source_path: z.string(),
  target: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const invalid = (code: string, field: string, message: string) => new ApiError(400, code, message, { field });

const sourceInvalid = () =>
  invalid(
    'redirect_source_invalid',
    'source_path',
    'The source is an application path such as /old/page: it starts with "/", is not "/" itself, has no "?", "#", spaces or "\\", and is not an API path (/v1, /api).',
  );
const targetInvalid = (message = 'The target is a path such as /new/page or an http(s) address.') =>
  invalid('redirect_target_invalid', 'target', message);

/** The source path to store; throws `redirect_source_invalid`. */
const checkSource = (sourcePath: string): string => {
  if (!sourcePath.startsWith('/') || sourcePath.length > PATH_MAX || /[?#]/.test(sourcePath)) throw sourceInvalid();
  if (hasUnsafeCharacters(sourcePath)) throw sourceInvalid();
  const path = normalizePath(sourcePath);
  if (path === '/' || path.length > PATH_MAX || /^\/(v1|api)(\/|$)/i.test(path)) throw sourceInvalid();
  return path;
};

/** Throws `redirect_target_invalid` unless the target is an internal path or an absolute http(s) address. */
const checkTarget = (target: string) => {
  if (target.length === 0 || target.length > PATH_MAX || hasUnsafeCharacters(target)) throw targetInvalid();
  if (target.startsWith('/')) {
    if (target.startsWith('//')) throw targetInvalid('Write an external target with its protocol: https://….');
    return;
  }
  // Spec §5: only http and https leave the app; javascript:, data: and every other protocol are refused.
  if (!/^https?:\/\//i.test(target)) {
    throw targetInvalid('The target is a path such as /new/page, or an address starting with http:// or https://.');
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw targetInvalid();
  }
  if (!url.hostname) throw targetInvalid();
};

/** The path of this app a target leads to (an internal path, or an address on PUBLIC_URL's origin), or null. */
const pathOnThisApp = (target: string, appOrigin: string): string | null => {
  if (target.startsWith('/')) return normalizePath(target.split(/[?#]/)[0]!);
  try {
    const url = new URL(target);
    return url.origin === appOrigin ? url.pathname : null;
  } catch {
    return null;
  }
};

/**
 * Refuses a redirect whose target comes back to its source, directly or through the redirects already
 * stored (the client follows each one with a new navigation, so a cycle would never end), and one that
 * starts a chain of more than CHAIN_MAX redirects (which also bounds this walk).
 */
const checkNoLoop = async (db: ApiServices['db'], appOrigin: string, sourcePath: string, target: string) => {
  let redirects = 1;
  let next = pathOnThisApp(target, appOrigin);
  while (next !== null) {
    if (next === sourcePath) {
      throw invalid(
        'redirect_loop',
        'target',
        redirects === 1
          ? 'A path cannot redirect to itself.'
          : `This target leads back to ${sourcePath} through other redirects.`,
      );
    }
    const further = await resolvePathRedirect(db, next);
    if (further === null) return;
    redirects += 1;
    if (redirects > CHAIN_MAX) {
      throw invalid(
        'redirect_loop',
        'target',
        `This target leads through more than ${CHAIN_MAX} redirects; point the source at the final page.`,
      );
    }
    next = pathOnThisApp(further, appOrigin);
  }
};

const toResponse = (redirect: Awaited<ReturnType<typeof listPathRedirects>>[number]) => ({
  source_path: redirect.sourcePath,
  target: redirect.target,
  created_at: redirect.createdAt,
  updated_at: redirect.updatedAt,
});

/** Server-defined redirects of client paths (spec §4 step 7; docs/api/redirects-and-environment.md). */
export const redirectRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/redirects/resolve',
    summary:
      'The redirect for a client path, asked by the client before every navigation (also signed out). Cached for a minute.',
    tag: 'Redirects',
    access: publicAccess,
    query: z.object({ path: pathSchema }),
    responses: {
      200: {
        description: 'The target (a path, or an absolute http(s) address to load as a page), or null.',
        schema: z.object({ target: z.string().nullable() }),
      },
    },
    handler: async ({ query, services }) => ({
      body: { target: await resolvePathRedirect(services.db, normalizePath(query.path)) },
      headers: { 'Cache-Control': 'public, max-age=60' },
    }),
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/redirects',
    summary: 'Every server-defined redirect, by source path.',
    tag: 'Redirects',
    access: permission('super-admin-read'),
    responses: {
      200: {
        description: 'The redirects.',
        schema: z.object({ items: z.array(redirectResponse), total: z.number().int() }),
      },
    },
    handler: async ({ services }) => {
      const items = (await listPathRedirects(services.db)).map(toResponse);
      return { body: { items, total: items.length } };
    },
  }),
  defineLegacyRoute({
    method: 'PUT',
    path: '/v1/redirects',
    summary: 'Create or change the redirect of a source path (idempotent).',
    tag: 'Redirects',
    access: permission('super-admin-update'),
    body: z.object({ source_path: z.string(), target: z.string() }),
    responses: {
      200: { description: 'The redirect.', schema: redirectResponse },
      400: {
        description: '`redirect_source_invalid`, `redirect_target_invalid` or `redirect_loop`, with `details.field`.',
      },
    },
    handler: async ({ body, services, caller }) => {
      const sourcePath = checkSource(body.source_path);
      checkTarget(body.target);
      await checkNoLoop(services.db, new URL(services.config.publicUrl).origin, sourcePath, body.target);
      const by = caller?.kind === 'user' ? caller.userId : null;
      const redirect = await upsertPathRedirect(services.db, { sourcePath, target: body.target, by });
      return { body: toResponse(redirect) };
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    path: '/v1/redirects',
    summary: 'Delete the redirect of a source path (given as a query parameter: paths contain slashes).',
    tag: 'Redirects',
    access: permission('super-admin-update'),
    query: z.object({ source_path: pathSchema }),
    responses: {
      204: { description: 'Deleted.' },
      404: { description: 'No redirect for this path (`redirect_not_found`).' },
    },
    handler: async ({ query, services }) => {
      if (!(await deletePathRedirect(services.db, normalizePath(query.source_path)))) {
        throw new ApiError(404, 'redirect_not_found', `There is no redirect from ${query.source_path}.`);
      }
    },
  }),
];

import { deletePathRedirect, listPathRedirects, resolvePathRedirect, upsertPathRedirect } from '@ai-coaching/platform';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineRoute, permission, publicAccess } from '../http/route.js';

const PATH_MAX = 2048;
const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

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

/** The rules a redirect obeys; each refusal names its field so the admin screen shows it in place. */
const checkRedirect = (sourcePath: string, target: string) => {
  if (
    !sourcePath.startsWith('/') ||
    sourcePath === '/' ||
    /[?#\s]/.test(sourcePath) ||
    sourcePath.length > PATH_MAX ||
    /^\/(v1|api)(\/|$)/.test(sourcePath)
  ) {
    throw invalid(
      'redirect_source_invalid',
      'source_path',
      'The source is an application path such as /old/page: it starts with "/", is not "/" itself, has no "?", "#" or spaces, and is not an API path (/v1, /api).',
    );
  }
  if (target.length === 0 || target.length > PATH_MAX || /\s/.test(target)) {
    throw invalid('redirect_target_invalid', 'target', 'The target is a path such as /new/page or an http(s) address.');
  }
  if (target.startsWith('/')) {
    if (target.startsWith('//')) {
      throw invalid('redirect_target_invalid', 'target', 'Write an external target with its protocol: https://….');
    }
    if (target.split(/[?#]/)[0] === sourcePath) {
      throw invalid('redirect_loop', 'target', 'A path cannot redirect to itself.');
    }
    return;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw invalid('redirect_target_invalid', 'target', 'The target is a path such as /new/page or an http(s) address.');
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) {
    throw invalid(
      'redirect_target_invalid',
      'target',
      'Only http and https addresses are allowed as external targets.',
    );
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
  defineRoute({
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
      body: { target: await resolvePathRedirect(services.db, query.path) },
      headers: { 'Cache-Control': 'public, max-age=60' },
    }),
  }),
  defineRoute({
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
  defineRoute({
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
      checkRedirect(body.source_path, body.target);
      const by = caller?.kind === 'user' ? caller.userId : null;
      const redirect = await upsertPathRedirect(services.db, { sourcePath: body.source_path, target: body.target, by });
      return { body: toResponse(redirect) };
    },
  }),
  defineRoute({
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
      if (!(await deletePathRedirect(services.db, query.source_path))) {
        throw new ApiError(404, 'redirect_not_found', `There is no redirect from ${query.source_path}.`);
      }
    },
  }),
];

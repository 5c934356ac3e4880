import { listRedirects, removeRedirect, resolveRedirect, saveRedirect } from '@ai-coaching/application';
import { redirectOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission, publicAccess } from '../http/route.js';

/** Server-defined redirects of client paths (spec §4 step 7; docs/api/redirects-and-environment.md). */
export const redirectRoutes = [
  defineRoute(op.resolve, {
    access: publicAccess,
    handler: async ({ query, services }) => ({
      body: await resolveRedirect(services, query.path),
      headers: { 'Cache-Control': 'public, max-age=60' },
    }),
  }),
  defineRoute(op.list, {
    access: permission('super-admin-read'),
    handler: async ({ services }) => ({ body: await listRedirects(services) }),
  }),
  defineRoute(op.save, {
    access: permission('super-admin-update'),
    handler: async ({ body, origin, services }) => ({ body: await saveRedirect(services, origin, body) }),
  }),
  defineRoute(op.remove, {
    access: permission('super-admin-update'),
    handler: ({ query, services }) => removeRedirect(services, query.source_path),
  }),
];

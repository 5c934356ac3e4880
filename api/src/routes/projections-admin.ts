import { readStatuses, requestRebuild, requestResume } from '@ai-coaching/projections';
import { z } from 'zod';
import { ApiError } from '../http/api-error.js';
import { defineLegacyRoute, permission } from '../http/route.js';

const projectionStatus = z.object({
  name: z.string(),
  version: z.number().int(),
  status: z.enum(['running', 'failed', 'rebuilding', 'stopped']),
  position: z.string().nullable().describe('Opaque global position of the last applied event.'),
  failure: z
    .object({
      eventId: z.string(),
      eventType: z.string(),
      position: z.string(),
      message: z.string(),
      failedAt: z.string(),
    })
    .nullable(),
  rebuildRequestedAt: z.string().nullable(),
  updatedAt: z.string(),
});

const nameParams = z.object({ name: z.string().min(1).max(100) });

const notFound = (name: string) =>
  new ApiError(404, 'projection_not_found', `There is no projection named "${name}".`, { name });

// Operating the read models is platform-wide: only super-admins hold super-admin-read/update.
const readAccess = permission('super-admin-read');
const operateAccess = permission('super-admin-update');

/**
 * Super-admins see each projection's checkpoint and any event it stopped on, and can ask for a
 * rebuild or a resume. Requests are recorded in the database, so they reach the projections
 * runtime wherever it runs.
 */
export const projectionsAdminRoutes = [
  defineLegacyRoute({
    method: 'GET',
    path: '/v1/admin/projections',
    summary: 'Projection checkpoints and failures.',
    tag: 'Operations',
    access: readAccess,
    responses: {
      200: {
        description: 'Every projection.',
        schema: z.object({ items: z.array(projectionStatus), total: z.number() }),
      },
    },
    handler: async ({ services }) => {
      const items = await readStatuses(services.db);
      return { body: { items, total: items.length } };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/admin/projections/:name/rebuild',
    summary: 'Rebuild a projection from the start into fresh tables, swapped in when caught up.',
    tag: 'Operations',
    access: operateAccess,
    params: nameParams,
    responses: { 202: { description: 'Rebuild requested.' }, 404: { description: 'No such projection.' } },
    handler: async ({ params, services }) => {
      if (!(await requestRebuild(services.db, params.name))) throw notFound(params.name);
      services.wakeProjections?.();
      return { status: 202, body: { name: params.name, status: 'rebuild_requested' } };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    path: '/v1/admin/projections/:name/resume',
    summary: 'Retry a projection stopped on a failing event, after a fix.',
    tag: 'Operations',
    access: operateAccess,
    params: nameParams,
    responses: {
      202: { description: 'Resume requested.' },
      404: { description: 'No such projection.' },
      409: { description: 'The projection is not stopped.' },
    },
    handler: async ({ params, services }) => {
      if (!(await requestResume(services.db, params.name))) {
        const exists = (await readStatuses(services.db)).some((status) => status.name === params.name);
        if (!exists) throw notFound(params.name);
        throw new ApiError(
          409,
          'projection_not_stopped',
          'This projection is not stopped; there is nothing to resume.',
        );
      }
      services.wakeProjections?.();
      return { status: 202, body: { name: params.name, status: 'resume_requested' } };
    },
  }),
];

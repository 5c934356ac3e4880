import { z } from 'zod';
import { defineLegacyRoute, publicAccess, type RouteDefinition } from '../http/route.js';

export type ReadinessCheck = { name: string; check: () => Promise<void> };

const withTimeout = async (check: () => Promise<void>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.enum(['ok', 'unavailable'])),
});

/**
 * /healthz says the process is alive (for restarts); /readyz says it can serve (for load
 * balancers): every dependency answered within a second. Readiness names a failing dependency
 * but never its address or credentials.
 */
export const healthRoutes = (checks: readonly ReadinessCheck[]): RouteDefinition[] => [
  defineLegacyRoute({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process is running.',
    tag: 'Operations',
    access: publicAccess,
    responses: { 200: { description: 'Alive.', schema: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ body: { status: 'ok' }, headers: { 'Cache-Control': 'no-store' } }),
  }),
  defineLegacyRoute({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the event store, read models and job queue answer.',
    tag: 'Operations',
    access: publicAccess,
    responses: {
      200: { description: 'Ready.', schema: readiness },
      503: { description: 'A dependency is unavailable; `checks` names it.', schema: readiness },
    },
    handler: async ({ ctx }) => {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await withTimeout(check, 1000);
            return [name, 'ok'] as const;
          } catch (error) {
            ctx.state.log.warn({ dependency: name, err: error }, 'readiness check failed');
            return [name, 'unavailable'] as const;
          }
        }),
      );
      const ready = results.every(([, status]) => status === 'ok');
      return {
        status: ready ? 200 : 503,
        body: { status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) },
        headers: { 'Cache-Control': 'no-store' },
      };
    },
  }),
];

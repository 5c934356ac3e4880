import { checkReadiness, type ReadinessCheck } from '@ai-coaching/application';
import { healthOperations as op } from '@ai-coaching/contracts';
import { defineRoute, publicAccess, type RouteDefinition } from '../http/route.js';

export type { ReadinessCheck } from '@ai-coaching/application';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * /healthz says the process is alive (for restarts); /readyz says it can serve (for load
 * balancers): every dependency answered within a second.
 */
export const healthRoutes = (checks: readonly ReadinessCheck[]): RouteDefinition[] => [
  defineRoute(op.liveness, {
    access: publicAccess,
    handler: async () => ({ body: { status: 'ok' as const }, headers: noStore }),
  }),
  defineRoute(op.readiness, {
    access: publicAccess,
    handler: async ({ origin, services }) => {
      const readiness = await checkReadiness(services, origin, checks);
      // Not ready is an answer with the readiness body, not an error.
      return { status: readiness.status === 'ready' ? 200 : 503, body: readiness, headers: noStore };
    },
  }),
];

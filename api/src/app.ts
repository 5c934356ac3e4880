import Koa from 'koa';
import { authenticate } from './auth/authenticate.js';
import { bodyParser } from './http/body.js';
import { clientAddress } from './http/client-address.js';
import type { ApiServices, ApiState } from './http/context.js';
import { errorHandler } from './http/error-handler.js';
import { mountRoutes } from './http/mount-routes.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { staticClient } from './http/static-client.js';
import type { ReadinessCheck } from './routes/health.js';
import { apiRoutes } from './routes/index.js';
import { scimErrors } from './scim/scim-errors.js';
import { scimRouter } from './scim/scim-routes.js';

export type ApiAppOptions = ApiServices & {
  /** Extra readiness checks (the projections runtime, a co-hosted gateway …). */
  readiness?: readonly ReadinessCheck[];
  /** Built client to serve with an SPA fallback (one-process mode). */
  clientDir?: string;
};

export const createApiApp = (options: ApiAppOptions): Koa<ApiState> => {
  const { readiness: extraReadiness, clientDir, ...services } = options;
  // Forwarded headers are read only from TRUSTED_PROXIES, by clientAddress; no route reads the forwarded host or
  // protocol, so Koa's `proxy` (which trusts every peer) stays off.
  const app = new Koa<ApiState>({ proxy: false });
  // Koa logs errors it sees itself; every error is answered and logged by errorHandler instead.
  app.silent = true;

  const readiness: ReadinessCheck[] = [
    { name: 'event_store', check: () => services.store.ping() },
    {
      name: 'read_models',
      check: async () => void (await services.db.query('SELECT 1 FROM projection_checkpoints LIMIT 1')),
    },
    { name: 'job_queue', check: () => services.queue.ping() },
    ...(extraReadiness ?? []),
  ];
  const routes = apiRoutes(readiness);
  const router = mountRoutes(routes, services);
  const multipartRoutes = routes
    .filter((route) => route.bodyEncoding === 'multipart')
    .map((route) => `${route.method} ${route.path}`);

  app.use(clientAddress(services.config));
  app.use(requestContext(services.logger));
  app.use(securityHeaders({ https: services.config.publicUrl.startsWith('https:') }));
  app.use(scimErrors());
  app.use(errorHandler());
  for (const middleware of bodyParser({ limitKb: services.config.HTTP_BODY_LIMIT_KB, multipartRoutes })) {
    app.use(middleware);
  }
  app.use(authenticate(services));
  const scim = scimRouter(services);
  app.use(scim.routes());
  app.use(scim.allowedMethods());
  app.use(router.routes());
  app.use(router.allowedMethods());
  if (clientDir) app.use(staticClient(clientDir));
  return app;
};

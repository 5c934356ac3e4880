import http from 'node:http';
import { createGateway, GATEWAY_DRAIN_MS, shutDownGateway } from '@ai-coaching/gateway';
import {
  createAuthRateLimiter,
  listenOn,
  openPlatform,
  type AuthLimits,
  type Clock,
  type RuntimeContext,
} from '@ai-coaching/platform';
import {
  aiCatalogueProjection,
  allProjections,
  coachingContentProjection,
  startAllProjections,
  projectionMigrations,
  waitForProjections,
} from '@ai-coaching/projections';
import {
  ensureBuiltinAiProvider,
  ensureStarterLibrary,
  startUpJobs,
  startWebhookDispatcher,
  type AiAdapterRegistry,
} from '@ai-coaching/application';
import { workerJobs } from '@ai-coaching/workers';
import { createApiApp } from './app.js';
import { clientDistDir } from './http/static-client.js';
import { announceSeed, seedPlatform } from './seed/seed-platform.js';

/**
 * Everything in one process on one port: API, gateway, workers, projections and the built
 * client, on whatever engines the environment selects (embedded PGlite and in-process jobs
 * by default). Returns the HTTP server so tests can start it on port 0.
 */
export const startOneProcess = async (
  { config, logger, lifecycle }: RuntimeContext,
  /**
   * Tests only: sign-in limits other than the defaults (short windows, or none in the way of timing), AI adapters
   * other than the deployment's (one that trusts a fake provider's throw-away certificate), and a clock other than the
   * system's (one a spec shifts past a deadline).
   */
  options: { authLimits?: Partial<AuthLimits>; aiAdapters?: AiAdapterRegistry; clock?: Clock } = {},
) => {
  const platform = await openPlatform({
    config,
    logger,
    lifecycle,
    migrations: projectionMigrations,
    runtime: 'all',
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const projections = await startAllProjections(platform, logger, lifecycle);

  await platform.queue.startWorkers(workerJobs(platform));
  await startUpJobs(platform);
  const webhooks = await startWebhookDispatcher(platform);
  lifecycle.add('webhook dispatcher', () => webhooks.stop());

  const seed = await seedPlatform(platform);
  if (seed.created) {
    // The super-admin can sign in the moment the URL is printed.
    await waitForProjections(platform.db, seed.position, {
      timeoutMs: 30_000,
      names: allProjections.map((projection) => projection.name),
    });
  }
  announceSeed(seed);
  const wakeProjections = (names?: readonly string[]) => projections.wake(names);
  const builtin = await ensureBuiltinAiProvider({ ...platform, wakeProjections });
  if (builtin !== undefined) {
    await waitForProjections(platform.db, builtin, { timeoutMs: 30_000, names: [aiCatalogueProjection.name] });
  }
  // After the built-in provider: its scenarios and observers play on the built-in model.
  const library = await ensureStarterLibrary({ ...platform, wakeProjections });
  if (library !== undefined) {
    // The first screen a newcomer opens lists it.
    await waitForProjections(platform.db, library, { timeoutMs: 30_000, names: [coachingContentProjection.name] });
  }

  const clientDir = config.CLIENT_DIST_DIR ?? clientDistDir();
  if (!clientDir) logger.warn('No built client found: run `npm run build` to serve the app shell.');
  const rateLimiter = createAuthRateLimiter({
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    ...(options.authLimits ? { limits: options.authLimits } : {}),
  });
  lifecycle.add('rate limiter', () => rateLimiter.close());
  const adapters = options.aiAdapters ? { aiAdapters: options.aiAdapters } : {};
  const app = createApiApp({
    ...platform,
    ...adapters,
    rateLimiter,
    wakeProjections: (names) => projections.wake(names),
    ...(clientDir ? { clientDir } : {}),
  });
  const server = http.createServer(app.callback());
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  const gateway = createGateway({
    httpServer: server,
    allowedOrigins: config.allowedOrigins,
    logger,
    services: { ...platform, ...adapters, wakeProjections },
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  });

  await listenOn(server, config.PORT, config.HOST);
  // Closed first (the lifecycle closes in reverse order): the server stops taking connections, the gateway's turns in
  // flight finish and its sockets are told to reconnect, then the server closes (it also drops idle keep-alives).
  const drainMs = Math.max(0, Math.min(GATEWAY_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS - 1500));
  lifecycle.add('http server and gateway', () => shutDownGateway(server, gateway, { drainMs }));
  return { server, platform, projections };
};

export const listeningUrl = (server: http.Server, fallback: string): string => {
  const address = server.address();
  if (address && typeof address === 'object') {
    const host =
      address.address === '127.0.0.1' || address.address === '0.0.0.0' || address.address === '::'
        ? 'localhost'
        : address.address;
    return `http://${host}:${address.port}`;
  }
  return fallback;
};

import http from 'node:http';
import { ensureBuiltinAiProvider, ensureStarterLibrary } from '@ai-coaching/application';
import {
  createAuthRateLimiter,
  drainHttpServer,
  listenOn,
  openPlatform,
  requireSharedDatabase,
  startRuntime,
} from '@ai-coaching/platform';
import { projectionMigrations } from '@ai-coaching/projections';
import { createApiApp } from './app.js';
import { announceSeed, seedPlatform } from './seed/seed-platform.js';

/** The API alone, for the production topology: projections, workers and gateway run elsewhere. */
await startRuntime('api', async ({ config, logger, lifecycle }) => {
  requireSharedDatabase(config, 'api');
  const platform = await openPlatform({
    config,
    logger,
    lifecycle,
    migrations: projectionMigrations,
    runtime: 'api',
  });
  announceSeed(await seedPlatform(platform));
  await ensureBuiltinAiProvider(platform);
  await ensureStarterLibrary(platform);
  const rateLimiter = createAuthRateLimiter(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {});
  lifecycle.add('rate limiter', () => rateLimiter.close());
  const app = createApiApp({
    ...platform,
    rateLimiter,
    ...(config.CLIENT_DIST_DIR ? { clientDir: config.CLIENT_DIST_DIR } : {}),
  });
  const server = http.createServer(app.callback());
  await listenOn(server, config.PORT, config.HOST);
  // Closed first: the requests in flight are answered, and those already sent on kept-alive connections too.
  lifecycle.add('http server', () => drainHttpServer(server));
  logger.info({ port: config.PORT }, 'api listening');
});

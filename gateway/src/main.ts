import http from 'node:http';
import {
  healthRequestListener,
  listenOn,
  openPlatform,
  requireSharedDatabase,
  startRuntime,
} from '@ai-coaching/platform';
import { createGateway, GATEWAY_DRAIN_MS, shutDownGateway } from './gateway.js';

/** The gateway alone: Socket.IO on its own port, fanned out across nodes through Redis. */
await startRuntime('gateway', async ({ config, logger, lifecycle }) => {
  requireSharedDatabase(config, 'gateway');
  const platform = await openPlatform({ config, logger, lifecycle, runtime: 'gateway' });
  // Socket.IO answers its own path; everything else is the health endpoints or a JSON 404.
  const server = http.createServer(
    healthRequestListener([{ name: 'database', check: async () => void (await platform.db.query('SELECT 1')) }]),
  );
  const gateway = createGateway({
    httpServer: server,
    allowedOrigins: config.allowedOrigins,
    logger,
    services: platform,
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  });
  await listenOn(server, config.PORT, config.HOST);
  // Leaves the lifecycle's timeout (SHUTDOWN_TIMEOUT_MS) a second and a half to close the connections.
  const drainMs = Math.max(0, Math.min(GATEWAY_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS - 1500));
  lifecycle.add('gateway', () => shutDownGateway(server, gateway, { drainMs }));
  logger.info({ port: config.PORT }, 'gateway listening');
});

import http from 'node:http';
import { openPlatform, requireSharedDatabase, startRuntime } from '@ai-coaching/platform';
import { createGateway, GATEWAY_DRAIN_MS, shutDownGateway } from './gateway.js';

/** The gateway alone: Socket.IO on its own port, fanned out across nodes through Redis. */
await startRuntime('gateway', async ({ config, logger, lifecycle }) => {
  requireSharedDatabase(config, 'gateway');
  const platform = await openPlatform({ config, logger, lifecycle, runtime: 'gateway' });
  // Socket.IO answers its own path; everything else is the health endpoints or a JSON 404.
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') {
      const ok = await platform.db.query('SELECT 1').then(
        () => true,
        () => false,
      );
      return send(ok ? 200 : 503, {
        status: ok ? 'ready' : 'not_ready',
        checks: { database: ok ? 'ok' : 'unavailable' },
      });
    }
    send(404, { code: 'not_found', message: 'Nothing exists at this address.' });
  });
  const gateway = createGateway({
    httpServer: server,
    allowedOrigins: config.allowedOrigins,
    logger,
    services: platform,
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  // Leaves the lifecycle's timeout (SHUTDOWN_TIMEOUT_MS) a second and a half to close the connections.
  const drainMs = Math.max(0, Math.min(GATEWAY_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS - 1500));
  lifecycle.add('gateway', () => shutDownGateway(server, gateway, { drainMs }));
  logger.info({ port: config.PORT }, 'gateway listening');
});

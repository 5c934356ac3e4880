import http from 'node:http';

export type HealthCheck = { name: string; check: () => Promise<void> };

/**
 * `/healthz` (the process answers) and `/readyz` (every check passes: 200, else 503 naming the checks that failed);
 * anything else is a JSON 404. For the runtimes whose HTTP is only that (workers, projections) and the gateway, whose
 * Socket.IO answers its own path before this listener sees it.
 */
export const healthRequestListener =
  (checks: readonly HealthCheck[]): http.RequestListener =>
  async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') {
      const results = await Promise.all(
        checks.map(async ({ name, check }) => {
          try {
            await check();
            return [name, 'ok'] as const;
          } catch {
            return [name, 'unavailable'] as const;
          }
        }),
      );
      const ready = results.every(([, status]) => status === 'ok');
      return send(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) });
    }
    send(404, { code: 'not_found', message: 'Nothing exists at this address.' });
  };

/** Listens on `port` and `host`; answers once the server listens, or throws what stopped it (a port in use). */
export const listenOn = (server: http.Server, port: number, host: string): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });

/** Stops taking connections and answers once the open ones are closed. */
export const closeServer = (server: http.Server): Promise<void> =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A minimal /healthz and /readyz server for runtimes that serve no HTTP of their own (workers,
 * projections), so orchestrators can probe them like the API.
 */
export const startHealthServer = async (options: {
  host: string;
  port: number;
  checks: readonly HealthCheck[];
}): Promise<{ server: http.Server; close(): Promise<void> }> => {
  const server = http.createServer(healthRequestListener(options.checks));
  await listenOn(server, options.port, options.host);
  return { server, close: () => closeServer(server) };
};

import http from 'node:http';

export type HealthCheck = { name: string; check: () => Promise<void> };

/**
 * A minimal /healthz and /readyz server for runtimes that serve no HTTP of their own (workers,
 * projections), so orchestrators can probe them like the API.
 */
export const startHealthServer = async (options: {
  host: string;
  port: number;
  checks: readonly HealthCheck[];
}): Promise<{ server: http.Server; close(): Promise<void> }> => {
  const server = http.createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') {
      const results = await Promise.all(
        options.checks.map(async ({ name, check }) => {
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
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

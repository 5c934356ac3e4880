// The servers bench/api.mjs loads, each started in a process of its own by fork() so that the load
// generator never shares their event loop:
//
//   node bench/api-servers.mjs bare              a bare Koa server answering a fixed JSON body
//   node bench/api-servers.mjs app <engine>      the one-process server on pglite|postgres, seeded
//
// Each sends { url, ... } over the IPC channel once it listens, and stops on 'stop'.
import Koa from 'koa';

const [kind, engine] = process.argv.slice(2);

const ready = (message) => process.send?.(message);
const onStop = (close) =>
  process.on('message', async (message) => {
    if (message !== 'stop') return;
    await close();
    process.exit(0);
  });

if (kind === 'bare') {
  // The reference: what Koa alone does on this machine, with a body the size of a small API answer.
  const app = new Koa();
  const body = { status: 'ok', service: 'bench', items: [{ id: 'a', name: 'Ada' }] };
  app.use((ctx) => {
    ctx.body = body;
  });
  const server = app.listen(0, '127.0.0.1', () => ready({ url: `http://127.0.0.1:${server.address().port}` }));
  onStop(() => new Promise((resolve) => server.close(resolve)));
} else if (kind === 'app') {
  const { createTestUser, signInAs, startTestServerOn } = await import('@ai-coaching/api/testing');
  // Logs at `info`, as in production: the access log line of every request is part of its cost.
  const server = await startTestServerOn(engine, { LOG_LEVEL: 'info' });
  const operator = await signInAs(server, { role: 'operator' });
  // A page of the user list is a full page (12 of 30 users), with wallets.
  for (let index = 0; index < 29; index += 1) {
    await createTestUser(server, { role: 'user', organizationId: operator.organizationId });
  }
  ready({ url: server.url, token: operator.token });
  onStop(() => server.close());
} else {
  console.error('Usage: node bench/api-servers.mjs bare | app <pglite|postgres>');
  process.exit(2);
}

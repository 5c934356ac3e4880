// The server bench/client.mjs measures, started by fork() so that Lighthouse's own work (trace
// processing, in the benchmark's process) never delays an answer:
//
//   CLIENT_DIST_DIR=<built client> node bench/client-server.mjs <engine>
//
// The real one-process server (API, projections, workers and the static client with its
// precompressed files) on pglite|postgres, with an operator signed in for the dashboard. Sends
// { url, token } over the IPC channel once it listens, and stops on 'stop'.
const [engine = 'pglite'] = process.argv.slice(2);
const clientDir = process.env.CLIENT_DIST_DIR;
if (!clientDir) {
  console.error('Usage: CLIENT_DIST_DIR=<built client> node bench/client-server.mjs [pglite|postgres]');
  process.exit(2);
}

const { signInAs, startTestServerOn } = await import('@ai-coaching/api/testing');
const server = await startTestServerOn(engine, { CLIENT_DIST_DIR: clientDir, LOG_LEVEL: 'warn' });
const operator = await signInAs(server, { role: 'operator' });
process.send?.({ url: server.url, token: operator.token });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await server.close();
  process.exit(0);
});

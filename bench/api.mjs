// HTTP throughput of the API against a bare Koa server measured in the same run, for one engine.
//
//   node bench/api.mjs --engine pglite|postgres [--short] [--out results.json]
//
// Normally started by bench/run.mjs, once per engine in a fresh process. It imports the compiled
// workspaces, so build the server first.
//
// Servers (bench/api-servers.mjs), each in its own process: a bare Koa server answering a fixed JSON
// body (the ceiling of this machine and this HTTP stack), then the real one-process server on the
// engine — bearer session check, the user's current record, permissions, the access log at `info`,
// the read models — seeded with an operator and 30 users of its organization.
//
// Load: autocannon, 20 connections with keep-alive, from this process (the servers run in theirs).
// Each endpoint is warmed up, then measured; req/s = answers / seconds, latency per request. A
// non-2xx answer fails the run: the figures are for requests that were served.
//
// Targets (issue 9 §3.2): GET /v1/me ≥ 0.2 of bare Koa on PostgreSQL and ≥ 0.1 on PGlite; the user
// list ≥ 0.1 of bare Koa on PostgreSQL. Ratios are against the bare Koa figure of the same run.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { startChildServer } from './stack.mjs';
import { engineBenchmarkArgs } from './stats.mjs';

const CONNECTIONS = 20;

const args = engineBenchmarkArgs('api.mjs');
const { engine, short } = args;
const timing = short ? { warmUpSeconds: 1, seconds: 3 } : { warmUpSeconds: 3, seconds: 10 };
const TARGETS = {
  me: engine === 'postgres' ? 0.2 : 0.1,
  list: engine === 'postgres' ? 0.1 : undefined,
};

const log = (line) => console.log(`[api ${engine}] ${line}`);
const num = (value, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Starts one of bench/api-servers.mjs and waits for its address. */
const startServer = (...serverArgs) =>
  startChildServer('api-servers.mjs', serverArgs, { name: `server ${serverArgs.join(' ')}` });

const load = (url, headers, seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

/** Warm-up, then the measured run; answers other than 2xx fail the run. */
const measure = async (label, url, headers = {}) => {
  await load(url, headers, timing.warmUpSeconds);
  const result = await load(url, headers, timing.seconds);
  const served = result['2xx'];
  const refused = result.non2xx + result.errors + result.timeouts;
  if (refused > 0 || served === 0) {
    throw new Error(`${label}: ${refused} of ${served + refused} requests were not answered 2xx`);
  }
  const figure = {
    label,
    perSecond: served / (result.duration || timing.seconds),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: served,
  };
  log(
    `${label}: ${num(figure.perSecond)} req/s; latency p50 ${num(figure.latencyMs.p50, 1)} ms, p99 ${num(figure.latencyMs.p99, 1)} ms`,
  );
  return figure;
};

const bare = await startServer('bare');
let baseline;
try {
  baseline = await measure('bare Koa, fixed JSON', `${bare.url}/`);
} finally {
  await bare.stop();
}

const app = await startServer('app', engine);
const figures = {};
try {
  const bearer = { authorization: `Bearer ${app.token}` };
  figures.healthz = await measure('GET /healthz', `${app.url}/healthz`);
  figures.methods = await measure('GET /v1/authentication_methods', `${app.url}/v1/authentication_methods`);
  figures.me = await measure('GET /v1/me', `${app.url}/v1/me`, bearer);
  figures.list = await measure('GET /v1/users (a page of 12)', `${app.url}/v1/users?sort=name`, bearer);
} finally {
  await app.stop();
}

const ratioOf = (figure) => figure.perSecond / baseline.perSecond;
for (const figure of Object.values(figures)) {
  log(`${figure.label}: ${ratioOf(figure).toFixed(3)} of bare Koa`);
}
const row = (metric, figure, targetRatio) => ({
  metric,
  engine,
  value: figure.perSecond,
  unit: '/s',
  display: `${num(figure.perSecond)}/s (p99 ${num(figure.latencyMs.p99, 1)} ms; ${ratioOf(figure).toFixed(3)} of bare Koa)`,
  ...(targetRatio !== undefined
    ? { target: targetRatio * baseline.perSecond, better: 'higher', note: `≥ ${targetRatio} of bare Koa` }
    : {}),
});
const rows = [
  row('HTTP bare Koa, fixed JSON (reference)', baseline),
  row('HTTP GET /healthz', figures.healthz),
  row('HTTP GET /v1/authentication_methods', figures.methods),
  row('HTTP GET /v1/me', figures.me, TARGETS.me),
  row('HTTP GET /v1/users (page of 12)', figures.list, TARGETS.list),
];
const result = {
  benchmark: 'api',
  engine,
  short,
  settings: { connections: CONNECTIONS, ...timing, cpus: os.cpus().length, loadAverage: os.loadavg() },
  baseline,
  figures,
  rows,
};
if (args.out) await writeFile(args.out, JSON.stringify(result, null, 2));

// The cluster's commands as functions: start, stop, status, restart of a kind, start of one process. Used by
// scripts/cluster.mjs (the CLI), scripts/cluster-smoke.mjs and the system bench.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readDeployNginxConf, renderClusterNginxConf } from './nginx-conf.mjs';
import {
  answers,
  isOurs,
  readPid,
  startProcess,
  stopPid,
  stopProcess,
  tailOf,
  wait,
  waitHealthy,
} from './processes.mjs';
import { checkRedis, databaseInUse, ensureDatabase, findNginx, NGINX_MISSING } from './stores.mjs';
import {
  edgeUrl,
  ensureSecrets,
  KINDS,
  logFile,
  pidFile,
  processesOf,
  root,
  savedSettings,
  settingsFile,
} from './topology.mjs';

/** A failure the CLI prints as it is, without a stack. */
export class ClusterError extends Error {}

const say = (line) => process.stdout.write(`${line}\n`);
const START_TIMEOUT_MS = Number(process.env.CLUSTER_START_TIMEOUT_MS || 120_000);
/** Longer than a runtime's own drain (SHUTDOWN_TIMEOUT_MS, 10 s per component) before SIGKILL. */
const GRACE_MS = Number(process.env.CLUSTER_STOP_GRACE_MS || 30_000);

const nginxPidFile = (settings) => path.join(settings.clusterDir, 'nginx.pid');
const nginxConfFile = (settings) => path.join(settings.clusterDir, 'nginx.conf');

/** Whether any process of the cluster in this folder is alive. */
const anyAlive = (settings) =>
  processesOf(settings).some((info) => isOurs(readPid(pidFile(settings, info.name)), info.entry)) ||
  isOurs(readPid(nginxPidFile(settings)), 'nginx');

/** Writes the edge's configuration; `down` lists the ports out of the rotation (a rolling restart's current one). */
const writeNginxConf = (settings, down = []) => {
  const conf = renderClusterNginxConf({
    down,
    source: readDeployNginxConf(root),
    edgePort: settings.edgePort,
    apiPorts: processesOf(settings)
      .filter((info) => info.kind === 'api')
      .map((info) => info.port),
    gatewayPorts: processesOf(settings)
      .filter((info) => info.kind === 'gateway')
      .map((info) => info.port),
    clientDir: path.join(root, 'client', 'dist'),
    clusterDir: settings.clusterDir,
    // Started as root, nginx would run its worker as `nobody`, who may not read the checkout.
    ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
  });
  writeFileSync(nginxConfFile(settings), conf);
};

const nginxArgs = (settings) => [
  '-p',
  settings.clusterDir,
  '-c',
  nginxConfFile(settings),
  '-e',
  logFile(settings, 'nginx-error'),
];

const startNginx = async (settings, nginx) => {
  const args = nginxArgs(settings);
  const test = spawnSync(nginx, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new ClusterError(`nginx refused ${nginxConfFile(settings)}:\n${test.stderr}`);
  // nginx daemonizes itself and writes its master's pid to nginx.pid (the `pid` directive).
  const started = spawnSync(nginx, args, { encoding: 'utf8' });
  if (started.status !== 0) throw new ClusterError(`nginx did not start:\n${started.stderr}`);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await answers(`${edgeUrl(settings)}/healthz`)) return;
    await wait(100);
  }
  throw new ClusterError(`nginx did not answer on ${edgeUrl(settings)}:\n${tailOf(logFile(settings, 'nginx-error'))}`);
};

/**
 * Takes a process of the edge's upstreams out of the rotation (or puts every one back): the configuration is written
 * again and nginx reloads it gracefully (new workers take new requests, the old ones finish theirs). Without it nginx
 * learns that a process is gone only from failed requests, and marks a server that failed once as unavailable for
 * its fail_timeout (10 s): a rolling restart faster than that would leave no server at all.
 */
const setRotation = async (settings, down) => {
  const nginx = findNginx();
  if (!nginx || !isOurs(readPid(nginxPidFile(settings)), 'nginx')) return;
  writeNginxConf(settings, down);
  const reload = spawnSync(nginx, [...nginxArgs(settings), '-s', 'reload'], { encoding: 'utf8' });
  if (reload.status !== 0) throw new ClusterError(`nginx did not reload:\n${reload.stderr}`);
  await wait(ROTATION_SETTLE_MS);
};
const ROTATION_SETTLE_MS = 1000;
const BEHIND_EDGE = new Set(['api', 'gateway']);

/** Starts one process and waits for its /healthz; throws naming it, with the tail of its log, when it does not. */
const startAndWait = async (settings, secrets, info) => {
  const pid = startProcess(settings, secrets, info);
  const health = await waitHealthy(info, pid, { timeoutMs: START_TIMEOUT_MS });
  if (!health.ok) throw failedToStart(settings, info, health.reason);
  return pid;
};

const failedToStart = (settings, info, reason) =>
  new ClusterError(
    `${info.name} (port ${info.port}) did not come up: ${reason}. The end of ${logFile(settings, info.name)}:\n` +
      tailOf(logFile(settings, info.name)),
  );

/**
 * `npm run cluster`: checks the machine (nginx, PostgreSQL, Redis), builds what is missing, starts every process
 * detached and the edge, waits for every /healthz. Returns the edge's URL. On a failure it stops what it started.
 */
export const startCluster = async (settings, { build = true } = {}) => {
  if (anyAlive(settings)) {
    throw new ClusterError(
      `A cluster is already running from ${settings.clusterDir}: \`npm run cluster -- status\`, or \`npm run cluster -- stop\` first.`,
    );
  }
  const nginx = findNginx();
  const problems = [
    nginx ? undefined : NGINX_MISSING,
    await ensureDatabase(settings.databaseUrl),
    await checkRedis(settings.redisUrl),
  ].filter(Boolean);
  if (problems.length > 0) throw new ClusterError(`The cluster cannot start:\n- ${problems.join('\n- ')}`);
  // The secrets are generated with the folder: a database that a cluster used before holds a super-admin, tokens and
  // sealed data of another AUTH_SECRET, which these processes could not read.
  if (!existsSync(path.join(settings.clusterDir, 'secrets.json')) && (await databaseInUse(settings.databaseUrl))) {
    const name = new URL(settings.databaseUrl).pathname.slice(1);
    throw new ClusterError(
      `The database ${name} holds the data of a cluster whose folder (and so its AUTH_SECRET) is not ${settings.clusterDir}.\n` +
        `Start from that folder (CLUSTER_DIR), or begin anew: drop the database ` +
        `(\`psql -h 127.0.0.1 -U postgres -c 'DROP DATABASE ${name} WITH (FORCE)'\`) and empty its Redis database ` +
        `(\`redis-cli -n ${new URL(settings.redisUrl).pathname.slice(1) || 0} flushdb\`), or set CLUSTER_DATABASE_URL and CLUSTER_REDIS_URL to others.`,
    );
  }
  if (build) {
    const { buildIfNeeded } = await import('../build-if-needed.mjs');
    buildIfNeeded();
  }

  for (const folder of ['logs', 'data', 'nginx'])
    mkdirSync(path.join(settings.clusterDir, folder), { recursive: true });
  const secrets = ensureSecrets(settings.clusterDir);
  writeFileSync(settingsFile(settings.clusterDir), `${JSON.stringify(settings, null, 2)}\n`);
  writeNginxConf(settings);

  const processes = processesOf(settings);
  say(`Starting ${processes.map((info) => info.name).join(', ')} and nginx from ${settings.clusterDir}…`);
  const started = Date.now();
  try {
    // All at once: migrations take an advisory lock and the first-start seed is idempotent (docs/deployment.md).
    const pids = processes.map((info) => startProcess(settings, secrets, info));
    const results = await Promise.all(
      processes.map((info, index) => waitHealthy(info, pids[index], { timeoutMs: START_TIMEOUT_MS })),
    );
    const failed = processes.findIndex((_, index) => !results[index].ok);
    if (failed >= 0) throw failedToStart(settings, processes[failed], results[failed].reason);
    await startNginx(settings, nginx);
  } catch (error) {
    say('Stopping what was started…');
    await stopCluster(settings, { quiet: true });
    throw error;
  }
  say(`Every process answers /healthz (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  await printStatus(settings);
  return edgeUrl(settings);
};

/**
 * `stop`: SIGTERM, then SIGKILL after the grace period, in the order traffic flows: the edge, then the API and the
 * gateways (their requests and turns in flight answered), then the workers (their jobs in flight done: a job waits for
 * the read models, so the projections must still run), then the projections. Removes the pid files.
 */
export const stopCluster = async (settings, { quiet = false } = {}) => {
  const nginxPid = readPid(nginxPidFile(settings));
  // nginx's master: SIGTERM is its fast shutdown; it removes its own pid file.
  const outcomes = [['nginx', await stopPid(nginxPid, 'nginx', { graceMs: 10_000 })]];
  rmSync(nginxPidFile(settings), { force: true });
  for (const kinds of [['api', 'gateway'], ['workers'], ['projections']]) {
    const tier = processesOf(settings).filter((info) => kinds.includes(info.kind));
    outcomes.push(
      ...(await Promise.all(
        tier.map(async (info) => [info.name, await stopProcess(settings, info, { graceMs: GRACE_MS })]),
      )),
    );
  }
  if (!quiet) for (const [name, outcome] of outcomes) say(`  ${name.padEnd(14)} ${outcome}`);
  return Object.fromEntries(outcomes);
};

/** Every process with its pid, port and whether it is alive (and answers /healthz). */
export const clusterStatus = async (settings) => {
  const rows = await Promise.all(
    processesOf(settings).map(async (info) => {
      const pid = readPid(pidFile(settings, info.name));
      const alive = isOurs(pid, info.entry);
      const healthy = alive && (await answers(`http://127.0.0.1:${info.port}/healthz`, 1000));
      return { name: info.name, pid, port: info.port, alive, healthy };
    }),
  );
  const nginxPid = readPid(nginxPidFile(settings));
  const nginxAlive = isOurs(nginxPid, 'nginx');
  rows.push({
    name: 'nginx',
    pid: nginxPid,
    port: settings.edgePort,
    alive: nginxAlive,
    healthy: nginxAlive && (await answers(`${edgeUrl(settings)}/healthz`, 1000)),
  });
  return rows;
};

const printStatus = async (settings) => {
  for (const row of await clusterStatus(settings)) {
    const state = row.alive ? (row.healthy ? 'alive' : 'alive, not answering /healthz') : 'dead';
    say(`  ${row.name.padEnd(14)} pid ${String(row.pid ?? '-').padEnd(8)} port ${String(row.port).padEnd(6)} ${state}`);
  }
};

export const printClusterStatus = printStatus;

const processNamed = (settings, name) => {
  const info = processesOf(settings).find((candidate) => candidate.name === name);
  if (!info) {
    const names = processesOf(settings).map((candidate) => candidate.name);
    throw new ClusterError(`No process is named ${JSON.stringify(name)}: one of ${names.join(', ')}.`);
  }
  return info;
};

/**
 * `start-one <name>`: ends the named process if it runs (SIGTERM, drained), starts it again and waits for its /healthz.
 * The fault bench uses it after a `kill -9`.
 */
export const startOne = async (settings, name) => {
  const info = processNamed(settings, name);
  const secrets = ensureSecrets(settings.clusterDir);
  const alive = isOurs(readPid(pidFile(settings, info.name)), info.entry);
  const rotated = alive && BEHIND_EDGE.has(info.kind);
  if (rotated) await setRotation(settings, [info.port]);
  const stopped = await stopProcess(settings, info, { graceMs: GRACE_MS });
  const started = Date.now();
  const pid = await startAndWait(settings, secrets, info);
  const ms = Date.now() - started;
  // Back in the rotation; after a kill -9 too, so that nginx forgets the failures it counted.
  if (BEHIND_EDGE.has(info.kind)) await setRotation(settings, []);
  return { name, stopped, pid, ms };
};

/**
 * `restart <kind>`: a rolling restart. One process at a time: SIGTERM, wait for it to drain and exit, start it again,
 * wait for /healthz; then the next. The others serve meanwhile.
 */
export const restartKind = async (settings, kind) => {
  if (!KINDS[kind])
    throw new ClusterError(`Unknown kind ${JSON.stringify(kind)}: one of ${Object.keys(KINDS).join(', ')}.`);
  const results = [];
  for (const info of processesOf(settings).filter((candidate) => candidate.kind === kind)) {
    const result = await startOne(settings, info.name);
    say(
      `  ${info.name.padEnd(14)} ${result.stopped}, up again in ${(result.ms / 1000).toFixed(1)} s (pid ${result.pid})`,
    );
    results.push(result);
  }
  return results;
};

/** The settings of the cluster started from CLUSTER_DIR, for the commands that act on a running one. */
export const runningSettings = (settings) => {
  const saved = savedSettings(settings.clusterDir);
  if (!saved) throw new ClusterError(`No cluster was started from ${settings.clusterDir} (no cluster.json).`);
  return saved;
};

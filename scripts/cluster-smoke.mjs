// `npm run cluster:smoke`: the cluster of `npm run cluster`, started on free ports in a temporary folder, with its own
// database and Redis database, used as its users would through the edge, then stopped. Each check prints PASS or
// FAIL; the exit code is 0 only when every one passed (docs/deployment.md, "Run the topology on one machine").
//
//   1. the edge serves the client and answers /v1/ (the super-admin signs in through it);
//   2. credits are issued to an organization and allocated to a group (the ledger has something to balance);
//   3. a text session on a starter scenario, its turns over sockets through the edge: the requests cross both APIs and
//      the sockets both gateways (nginx's access log names the upstream of each);
//   4. one gateway is killed with SIGKILL: its socket reconnects to the other within 10 s and the session goes on;
//      the cluster script starts the gateway again;
//   5. the transcript holds every turn once, in order; the session ends;
//   6. every credit ledger stream of the database balances (checkCreditLedger) and the organization's wallet agrees;
//   7. the cluster stops and no process of it is left.
//
// Environment: SMOKE_PORT_BASE (4600; the first base with every port free is used), CLUSTER_SMOKE_DATABASE_URL
// (…/ai_coaching_cluster_smoke, dropped and made anew), CLUSTER_SMOKE_REDIS_URL (redis://127.0.0.1:6379/6, a database
// the smoke owns: emptied before and after), SMOKE_KEEP=1 keeps the folder (it is kept anyway on a failure).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { clusterStatus, startCluster, startOne, stopCluster } from './cluster/cluster.mjs';
import { readPid, isAlive } from './cluster/processes.mjs';
import { checkClusterLedger } from './cluster/ledger.mjs';
import { freePorts } from './cluster/ports.mjs';
import { dropDatabase, withRedis } from './cluster/stores.mjs';
import { edgeUrl, pidFile, processesOf, settingsFromEnv } from './cluster/topology.mjs';

const began = performance.now();
const results = [];
const say = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one check: PASS with what it found, or FAIL with why; a failed check ends the run unless `goOn`. */
const check = async (name, run, { goOn = false } = {}) => {
  const started = performance.now();
  try {
    const detail = await run();
    results.push({ name, ok: true });
    say(`PASS  ${name}${detail ? ` — ${detail}` : ''} (${seconds(performance.now() - started)})`);
    return true;
  } catch (error) {
    results.push({ name, ok: false });
    say(`FAIL  ${name} — ${error.message} (${seconds(performance.now() - started)})`);
    if (!goOn) throw new SmokeStop();
    return false;
  }
};
class SmokeStop extends Error {}
const expect = (condition, message) => {
  if (!condition) throw new Error(message);
};

const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'ai-coaching-cluster-smoke-'));
const { portBase, edgePort } = await freePorts(Number(process.env.SMOKE_PORT_BASE || 4600));
const settings = settingsFromEnv({
  ...process.env,
  CLUSTER_DIR: clusterDir,
  EDGE_PORT: String(edgePort),
  CLUSTER_PORT_BASE: String(portBase),
  CLUSTER_DATABASE_URL:
    process.env.CLUSTER_SMOKE_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/ai_coaching_cluster_smoke',
  CLUSTER_REDIS_URL: process.env.CLUSTER_SMOKE_REDIS_URL || 'redis://127.0.0.1:6379/6',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});
const base = edgeUrl(settings);
const accessLog = path.join(clusterDir, 'logs', 'access.log');
const portsOf = (kind) =>
  processesOf(settings)
    .filter((info) => info.kind === kind)
    .map((info) => info.port);

/** The upstream ports nginx used for the requests whose path starts with `prefix` (its access log). */
const upstreamsFor = (prefix) => {
  const ports = new Set();
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const match = /"\w+ (\S+) HTTP[^"]*".* upstream=([^ ]+)/.exec(line);
    if (!match || !match[1].startsWith(prefix)) continue;
    for (const address of match[2].split(/,\s*/)) {
      const port = Number(address.split(':')[1]);
      if (port) ports.add(port);
    }
  }
  return ports;
};

let token = '';
const call = async (method, route, body) => {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return answer;
};

const openSocket = () =>
  new Promise((resolve, reject) => {
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
      auth: { token, protocolVersion: 1, locale: 'en-GB' },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

const LEARNER_TURNS = [
  'Thank you for making the time. What matters most to you in this renewal?',
  'I understand the budget is tight. What would a good outcome look like for your team?',
  'If we kept the price and added quarterly reviews, would that help you make the case internally?',
  'What results from this year would you need to see to feel confident about renewing?',
  'Could we agree on a one-year term so you are not locked in if things change?',
  'What would you need from me to take this to your finance director this week?',
  'Which of the services this year made the biggest difference for your people?',
  'How do you usually weigh price against the support you get after signing?',
];
const sent = [];
const turn = async (socket, sessionId) => {
  const text = LEARNER_TURNS[sent.length % LEARNER_TURNS.length];
  const turnId = `smoke-${sent.length + 1}`;
  const answer = await socket
    .timeout(15_000)
    .emitWithAck('session.turn', { session_id: sessionId, turn_id: turnId, text });
  expect(answer.ok, `turn ${turnId}: ${JSON.stringify(answer).slice(0, 300)}`);
  sent.push(text);
  return answer.answer;
};

/** The smoke proper; every check throws SmokeStop on a failure that makes the rest meaningless. */
const smoke = async () => {
  await check('the machine has what the cluster needs, its own database and Redis database are empty', async () => {
    await dropDatabase(settings.databaseUrl);
    const flushed = await withRedis(settings.redisUrl, (redis) => redis.flushdb());
    if (flushed.problem) throw new Error(flushed.problem);
    return `${settings.databaseUrl.replace(/^.*\//, 'database ')}, ${settings.redisUrl}`;
  });
  await check('npm run cluster starts 2 api, 2 gateway, 2 workers, 1 projections and nginx', async () => {
    const url = await startCluster(settings);
    return `${url}, ports ${portBase + 1}–${portBase + 31}, folder ${clusterDir}`;
  });
  await check('the edge serves the client and the super-admin signs in through /v1/', async () => {
    const page = await fetch(`${base}/`);
    expect(page.status === 200 && (await page.text()).includes('<html'), `GET / answered ${page.status}`);
    const { ADMIN_PASSWORD } = JSON.parse(readFileSync(path.join(clusterDir, 'secrets.json'), 'utf8'));
    const login = await fetch(`${base}/v1/fau/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: settings.adminEmail,
        password: ADMIN_PASSWORD,
        grant_type: 'password',
        scope: '',
      }),
    });
    expect(login.status === 200, `login answered ${login.status}`);
    token = (await login.json()).access_token;
  });

  let organizationId = '';
  await check('credits are issued to a new organization and allocated to a group', async () => {
    organizationId = (await call('POST', '/v1/organizations', { name: `Smoke ${Date.now()}` })).id;
    await call('POST', `/v1/organizations/allocate_credit/${organizationId}`, { nb_credits: 120 });
    const group = await call('POST', '/v1/user_groups', { name: 'Smoke learners', organization_id: organizationId });
    await call('POST', `/v1/user_groups/allocate_credit/${group.id}`, { nb_credits: 20 });
    return `organization ${organizationId}: 120 credits issued, 20 allocated to a group`;
  });

  let sessionId = '';
  await check('a text session crosses both APIs and both gateways', async () => {
    const scenarios = await call('GET', '/v1/coaching/scenarios?page_size=12');
    const scenario = scenarios.items.find((item) => item.language === 'en-GB' && item.organization_id === null);
    expect(scenario, 'no starter scenario in en-GB');
    sessionId = (await call('POST', '/v1/coaching/sessions', { scenario_id: scenario.id })).id;
    // A socket a turn: nginx balances each new connection, so they alternate between the gateways.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const socket = await openSocket();
      await turn(socket, sessionId);
      await call('GET', `/v1/coaching/sessions/${sessionId}`);
      socket.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100)); // nginx logs a websocket when it closes
      const crossed = (kind, prefix) => portsOf(kind).every((port) => upstreamsFor(prefix).has(port));
      if (attempt >= 1 && crossed('api', '/v1/') && crossed('gateway', '/socket.io/')) {
        return `${sent.length} turns on "${scenario.name}"; /v1/ answered by ports ${[...upstreamsFor('/v1/')].join(', ')}, /socket.io/ by ${[...upstreamsFor('/socket.io/')].join(', ')}`;
      }
    }
    throw new Error(
      `/v1/ reached ${[...upstreamsFor('/v1/')].join(', ')}, /socket.io/ ${[...upstreamsFor('/socket.io/')].join(', ')}`,
    );
  });

  await check(
    'a gateway killed with SIGKILL: its socket reconnects to the other within 10 s and the session goes on',
    async () => {
      const sockets = [await openSocket(), await openSocket()];
      const victim = processesOf(settings).find((info) => info.name === 'gateway-1');
      const drops = sockets.map(
        (socket) =>
          new Promise((resolve) => {
            socket.once('disconnect', () => {
              const dropped = performance.now();
              socket.once('connect', () => resolve(performance.now() - dropped));
            });
          }),
      );
      process.kill(readPid(pidFile(settings, victim.name)), 'SIGKILL');
      const reconnectMs = await Promise.race([
        Promise.any(drops),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no socket reconnected within 10 s')), 10_000)),
      ]);
      for (const socket of sockets) await turn(socket, sessionId);
      for (const socket of sockets) socket.close();
      const restarted = await startOne(settings, victim.name);
      const down = (await clusterStatus(settings)).filter((row) => !row.alive || !row.healthy);
      expect(down.length === 0, `not answering after the restart: ${down.map((row) => row.name).join(', ')}`);
      return `reconnected in ${seconds(reconnectMs)}, a turn on each socket after; gateway-1 up again in ${seconds(restarted.ms)}`;
    },
  );

  await check('the transcript holds every turn once and in order, and the session ends', async () => {
    const session = await call('GET', `/v1/coaching/sessions/${sessionId}`);
    const learner = session.turns.filter((entry) => entry.role === 'learner').map((entry) => entry.text);
    expect(
      JSON.stringify(learner) === JSON.stringify(sent),
      `sent ${sent.length} turns, the transcript has ${learner.length}`,
    );
    expect(session.turns.length === 1 + 2 * sent.length, `${session.turns.length} turns for ${sent.length} sent`);
    const ended = await call('POST', `/v1/coaching/sessions/${sessionId}/end`);
    expect(ended.status === 'end', `the session is ${ended.status} after its end`);
    return `${sent.length} learner turns, ${session.turns.length} in all`;
  });

  await check('every credit ledger balances, and the organization wallet agrees with its ledger', async () => {
    const { organizationAccount } = await import('@ai-coaching/domain');
    const { violations, balances, streams, events } = await checkClusterLedger(settings.databaseUrl);
    expect(violations.length === 0, violations.slice(0, 5).join('; '));
    const organizationBalance = balances
      .get(`credit-ledger-${organizationId}`)
      ?.get(organizationAccount(organizationId))?.available;
    const organization = await call('GET', `/v1/organizations/${organizationId}`);
    expect(
      organizationBalance === 100 && organization.credit_wallet === organizationBalance,
      `the ledger says ${organizationBalance}, the wallet ${organization.credit_wallet}; 120 were issued, 20 allocated`,
    );
    return `${streams} ledger streams, ${events} events`;
  });
};

let failed = false;
try {
  await smoke();
} catch (error) {
  failed = true;
  if (!(error instanceof SmokeStop)) say(`FAIL  the smoke itself — ${error.stack}`);
} finally {
  await check(
    'npm run cluster -- stop ends every process of the cluster',
    async () => {
      const names = [...processesOf(settings).map((info) => info.name), 'nginx'];
      const pids = new Map(names.map((name) => [name, readPid(pidFile(settings, name))]));
      await stopCluster(settings, { quiet: true });
      const left = names.filter((name) => isAlive(pids.get(name)));
      expect(left.length === 0, `still running: ${left.join(', ')}`);
      return `${[...pids.values()].filter(Boolean).length} processes ended`;
    },
    { goOn: true },
  );
  await dropDatabase(settings.databaseUrl).catch(() => undefined);
  await withRedis(settings.redisUrl, (redis) => redis.flushdb()).catch(() => undefined);
}
failed ||= results.some((result) => !result.ok);
if (failed || process.env.SMOKE_KEEP) say(`Logs and files kept in ${clusterDir}`);
else rmSync(clusterDir, { recursive: true, force: true });
const passed = results.filter((result) => result.ok).length;
say(`${passed} passed, ${results.length - passed} failed (cluster smoke, ${seconds(performance.now() - began)})`);
process.exitCode = failed ? 1 : 0;

// Credit ledger benchmark for one engine (PGlite or PostgreSQL): credit commands over HTTP.
//
//   node bench/credits.mjs --engine pglite|postgres [--short] [--out results.json]
//
// Normally started by bench/run.mjs, once per engine in a fresh process. It imports the compiled
// workspaces, so build the server first.
//
// It starts the real one-process server (API, projections, workers) through the API's test
// helpers: on PGlite in a temporary data directory, on PostgreSQL in a database of its own that is
// dropped at the end. Every credit command goes through the route, the cached per-stream ledger
// handler and the read-your-writes wait for every read model, as a client's would.
//
// Load: 8 clients, each one request at a time over its own keep-alive connection (node:http Agent),
// each signed in as an operator and a user of its organization, cycling through allocations
// (organization → user), transfers (user → user) and deallocations (user → organization), one
// third each (cycleOf). The clients run in a worker thread: their HTTP work is real CPU on a
// 2-core machine, but it does not hold the server's event loop, as it would from the same thread.
// A refused command fails the run: the figures are for commands that moved credits.
//
// Targets (2-core machine, PostgreSQL, spread): ≥ 300 commands/s, p95 ≤ 50 ms. Hot and PGlite are
// reported without a target. The CPU figures (machine busy, this process, PostgreSQL backends)
// tell a machine shared with other work from a slow code path.
//
// Scenarios, in order, each warmed up before it measures:
//   a. spread  8 clients, each in its own organization: 8 independent ledger streams (realistic)
//   b. hot     8 clients in ONE organization: every command on the same ledger stream (worst case)
//   c. server  the spread load without HTTP: the ledger command and the read-your-writes wait
//              called in the server's process, timed separately (where the time goes)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { performance as perf } from 'node:perf_hooks';
import { engineBenchmarkArgs, latencySummary, num } from './stats.mjs';

const CLIENTS = 8;
// Enough that no account runs dry whatever the mix: the organization gives and takes back, users
// give to each other, and each command moves 1 to 7 credits.
const ORGANIZATION_CREDITS = 1_000_000_000;
const USER_CREDITS = 1_000_000;
const SUPER_ADMIN_EMAIL = 'admin@localhost.localdomain';

/**
 * CPU use from now until the returned function is called: `machineBusy`, the share of all cores
 * busy (this process, PostgreSQL and whatever else runs on the machine), and `processCores`, the
 * cores this process used (all its threads: the server and, for HTTP, the load generator). Tells
 * a figure bound by CPU from one bound by waiting.
 */
const cpuMeter = () => {
  const totals = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, ...busy } = cpu.times;
        return { idle: sum.idle + idle, busy: sum.busy + Object.values(busy).reduce((a, b) => a + b, 0) };
      },
      { idle: 0, busy: 0 },
    );
  const start = totals();
  const startUsage = process.cpuUsage();
  const startedAt = performance.now();
  return () => {
    const end = totals();
    const usage = process.cpuUsage(startUsage);
    const busy = end.busy - start.busy;
    const all = busy + end.idle - start.idle;
    return {
      machineBusy: all > 0 ? busy / all : NaN,
      processCores: (usage.user + usage.system) / 1000 / (performance.now() - startedAt),
    };
  };
};

/**
 * The six requests a client cycles through, with its two identities: an operator, who allocates
 * and deallocates (to and from either of them) and gives of their own credits, and a user (a
 * learner), who gives of theirs. Each account gets and gives in turn, so balances stay near where
 * they started. The amount varies from request to request (1 to 7).
 */
const cycleOf = ({ operator, user }) => [
  { kind: 'allocate', token: operator.token, path: `/v1/users/allocate_credit/${user.userId}` },
  { kind: 'transfer', token: user.token, path: `/v1/users/transfer_credit/${operator.userId}` },
  { kind: 'deallocate', token: operator.token, path: `/v1/users/deallocate_credit/${operator.userId}` },
  { kind: 'allocate', token: operator.token, path: `/v1/users/allocate_credit/${operator.userId}` },
  { kind: 'transfer', token: operator.token, path: `/v1/users/transfer_credit/${user.userId}` },
  { kind: 'deallocate', token: operator.token, path: `/v1/users/deallocate_credit/${user.userId}` },
];

// ---------------------------------------------------------------------------------------------
// Load generator (worker thread)
// ---------------------------------------------------------------------------------------------

const runLoadWorker = async ({ url, clients, warmupMs, measureMs }) => {
  // One keep-alive socket per client: each client has one request in flight at a time.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length });
  const post = (path, token, body) =>
    new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const request = http.request(
        `${url}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(data),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              wait: response.headers['x-projection-wait'],
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(data);
    });

  const runFor = async (ms, record) => {
    const end = performance.now() + ms;
    const latencies = { all: [], allocate: [], transfer: [], deallocate: [] };
    let timedOut = 0;
    await Promise.all(
      clients.map(async (client, c) => {
        // Clients start at different points of the cycle, so the mix is even at every instant.
        let i = c;
        while (performance.now() < end) {
          const op = client.ops[i % client.ops.length];
          const started = performance.now();
          const answer = await post(op.path, op.token, { nb_credits: 1 + (i % 7) });
          const ms = performance.now() - started;
          i++;
          // A refused command runs a different, shorter path: its time would flatter the figures.
          if (answer.status !== 200) {
            throw new Error(`${op.kind} ${op.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
          }
          if (!record) continue;
          latencies.all.push(ms);
          latencies[op.kind].push(ms);
          // Answered before the read models caught up (PROJECTION_WAIT_MS passed): not read-your-writes.
          if (answer.wait !== 'caught-up') timedOut++;
        }
      }),
    );
    return { latencies, timedOut };
  };

  await runFor(warmupMs, false);
  parentPort.postMessage({ type: 'measuring' });
  const started = performance.now();
  const cpu = cpuMeter();
  const loop = perf.eventLoopUtilization();
  const { latencies, timedOut } = await runFor(measureMs, true);
  // Until the last in-flight request was answered, not the nominal duration.
  const seconds = (performance.now() - started) / 1000;
  // This thread's busy time: what the load generator itself costs, inside the process's CPU.
  const loadGeneratorMs = perf.eventLoopUtilization(loop).active;
  const cpuUse = { ...cpu(), loadGeneratorMsPerCommand: loadGeneratorMs / latencies.all.length };
  agent.destroy();
  const commands = latencies.all.length;
  return {
    clients: clients.length,
    commands,
    seconds,
    perSecond: commands / seconds,
    timedOutWaits: timedOut,
    cpu: cpuUse,
    latencyMs: latencySummary(latencies.all),
    byKind: Object.fromEntries(
      ['allocate', 'transfer', 'deallocate'].map((kind) => [kind, latencySummary(latencies[kind])]),
    ),
  };
};

const ms = (l) => `p50 ${num(l.p50, 1)} ms, p95 ${num(l.p95, 1)} ms, p99 ${num(l.p99, 1)} ms, max ${num(l.max)} ms`;

/**
 * CPU time of this database's PostgreSQL backends (the pool's connections) from now until
 * the returned function is called, read from /proc: with `processCores`, what a command
 * costs in CPU whatever else the machine runs. Background processes (WAL writer,
 * checkpointer) are not counted. Undefined on PGlite, or when PostgreSQL is not local.
 */
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
const backendCpuMs = async (db) => {
  const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const byPid = new Map();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) return undefined; // another machine's (or another namespace's) process
    // Fields after the command name: state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks);
  }
  return byPid;
};
const postgresCpuMeter = async (db, engine) => {
  if (engine !== 'postgres') return async () => undefined;
  const start = await backendCpuMs(db);
  const startedAt = performance.now();
  return async () => {
    const end = await backendCpuMs(db);
    if (!start || !end) return undefined;
    let ms = 0;
    // A backend opened during the window counts from 0; one closed during it is lost (rare:
    // the pool keeps idle connections for 10 s).
    for (const [pid, cpuMs] of end) ms += cpuMs - (start.get(pid) ?? 0);
    return { cpuMs: ms, cores: ms / (performance.now() - startedAt) };
  };
};

const withPostgresCpu = (cpu, postgres, commands, seconds) => ({
  ...cpu,
  ...(postgres ? { postgresCores: postgres.cores } : {}),
  // CPU milliseconds per command: this process (with the load generator for HTTP) and
  // the database backends. 2 cores ÷ their sum bounds the rate on an idle 2-core machine.
  processMsPerCommand: (cpu.processCores * seconds * 1000) / commands,
  ...(postgres ? { postgresMsPerCommand: postgres.cpuMs / commands } : {}),
});

const cpuText = ({
  machineBusy,
  processCores,
  postgresCores,
  processMsPerCommand,
  postgresMsPerCommand,
  loadGeneratorMsPerCommand,
}) =>
  `machine CPU ${num(machineBusy * 100)}% busy; this process ${num(processCores, 2)} cores ` +
  `(${num(processMsPerCommand, 1)} ms per command` +
  (loadGeneratorMsPerCommand === undefined
    ? ')'
    : `, of which the load generator ${num(loadGeneratorMsPerCommand, 1)} ms)`) +
  (postgresCores === undefined
    ? ''
    : `, PostgreSQL backends ${num(postgresCores, 2)} cores (${num(postgresMsPerCommand, 1)} ms per command)`);

/** Scenarios a and b: the clients' cycles over HTTP from the load worker, with PostgreSQL's CPU while it measures. */
const httpScenario = async ({ server, db, engine, settings, log }, name, clients) => {
  const result = await new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: {
        url: server.url,
        clients: clients.map((client) => ({ ops: cycleOf(client) })),
        warmupMs: settings.warmupMs,
        measureMs: settings.measureMs,
      },
    });
    let postgresCpu = Promise.resolve(async () => undefined);
    worker.on('message', (message) => {
      if (message.type === 'measuring') postgresCpu = postgresCpuMeter(db, engine);
      else
        postgresCpu
          .then((stop) => stop())
          .then((postgres) =>
            resolve({
              ...message.result,
              cpu: withPostgresCpu(message.result.cpu, postgres, message.result.commands, message.result.seconds),
            }),
          )
          .catch(reject);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the load worker exited with code ${code}`)));
  });
  log(
    `${name}: ${num(result.perSecond)} commands/s (${num(result.commands)} in ${num(result.seconds, 1)} s, ` +
      `${result.clients} clients); latency ${ms(result.latencyMs)}; ${cpuText(result.cpu)}` +
      (result.timedOutWaits ? `; ${result.timedOutWaits} answered before the read models caught up` : ''),
  );
  for (const [kind, l] of Object.entries(result.byKind)) log(`  ${kind}: ${ms(l)}`);
  return result;
};

/**
 * When every read model reached a position, seen by ONE poller reading the checkpoints every
 * 2 ms for all pending commands (a poll per command would load the database with the very
 * polling it measures). Stamped after the answer: it errs late by at most 2 ms and a query.
 */
const checkpointWatcher = (db, names, hasReached) => {
  const pending = new Set();
  let running = true;
  const loop = (async () => {
    while (running) {
      if (pending.size > 0) {
        const { rows } = await db.query('SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)', [
          names,
        ]);
        const at = performance.now();
        const positions = new Map(rows.map((row) => [row.name, row.position ?? undefined]));
        for (const waiter of pending) {
          if (names.every((name) => positions.has(name) && hasReached(positions.get(name), waiter.target))) {
            pending.delete(waiter);
            waiter.resolve(at);
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    reached: (target) => new Promise((resolve) => pending.add({ target, resolve })),
    stop: async () => {
      running = false;
      await loop;
    },
  };
};

/** The i-th command of a client's cycle: the same six steps as over HTTP. */
const ledgerCommandOf = ({ newId, userAccount }, client, i) => {
  const base = {
    organizationId: client.organizationId,
    actorId: client.operator.userId,
    transferId: newId(),
    amount: 1 + (i % 7),
  };
  const [operator, user] = [userAccount(client.operator.userId), userAccount(client.user.userId)];
  const metadata = { now: new Date().toISOString() };
  switch (i % 6) {
    case 0:
      return { type: 'AllocateCredits', data: { ...base, to: user }, metadata };
    case 1:
      // The ledger lets one give only one's own credits: the giver is the actor.
      return {
        type: 'TransferCredits',
        data: { ...base, actorId: client.user.userId, from: user, to: operator },
        metadata,
      };
    case 2:
      return { type: 'DeallocateCredits', data: { ...base, from: operator }, metadata };
    case 3:
      return { type: 'AllocateCredits', data: { ...base, to: operator }, metadata };
    case 4:
      return { type: 'TransferCredits', data: { ...base, from: operator, to: user }, metadata };
    default:
      return { type: 'DeallocateCredits', data: { ...base, from: user }, metadata };
  }
};

/**
 * Scenario c: the spread load called in-process, as the route does after validation and the
 * target lookup: `runCommandWith` (read-your-writes wait) around the shared ledger handler.
 * Three instants per command, from its start: `command`, the handler alone (stream catch-up
 * from the cache, decide, append); `caughtUp`, every read model holds the append (the
 * watcher above); `answered`, runCommandWith returned, as the route would answer. Between
 * the last two is the granularity of waitForProjections' backing-off poll.
 */
const serverSide = async (context, spreadClients) => {
  const { server, db, engine, settings, log, modules } = context;
  const { runCommandWith, handleLedgerCommand, SYSTEM, hasReached, allProjections } = modules;
  const deps = {
    store: server.platform.store,
    db,
    config: server.platform.config,
    logger: server.platform.logger,
    ids: server.platform.ids,
    wakeProjections: (names) => server.projections.wake(names),
  };
  const watcher = checkpointWatcher(
    db,
    allProjections.map((projection) => projection.name),
    hasReached,
  );
  const runFor = async (duration, record) => {
    const end = performance.now() + duration;
    const command = [];
    const caughtUp = [];
    const total = [];
    await Promise.all(
      spreadClients.map(async (client, c) => {
        let i = c;
        while (performance.now() < end) {
          const ledgerCommand = ledgerCommandOf(modules, client, i++);
          let commandMs;
          let reached;
          const started = performance.now();
          await runCommandWith(deps, SYSTEM, { commandId: ledgerCommand.data.transferId }, async (options) => {
            const result = await handleLedgerCommand(deps.store, ledgerCommand, options);
            commandMs = performance.now() - started;
            reached = watcher.reached(result.append.position);
            return result;
          });
          const answeredMs = performance.now() - started;
          const caughtUpMs = (await reached) - started;
          if (record) {
            command.push(commandMs);
            caughtUp.push(caughtUpMs);
            total.push(answeredMs);
          }
          // Each command from a fresh turn of the event loop, as a request's would: PGlite
          // answers without I/O, and chained microtasks would starve the projection timers.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    return { command, caughtUp, total };
  };
  let measured;
  try {
    await runFor(settings.warmupMs, false);
    const started = performance.now();
    const cpu = cpuMeter();
    const postgresCpu = await postgresCpuMeter(db, engine);
    measured = await runFor(settings.serverSideMs, true);
    measured.seconds = (performance.now() - started) / 1000;
    measured.cpu = withPostgresCpu(cpu(), await postgresCpu(), measured.total.length, measured.seconds);
  } finally {
    await watcher.stop();
  }
  const { command, caughtUp, total, seconds, cpu } = measured;
  const result = {
    clients: spreadClients.length,
    commands: total.length,
    seconds,
    perSecond: total.length / seconds,
    cpu,
    commandMs: latencySummary(command),
    readModelsCaughtUpMs: latencySummary(caughtUp),
    withReadYourWritesMs: latencySummary(total),
  };
  log(
    `server-side, spread, no HTTP: ${num(result.perSecond)} commands/s (${num(result.commands)} in ${num(seconds, 1)} s); ${cpuText(cpu)}`,
  );
  log(`  ledger command:              ${ms(result.commandMs)}`);
  log(`  read models caught up:       ${ms(result.readModelsCaughtUpMs)}`);
  log(`  answered (read-your-writes): ${ms(result.withReadYourWritesMs)}`);
  return result;
};

/** The summary's rows: the targets apply to the spread scenario on PostgreSQL. */
const summaryRows = ({ engine, TARGETS }, { spread, hot, inProcess }) => {
  const row = (metric, value, unit, extra = {}) => ({ metric, engine, value, unit, ...extra });
  const lat = (l) => `${num(l.p50, 1)}/${num(l.p95, 1)}/${num(l.p99, 1)} ms`;
  return [
    row('credit commands/s, spread (8 orgs, HTTP)', spread.perSecond, '/s', {
      ...(TARGETS.commandsPerSecond ? { target: TARGETS.commandsPerSecond, better: 'higher' } : {}),
    }),
    row('credit latency p50/p95/p99, spread', spread.latencyMs.p95, 'ms', {
      display: lat(spread.latencyMs),
      ...(TARGETS.p95Ms ? { target: TARGETS.p95Ms, better: 'lower' } : {}),
    }),
    row('credit commands/s, hot (1 org; info)', hot.perSecond, '/s', {
      note: 'worst case: every command on one ledger stream; no target',
    }),
    row('credit latency p50/p95/p99, hot (info)', hot.latencyMs.p95, 'ms', { display: lat(hot.latencyMs) }),
    row('  server-side ledger command, spread', inProcess.commandMs.p95, 'ms', {
      display: lat(inProcess.commandMs),
    }),
    row('  server-side, read models caught up', inProcess.readModelsCaughtUpMs.p95, 'ms', {
      display: lat(inProcess.readModelsCaughtUpMs),
    }),
    row('  server-side, answered (read-your-writes)', inProcess.withReadYourWritesMs.p95, 'ms', {
      display: lat(inProcess.withReadYourWritesMs),
    }),
  ];
};

if (!isMainThread) {
  parentPort.postMessage({ type: 'result', result: await runLoadWorker(workerData) });
} else {
  await mainThread();
}

async function mainThread() {
  // -----------------------------------------------------------------------------------------
  // Main thread: the server, the fixtures, the scenarios
  // -----------------------------------------------------------------------------------------
  const args = engineBenchmarkArgs('credits.mjs');
  const { engine, short } = args;
  // Short mode (CI) runs the same code paths; its figures are noisier.
  const settings = short
    ? { warmupMs: 500, measureMs: 2_000, serverSideMs: 1_000 }
    : { warmupMs: 3_000, measureMs: 15_000, serverSideMs: 10_000 };
  // From the ledger's goals, for a 2-core machine; they apply to PostgreSQL and the spread scenario.
  const TARGETS = engine === 'postgres' ? { commandsPerSecond: 300, p95Ms: 50 } : {};

  const log = (message) => console.log(`[${engine}] ${message}`);
  const { writeFile } = await import('node:fs/promises');
  const { startTestServerOn, signIn, signInAs, createTestOrganization, TEST_PASSWORD } =
    await import('@ai-coaching/api/testing');
  const { handleLedgerCommand, runCommandWith, SYSTEM } = await import('@ai-coaching/application');
  const { userAccount } = await import('@ai-coaching/domain');
  const { hasReached, newId } = await import('@ai-coaching/platform');
  const { allProjections } = await import('@ai-coaching/projections');
  const modules = { handleLedgerCommand, runCommandWith, SYSTEM, userAccount, hasReached, newId, allProjections };

  const setupStarted = performance.now();
  const server = await startTestServerOn(engine);
  const serverStartMs = performance.now() - setupStarted;
  try {
    const { db } = server.platform;
    const show = async (name) => Object.values((await db.query(`SHOW ${name}`)).rows[0])[0];
    const dbSettings = {
      serverVersion: await show('server_version'),
      fsync: await show('fsync'),
      synchronousCommit: await show('synchronous_commit'),
    };
    log(
      `one-process server on ${server.url} (started in ${num(serverStartMs / 1000, 1)} s); ` +
        `database ${dbSettings.serverVersion}, fsync=${dbSettings.fsync}, synchronous_commit=${dbSettings.synchronousCommit}; ` +
        `${short ? 'short' : 'full'} mode`,
    );

    const adminToken = await signIn(server, SUPER_ADMIN_EMAIL, TEST_PASSWORD);
    const call = async (token, path, nbCredits) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nb_credits: nbCredits }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`setup: ${path} answered ${response.status}: ${text}`);
      return JSON.parse(text);
    };
    const fundOrganization = (organizationId) =>
      call(adminToken, `/v1/organizations/allocate_credit/${organizationId}`, ORGANIZATION_CREDITS);

    /** One client's identities in `organizationId`: an operator and a user, both holding credits. */
    const clientIn = async (organizationId) => {
      const operator = await signInAs(server, { role: 'operator', organizationId });
      const user = await signInAs(server, { role: 'user', organizationId });
      // One gives only what one holds: start both with plenty, as the organization's operator would.
      await call(operator.token, `/v1/users/allocate_credit/${operator.userId}`, USER_CREDITS);
      await call(operator.token, `/v1/users/allocate_credit/${user.userId}`, USER_CREDITS);
      const strip = ({ userId, token }) => ({ userId, token });
      return { organizationId, operator: strip(operator), user: strip(user) };
    };

    const fixturesStarted = performance.now();
    // All in parallel, to keep short mode short: organizations are independent streams, and
    // password hashing (creating and signing in each identity) runs on libuv's threads.
    const [hotOrganizationId, ...spreadOrganizations] = await Promise.all(
      ['Bench hot', ...Array.from({ length: CLIENTS }, (_, c) => `Bench spread ${c}`)].map(async (name) => {
        const organizationId = await createTestOrganization(server, name);
        await fundOrganization(organizationId);
        return organizationId;
      }),
    );
    const clients = await Promise.all(
      [...spreadOrganizations, ...Array.from({ length: CLIENTS }, () => hotOrganizationId)].map(clientIn),
    );
    const spreadClients = clients.slice(0, CLIENTS);
    const hotClients = clients.slice(CLIENTS);
    log(
      `fixtures: ${CLIENTS + 1} organizations, ${CLIENTS * 2} operators, ${CLIENTS * 2} users in ` +
        `${num((performance.now() - fixturesStarted) / 1000, 1)} s (not measured)`,
    );

    const spread = await httpScenario({ server, db, engine, settings, log }, 'spread (8 organizations)', spreadClients);
    const hot = await httpScenario({ server, db, engine, settings, log }, 'hot (1 organization)', hotClients);

    const context = { server, db, engine, settings, log, TARGETS, modules };
    const inProcess = await serverSide(context, spreadClients);

    const result = {
      benchmark: 'credits',
      engine,
      short,
      settings: { ...settings, clients: CLIENTS, projectionWaitMs: server.platform.config.PROJECTION_WAIT_MS },
      server: { ...dbSettings, startMs: serverStartMs },
      figures: { spread, hot, serverSide: inProcess },
      rows: summaryRows({ engine, TARGETS }, { spread, hot, inProcess }),
    };
    if (args.out) await writeFile(args.out, JSON.stringify(result, null, 2));
  } finally {
    await server.close();
  }
}

// The production topology under its users' load, with faults (issue 26; docs/performance.md, "System").
//
//   npm run bench -- system            full mode: 12 minutes of load (SYSTEM_BENCH_MINUTES to change it)
//   npm run bench -- system --short    CI-sized: 3.5 minutes, fewer users, the same faults closer together
//
// It starts its own PostgreSQL and Redis on free ports (two faults restart them; the machine's are never touched),
// the fake OpenAI realtime server in this process (its certificate trusted by the runtimes through
// NODE_EXTRA_CA_CERTS), and `npm run cluster`'s topology in a temporary folder: 2 API, 2 gateways, 2 workers and the
// projections behind Debian's nginx. Everything its users do goes through nginx, as a browser's requests would:
//   - learners in text sessions at human pace (a turn every 3–8 s) on the starter library, who end, read their
//     result and report, and ask the coach, then start again;
//   - learners in live voice sessions on the fake provider (20 ms frames, playback reports, barge-ins);
//   - guests joining through share links; operators at the credit history, its CSV export, allocations and transfers;
//   - bulk analysis re-runs by the workers.
// Faults follow on a schedule (./system/faults.mjs). After the load, the drain: every client ends its session and the
// workers finish their reports; then the invariants (./system/invariants.mjs) are checked and printed PASS or FAIL,
// with the figures: throughput, p50/p95/p99 by kind of request and socket event, the voice hops, each fault's
// recovery, the errors by kind, and CPU and memory per process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startCluster, stopCluster } from '../scripts/cluster/cluster.mjs';
import { portFree, freePorts } from '../scripts/cluster/ports.mjs';
import { readPid } from '../scripts/cluster/processes.mjs';
import { findNginx, NGINX_MISSING } from '../scripts/cluster/stores.mjs';
import { edgeUrl, settingsFromEnv } from '../scripts/cluster/topology.mjs';
import { loadTestFakes } from './fakes.mjs';
import { latencySummary, num } from './stats.mjs';
import { arrange } from './system/arrange.mjs';
import { faultPlan, runFaults } from './system/faults.mjs';
import { checkInvariants } from './system/invariants.mjs';
import { createRecord, isServerFailure } from './system/record.mjs';
import { startPostgres, startRedis } from './system/stores.mjs';
import { MACHINE, sampleUsage, usageSummary } from './system/usage.mjs';
import { guest, operator, reruns, textLearner } from './system/users.mjs';
import { createVoice } from './system/voice.mjs';

const { values: args } = parseArgs({
  options: { short: { type: 'boolean', default: false }, out: { type: 'string' }, engine: { type: 'string' } },
});
const short = args.short;
const MODE_DEFAULTS = short
  ? {
      loadMs: 210_000,
      text: 20,
      voice: 5,
      guests: 4,
      operators: 1,
      firstFaultMs: 25_000,
      faultEveryMs: 15_000,
      rerunEveryMs: 30_000,
      stopMs: 5000,
      outageMs: 5000,
    }
  : {
      loadMs: Number(process.env.SYSTEM_BENCH_MINUTES || 12) * 60_000,
      text: 200,
      voice: 50,
      guests: 30,
      operators: 2,
      firstFaultMs: 90_000,
      faultEveryMs: 45_000,
      rerunEveryMs: 45_000,
      stopMs: 10_000,
      outageMs: 15_000,
    };
/**
 * How many of each user, and whether faults come, may be changed to see where the time goes (SYSTEM_TEXT,
 * SYSTEM_VOICE, SYSTEM_GUESTS, SYSTEM_FAULTS=none); the figures of docs/performance.md are the defaults'.
 */
const countFrom = (name, fallback) => (process.env[name] === undefined ? fallback : Number(process.env[name]));
const MODE = {
  ...MODE_DEFAULTS,
  text: countFrom('SYSTEM_TEXT', MODE_DEFAULTS.text),
  voice: countFrom('SYSTEM_VOICE', MODE_DEFAULTS.voice),
  guests: countFrom('SYSTEM_GUESTS', MODE_DEFAULTS.guests),
  faults: process.env.SYSTEM_FAULTS !== 'none',
};
const PACE = [3000, 8000];
const RESPONSE_DELAY_MS = 200;
const SETTLE_MS = 10_000;
const TARGETS = { turnP95: 300, frameP95: 20, recoveryMs: 10_000, memoryGrowth: 1.25 };
const REALTIME_KEY = 'sk-system-bench-0123456789';

const say = (line) => console.log(`[system] ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (!findNginx()) {
  console.error(NGINX_MISSING);
  process.exit(1);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'ai-coaching-system-'));
const firstFree = async (from) => {
  for (let port = from; port < from + 1000; port++) if (await portFree(port)) return port;
  throw new Error(`no free port from ${from}`);
};

say(
  `${short ? 'short' : 'full'} mode: ${MODE.text} text learners, ${MODE.voice} voice, ${MODE.guests} guests, ${MODE.operators} operators, ${seconds(MODE.loadMs)} of load; folder ${workDir}`,
);
// PostgreSQL's folder must be the postgres account's when this runs as root: outside the (private) temporary folder.
const pgDir = mkdtempSync(path.join(os.tmpdir(), 'ai-coaching-system-pg-'));
const postgres = await startPostgres({
  dir: pgDir,
  port: await firstFree(55432),
  statements: Boolean(process.env.SYSTEM_PG_STATEMENTS),
});
const redis = await startRedis({ dir: path.join(workDir, 'redis'), port: await firstFree(56379) });
const record = createRecord();
const voice = createVoice({ record });
const fakes = await loadTestFakes('openai-realtime-server', 'self-signed-certificate');
const certificate = fakes['self-signed-certificate'].selfSignedCertificate();
const certFile = path.join(workDir, 'realtime-cert.pem');
writeFileSync(certFile, certificate.cert);
const fake = await fakes['openai-realtime-server'].startFakeRealtimeServer({
  apiKey: REALTIME_KEY,
  certificate,
  responseDelayMs: RESPONSE_DELAY_MS,
  observe: voice.observe,
});

const clusterDir = path.join(workDir, 'cluster');
mkdirSync(clusterDir, { recursive: true });
const { portBase, edgePort } = await freePorts(Number(process.env.SYSTEM_PORT_BASE || 4700));
const settings = settingsFromEnv({
  CLUSTER_DIR: clusterDir,
  EDGE_PORT: String(edgePort),
  CLUSTER_PORT_BASE: String(portBase),
  CLUSTER_DATABASE_URL: postgres.url('ai_coaching_system'),
  CLUSTER_REDIS_URL: redis.url(0),
  // As in production: every request's access log line is part of its cost.
  LOG_LEVEL: 'info',
  NODE_EXTRA_CA_CERTS: certFile,
  CLUSTER_NODE_ARGS: process.env.CLUSTER_NODE_ARGS,
});
const base = edgeUrl(settings);

let results;
let failed = false;
try {
  say('starting the cluster…');
  await startCluster(settings);
  say('arranging the organization, its people and content through the edge…');
  const arranged = await arrange({
    base,
    clusterDir,
    adminEmail: settings.adminEmail,
    record,
    counts: MODE,
    realtime: { baseUrl: fake.baseUrl, apiKey: REALTIME_KEY },
    say,
  });
  record.latencies.delete('arrange');
  results = await runLoad(arranged);
} catch (error) {
  failed = true;
  console.error(`[system] FAILED: ${error.stack}`);
} finally {
  say('stopping the cluster and the stores…');
  await stopCluster(settings, { quiet: true }).catch(() => undefined);
  await fake.close().catch(() => undefined);
  await redis.stop().catch(() => undefined);
  postgres.stop();
  if (failed || process.env.SYSTEM_KEEP) say(`logs kept in ${workDir} and ${pgDir}`);
  else {
    rmSync(workDir, { recursive: true, force: true });
    rmSync(pgDir, { recursive: true, force: true });
  }
}
if (results && args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
process.exitCode = failed ? 1 : 0;

async function runLoad(arranged) {
  const origin = performance.now();
  const deadline = origin + MODE.loadMs;
  const running = () => performance.now() < deadline;
  const usage = sampleUsage({
    settings,
    nginxPid: () => readPid(path.join(clusterDir, 'nginx.pid')),
    postgres,
    redis,
  });
  const movements = {
    group: 0,
    transfers: 0,
    get count() {
      return Math.abs(this.group) + this.transfers;
    },
  };
  if (process.env.SYSTEM_PG_STATEMENTS) postgres.resetStatements();
  say(`load for ${seconds(MODE.loadMs)}…`);
  const stagger = (index, count) => new Promise((resolve) => setTimeout(resolve, (index / count) * 20_000));
  const users = [
    ...arranged.textLearners.map(async (person, index, all) => {
      await stagger(index, all.length);
      return textLearner({ base, person, arranged, record, running, pace: PACE });
    }),
    ...arranged.voiceLearners.map(async (person, index, all) => {
      await stagger(index, all.length);
      return voice.learner({
        base,
        person,
        scenarioId: arranged.voiceScenario,
        running,
        sessionMs: 60_000 + Math.random() * 60_000,
        bargeIns: index % 3 === 0,
      });
    }),
    ...Array.from({ length: MODE.guests }, async (_, index) => {
      await stagger(index, MODE.guests);
      return guest({ base, index, arranged, record, running, pace: PACE });
    }),
    ...arranged.operators.map((person) => operator({ person, arranged, record, running, movements })),
    reruns({ person: arranged.operators[0], arranged, record, running, everyMs: MODE.rerunEveryMs }),
  ].map((user) => user.catch((error) => record.fail('bench user', error.message)));
  const progress = setInterval(() => {
    const turns = turnsAnswered();
    say(
      `  ${seconds(performance.now() - origin)}: ${turns} turns answered, ${record.counts.get('voice: frames sent') ?? 0} voice frames, ${record.failures.length} failed attempts`,
    );
  }, 30_000);
  const faults = await runFaults({
    plan: MODE.faults ? faultPlan({ settings, postgres, redis, stopMs: MODE.stopMs, outageMs: MODE.outageMs }) : [],
    firstAtMs: MODE.firstFaultMs,
    everyMs: MODE.faultEveryMs,
    settleMs: SETTLE_MS,
    running,
    say,
    origin,
  });
  await Promise.all(users);
  clearInterval(progress);
  const loadSeconds = (performance.now() - origin) / 1000;
  say('drain: waiting for the workers to finish every report…');
  const drained = await drain(settings.databaseUrl);
  usage.stop();
  say(`drained in ${seconds(drained)}; checking the invariants…`);
  const invariants = await checkInvariants({ databaseUrl: settings.databaseUrl, arranged, movements, record, faults });
  if (process.env.SYSTEM_PG_STATEMENTS) printStatements();
  return report({
    faults,
    invariants,
    usage: usageSummary(usage.samples, { warmMs: 60_000, minLifeMs: 180_000 }),
    loadSeconds,
  });
}

/** Text and guest turns answered so far. */
function turnsAnswered() {
  return (
    (record.latencies.get('text: session.turn')?.length ?? 0) +
    (record.latencies.get('guest: session.turn')?.length ?? 0)
  );
}

/** The statements of most database time, per text or guest turn answered (SYSTEM_PG_STATEMENTS=1). */
function printStatements() {
  const turns = turnsAnswered();
  const totals = postgres.statementTotals();
  say(
    `PostgreSQL: ${num(totals.calls)} statements (${(totals.calls / Math.max(1, turns)).toFixed(1)} a turn answered), ${seconds(totals.totalMs)} executing (${(totals.totalMs / Math.max(1, turns)).toFixed(1)} ms a turn)`,
  );
  say(`the statements of most time (${turns} turns answered): calls a turn, total ms, mean ms, rows, query`);
  for (const statement of postgres.topStatements()) {
    say(
      `  ${(statement.calls / Math.max(1, turns)).toFixed(2).padStart(7)} ${String(statement.totalMs).padStart(8)} ${statement.meanMs.toFixed(2).padStart(7)} ${String(statement.rows).padStart(8)}  ${statement.query}`,
    );
  }
}

/** Waits (at most two minutes) until every requested observer report has its result. */
async function drain(databaseUrl) {
  const { default: pg } = await import('pg');
  const began = performance.now();
  while (performance.now() - began < 120_000) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM es_events r, jsonb_array_elements(r.data->'observers')
                WHERE r.event_type = 'CoachingSessionAnalysisRequested')
            - (SELECT count(*) FROM es_events WHERE event_type IN
                ('CoachingSessionObserverReportRecorded', 'CoachingSessionObserverAnalysisFailed')) AS pending`,
    );
    await db.end();
    if (Number(rows[0].pending) <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return performance.now() - began;
}

/** How long users saw trouble after a fault: its last failure, reconnection or voice resumption in its window. */
function recoveryOf(fault) {
  const inWindow = (at) => at >= fault.injectedAt && at <= fault.windowEnd;
  const from = fault.outage ? fault.restoredAt : fault.injectedAt;
  const ends = [
    ...record.failures
      .filter((failure) => inWindow(failure.at) && isServerFailure(failure))
      .map((failure) => failure.at),
    ...record.reconnects.filter((drop) => inWindow(drop.at)).map((drop) => drop.at + drop.ms),
    ...record.voiceResumes.filter((drop) => inWindow(drop.at)).map((drop) => drop.at + drop.ms),
  ];
  const reconnects = record.reconnects.filter((drop) => inWindow(drop.at)).map((drop) => drop.ms);
  const resumes = record.voiceResumes.filter((drop) => inWindow(drop.at)).map((drop) => drop.ms);
  const failures = record.failures.filter((failure) => inWindow(failure.at) && isServerFailure(failure));
  return {
    ...fault,
    restoredMs: fault.restoredAt - fault.injectedAt,
    troubleMs: ends.length === 0 ? 0 : Math.max(0, Math.max(...ends) - from),
    failedAttempts: failures.length,
    whatFailed: Object.entries(
      failures.reduce((counts, failure) => {
        const key = `${failure.kind} ${failure.what}`;
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {}),
    ).sort((a, b) => b[1] - a[1]),
    unrecovered: failures.filter((failure) => !failure.retried).length,
    reconnects: latencySummary(reconnects),
    voiceResumes: latencySummary(resumes),
  };
}

function report({ faults, invariants, usage, loadSeconds }) {
  const lines = [];
  const print = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  print(
    `\nSystem bench (${short ? 'short' : 'full'} mode): ${num(loadSeconds)} s of load through nginx on ${os.cpus().length} cores; load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  print(
    '\nRequests and socket events (what the clients measured: attempt sent → answer received; retries are separate attempts)',
  );
  const kinds = [...record.latencies].sort(([a], [b]) => a.localeCompare(b));
  print(
    `${'kind'.padEnd(58)} ${'count'.padStart(8)} ${'per s'.padStart(7)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`,
  );
  for (const [kind, values] of kinds) {
    const s = latencySummary(values);
    print(
      `${kind.padEnd(58)} ${String(s.count).padStart(8)} ${num(s.count / loadSeconds, 1).padStart(7)} ${num(s.p50, 1).padStart(8)} ${num(s.p95, 1).padStart(8)} ${num(s.p99, 1).padStart(8)} ${num(s.max, 0).padStart(8)}`,
    );
  }
  for (const [name, count] of [...record.counts].sort()) print(`  ${name}: ${count}`);

  print(
    '\nFaults (restored: the process answering /healthz or the store answering; users: their last failure, reconnection or voice resumption in the window)',
  );
  const recovered = faults.map(recoveryOf);
  for (const fault of recovered) print(faultLine(fault));

  print('\nErrors by kind (failed attempts; "retried" ones were tried again by the client)');
  const errors = errorsByKind();
  if (errors.size === 0) print('  none');
  for (const [key, { count, retried }] of [...errors].sort((a, b) => b[1].count - a[1].count))
    print(`  ${String(count).padStart(6)}  ${key} (${retried} retried)`);

  print(
    '\nCPU (mean % of one core over the run) and memory (MB; each life after its first minute: the peak of its last quarter against that of its second)',
  );
  for (const row of usage) {
    if (row.name === MACHINE) {
      print(`  ${row.name.padEnd(32)} cpu ${num(row.cpuPercent, 1).padStart(6)} % (of ${os.cpus().length * 100} %)`);
      continue;
    }
    print(
      `  ${row.name.padEnd(32)} cpu ${num(row.cpuPercent, 1).padStart(6)} %   rss peak ${num(row.rssPeakMb).padStart(5)}, end ${num(row.rssEndMb).padStart(5)}; ` +
        `longest life ${seconds(row.longest.spanMs)}: 2nd quarter ${num(row.longest.secondQuarterMb).padStart(5)} → last ${num(row.longest.lastQuarterMb).padStart(5)}; ` +
        `${row.lives} ${row.lives === 1 ? 'life' : 'lives'}, ${row.judgedLives} judged, worst ×${row.growth.toFixed(2)}`,
    );
  }

  const memory = usage.filter((row) => /^(api|gateway|workers|projections)-/.test(row.name) && row.judgedLives > 0);
  const memoryProblems = memory
    .filter((row) => row.growth > TARGETS.memoryGrowth)
    .map((row) => `${row.name} grew ×${row.growth.toFixed(2)}`);
  // Users' recovery: the process of a kill is started again by the cluster script meanwhile (its time is printed above;
  // on this loaded machine a runtime takes seconds to start), the others serving its users.
  const slowRecoveries = recovered
    .filter((fault) => !fault.strict && fault.troubleMs > TARGETS.recoveryMs)
    .map((fault) => `${fault.name}: ${seconds(fault.troubleMs)}`);
  const gatewayKill = recovered.find((fault) => fault.name === 'kill -9 gateway-1');
  const all = [
    ...invariants,
    {
      name: `memory: no runtime's peak grows more than ×${TARGETS.memoryGrowth} from the second to the last quarter of a life (lives of 3 minutes or more after their first minute)`,
      ok: memoryProblems.length === 0,
      detail: memoryProblems.join('; ') || `${memory.length} runtimes checked`,
    },
    {
      name: 'recovery: every fault over for its users within 10 s (of the kill; of the store or process back for an outage or a hang)',
      ok: slowRecoveries.length === 0 && faults.every((fault) => fault.ok),
      detail: slowRecoveries.join('; ') || `${faults.length} faults`,
    },
    {
      name: 'sockets of the killed gateway reconnect to the other within 10 s',
      ok: Boolean(gatewayKill) && gatewayKill.reconnects.count > 0 && gatewayKill.reconnects.max <= 10_000,
      detail: gatewayKill
        ? `${gatewayKill.reconnects.count} sockets, max ${seconds(gatewayKill.reconnects.max)}`
        : 'not injected',
    },
  ];
  print('\nInvariants');
  for (const check of all) print(`  ${check.ok ? 'PASS' : 'FAIL'}  ${check.name} — ${check.detail}`);

  const turns = latencySummary([
    ...(record.latencies.get('text: session.turn') ?? []),
    ...(record.latencies.get('guest: session.turn') ?? []),
  ]);
  const frames = latencySummary(record.latencies.get('voice: frame, learner → provider') ?? []);
  const failures = all.filter((check) => !check.ok).length;
  const row = (metric, value, unit, target, display) => ({
    metric,
    engine: 'postgres',
    value,
    unit,
    ...(display ? { display } : {}),
    ...(target === undefined ? {} : { target, better: 'lower' }),
  });
  return {
    benchmark: 'system',
    engine: 'postgres',
    short,
    settings: { ...MODE, pace: PACE, responseDelayMs: RESPONSE_DELAY_MS, settleMs: SETTLE_MS, cpus: os.cpus().length },
    figures: {
      latencies: Object.fromEntries(kinds.map(([kind, values]) => [kind, latencySummary(values)])),
      counts: Object.fromEntries(record.counts),
      faults: recovered,
      usage,
      errors: Object.fromEntries(errors),
      invariants: all,
    },
    printed: lines,
    rows: [
      row('System: text turn through nginx, p95', turns.p95, 'ms', TARGETS.turnP95),
      row(
        `System: gateway-added per audio frame, p95 (${MODE.voice} voice sessions)`,
        frames.p95,
        'ms',
        TARGETS.frameP95,
      ),
      row(
        'System: slowest recovery after a fault',
        Math.max(...recovered.filter((fault) => !fault.strict).map((fault) => fault.troubleMs)),
        'ms',
        TARGETS.recoveryMs,
      ),
      row('System: invariants failing', failures, '', 0, `${failures} of ${all.length}`),
    ],
  };
}

/** One fault as the report prints it: its restoration, the users' trouble, and what failed in its window. */
function faultLine(fault) {
  return (
    `  ${fault.ok ? '' : 'FAILED '}${fault.name}: restored ${seconds(fault.restoredMs)}; users' trouble ${seconds(fault.troubleMs)}` +
    `; ${fault.failedAttempts} failed attempts (${fault.unrecovered} not retried)` +
    (fault.reconnects.count
      ? `; ${fault.reconnects.count} sockets reconnected, p95 ${seconds(fault.reconnects.p95)}, max ${seconds(fault.reconnects.max)}`
      : '') +
    (fault.voiceResumes.count
      ? `; ${fault.voiceResumes.count} voice sessions heard again, max ${seconds(fault.voiceResumes.max)}`
      : '') +
    ` — ${fault.detail}` +
    (fault.whatFailed.length
      ? `\n      failed: ${fault.whatFailed
          .slice(0, 6)
          .map(([what, count]) => `${count} × ${what}`)
          .join('; ')}`
      : '')
  );
}

/** Failed attempts grouped by kind and what failed, with how many the client tried again. */
function errorsByKind() {
  const errors = new Map();
  for (const failure of record.failures) {
    const key = `${failure.kind}: ${failure.what}`;
    const entry = errors.get(key) ?? { count: 0, retried: 0 };
    entry.count += 1;
    if (failure.retried) entry.retried += 1;
    errors.set(key, entry);
  }
  return errors;
}

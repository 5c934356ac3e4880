// Event store and projection benchmark for one engine (PGlite or PostgreSQL).
//
//   node bench/eventstore.mjs --engine pglite|postgres [--short] [--out results.json]
//
// Normally started by bench/run.mjs, which runs it once per engine in a fresh process (so one
// engine's heap, JIT state and WebAssembly memory cannot colour the other's figures) and prints
// the summary. It imports the compiled workspaces, so build the server first.
//
// Phases, in order; each warms up before it measures:
//   1. appends, 1 writer        sustained single-event appends with exact expected revisions
//   2. appends, 8 writers       the same with 8 concurrent writers, each on its own streams
//   3. seed                     top the store up with batch appends so the read and rebuild
//                               figures run over enough events (not measured)
//   4. $all read                read everything in batches of 500
//   5. projection catch-up      runner.start() over the whole store (also warms the apply path)
//                               and, here and in 7, the longest event-loop stall (≤ 100 ms on PGlite)
//   6. projection lag           steady appends at a fixed rate; lag = append resolved → the
//                               runner's transaction writing the row committed. Once with
//                               runner.wake() after each append (one-process mode), once with the
//                               runner polling (projections in their own process)
//   7. rebuild                  runner.rebuild() over every event in the store
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createLogger,
  createPgliteDatabase,
  createPostgresDatabase,
  createSqlEventStore,
  eventStoreMigrations,
  migrate,
  newId,
  quoteIdent,
} from '@ai-coaching/platform';
import { TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import {
  createProjectionRunner,
  defineProjection,
  projectionMigrations,
  readStatus,
  waitForProjections,
} from '@ai-coaching/projections';
import { engineBenchmarkArgs, latencySummary, num } from './stats.mjs';

const args = engineBenchmarkArgs('eventstore.mjs');
const { engine, short } = args;

// Short mode (CI) runs the same code paths for a fraction of the time; its figures are noisier.
const settings = short
  ? { warmupMs: 500, appendMs: 1_500, seedTo: 3_000, readPasses: 1, lagRate: 200, lagMs: 3_000, drainMs: 10_000 }
  : { warmupMs: 2_000, appendMs: 10_000, seedTo: 40_000, readPasses: 3, lagRate: 200, lagMs: 20_000, drainMs: 30_000 };

const STREAMS_PER_WRITER = 16;
const SEED_BATCH = 50;
const READ_BATCH = 500;
// How often the lag phase's reader reads the checkpoint. Its lag is overstated by at most this plus
// one round trip; its own load (one tiny SELECT per interval) is part of both lag figures.
const LAG_PROBE_MS = 5;
const EVENT_TYPE = 'BenchMessageRecorded';

const TARGETS = {
  appends8: engine === 'postgres' ? 500 : 400,
  lagP95Ms: 500,
  lagP99Ms: 2_000,
  projectionEventsPerSecond: 2_000,
  // Issue 9 §3.3: on PGlite a batch holds the event loop, so a request waits at most one batch. On PostgreSQL a
  // batch waits for the server, so its figure is informative only.
  eventLoopStallMs: engine === 'pglite' ? 100 : undefined,
};

const log = (message) => console.log(`[${engine}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

// A payload the size of a real command event (≈ 400 bytes of JSON with its metadata), so that
// the figures include JSON encoding and jsonb parsing of a realistic document.
const ACTOR = { userId: newId(), role: 'member' };
const makeEvent = (streamId) => {
  const now = new Date().toISOString();
  return {
    id: newId(),
    type: EVENT_TYPE,
    data: {
      sessionId: streamId,
      role: 'user',
      text: 'How would you open the conversation with a hesitant client?',
      tokens: 14,
      at: now,
    },
    metadata: { occurredAt: now, correlationId: newId(), causationId: newId(), actor: ACTOR, schemaVersion: 1 },
  };
};

/**
 * Stamps the instant rows become visible. The runner gets the database through `wrap`; the bench
 * projection notes each event it applies, and when the runner's transaction around them resolves
 * they are committed, which is when their rows become visible to every reader. That measures
 * visibility without a poller's granularity or its queueing. One projection, so the runner has
 * one transaction open at a time and one list of applied events is enough.
 */
const commitClock = (() => {
  let applied = [];
  const listeners = new Set();
  return {
    noteApplied: (position) => applied.push(position),
    /** `listener(positions, at)` after every committed runner transaction; returns an unsubscribe. */
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wrap: (db) => ({
      ...db,
      async transaction(fn) {
        applied = [];
        const result = await db.transaction(fn);
        const at = performance.now();
        const batch = applied;
        applied = [];
        for (const listener of listeners) listener(batch, at);
        return result;
      },
    }),
  };
})();

// One row per event: the projection does one INSERT per event it applies, like the simplest real
// read models (user-directory). Every event in this store is of the type it handles.
const benchProjection = defineProjection({
  name: 'bench-events',
  version: 1,
  tables: { events: 'rm_bench_events' },
  async setup(tx, t) {
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${t.events} (
      event_id uuid PRIMARY KEY,
      stream_id text NOT NULL,
      revision bigint NOT NULL,
      position text NOT NULL,
      recorded_at timestamptz NOT NULL
    )`);
  },
  on: {
    async [EVENT_TYPE](tx, event, t) {
      await tx.query(
        `INSERT INTO ${t.events} (event_id, stream_id, revision, position, recorded_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (event_id) DO NOTHING`,
        [event.id, event.streamId, event.revision.toString(), event.position, event.recordedAt.toISOString()],
      );
      commitClock.noteApplied(event.position);
    },
  },
});

const openDatabase = async () => {
  if (engine === 'pglite') {
    // File-backed, as in production embedded mode; in-memory PGlite would flatter the figures.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ai-coaching-bench-'));
    const db = await createPgliteDatabase({ dataDir: path.join(dir, 'pgdata') });
    const dispose = async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    };
    return { db, location: dir, dispose };
  }
  const schema = uniqueTestName('bench');
  const db = await createPostgresDatabase({
    connectionString: TEST_DATABASE_URL,
    schema,
    applicationName: 'ai-coaching-bench',
  });
  const dispose = async () => {
    try {
      await db.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    } finally {
      await db.close();
    }
  };
  return { db, location: `${new URL(TEST_DATABASE_URL).host}, schema ${schema}`, dispose };
};

const serverSettings = async (db) => {
  const show = async (name) => Object.values((await db.query(`SHOW ${name}`)).rows[0])[0];
  return {
    serverVersion: await show('server_version'),
    fsync: await show('fsync'),
    synchronousCommit: await show('synchronous_commit'),
  };
};

/**
 * Longest gap between the ticks of a 10 ms timer, until the returned function is called: how long
 * an HTTP request or a timer in the same process would have waited. PGlite answers without I/O,
 * so a loop of queries can hold the event loop for as long as it runs.
 */
/**
 * The longest gap between ticks of a 10 ms timer: how long a request to this process would have
 * waited. Also the most CPU time this process used between two ticks: on a machine busy with
 * other work a gap can be the process waiting for a core rather than the code holding the event
 * loop, and the CPU figure tells the two apart (PGlite runs on this thread).
 */
const watchEventLoop = () => {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let longestCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(tick, 10);
  return () => {
    clearInterval(timer);
    tick();
    return { wallMs: longest, cpuMs: longestCpu };
  };
};

const countEvents = async (db) => Number((await db.query('SELECT count(*)::text AS n FROM es_events')).rows[0].n);

/** Phases 1 and 2: `writers` loops, each appending one event at a time to its own streams. */
const appendPhase = async (store, writers, label) => {
  const state = Array.from({ length: writers }, (_, w) => ({
    streams: Array.from({ length: STREAMS_PER_WRITER }, (_, s) => ({
      id: `bench-${label}-${process.pid}-w${w}-s${s}`,
      revision: undefined,
    })),
    next: 0,
  }));
  const appendOne = async (stream) => {
    const result = await store.appendToStream(stream.id, [makeEvent(stream.id)], {
      expectedRevision: stream.revision ?? 'no_stream',
    });
    stream.revision = result.nextExpectedRevision;
  };
  // Create every stream first, so each measured append carries an exact revision (the command
  // path), not 'no_stream'.
  await Promise.all(
    state.map(async (writer) => {
      for (const stream of writer.streams) await appendOne(stream);
    }),
  );
  const runFor = async (ms, latencies) => {
    const end = performance.now() + ms;
    let count = 0;
    await Promise.all(
      state.map(async (writer) => {
        while (performance.now() < end) {
          const stream = writer.streams[writer.next++ % writer.streams.length];
          const started = performance.now();
          await appendOne(stream);
          latencies?.push(performance.now() - started);
          count++;
        }
      }),
    );
    return count;
  };
  await runFor(settings.warmupMs);
  const latencies = [];
  const started = performance.now();
  const count = await runFor(settings.appendMs, latencies);
  // Until the last in-flight append resolved, not the nominal duration.
  const seconds = (performance.now() - started) / 1000;
  const result = { writers, appends: count, seconds, perSecond: count / seconds, latencyMs: latencySummary(latencies) };
  const l = result.latencyMs;
  log(
    `appends, ${writers} writer${writers > 1 ? 's' : ''}: ${num(result.perSecond)}/s (${num(count)} in ${num(seconds, 1)} s); ` +
      `latency p50 ${num(l.p50, 2)} ms, p95 ${num(l.p95, 2)} ms, p99 ${num(l.p99, 2)} ms, max ${num(l.max, 1)} ms`,
  );
  return result;
};

/** Phase 3: batch appends to fresh streams until the store holds `target` events. */
const seed = async (db, store, target) => {
  const started = performance.now();
  let total = await countEvents(db);
  let stream = 0;
  while (total < target) {
    const streamId = `bench-seed-${process.pid}-${stream++}`;
    const size = Math.min(SEED_BATCH, target - total);
    await store.appendToStream(
      streamId,
      Array.from({ length: size }, () => makeEvent(streamId)),
      { expectedRevision: 'no_stream' },
    );
    total += size;
  }
  log(`seeded to ${num(total)} events in ${num((performance.now() - started) / 1000, 1)} s (not a measured figure)`);
  return total;
};

/** Phase 4: reads every event through `$all` in batches of 500. */
const readAllPhase = async (store) => {
  const pass = async () => {
    let after;
    let events = 0;
    for (;;) {
      const batch = await store.readAll({ ...(after ? { after } : {}), maxCount: READ_BATCH });
      events += batch.length;
      if (batch.length < READ_BATCH) return events;
      after = batch.at(-1).position;
    }
  };
  await pass(); // warm-up: a whole pass, so caches and the JIT are in the state the measured ones see
  const passes = [];
  for (let i = 0; i < settings.readPasses; i++) {
    const started = performance.now();
    const events = await pass();
    const seconds = (performance.now() - started) / 1000;
    passes.push({ events, seconds, perSecond: events / seconds });
  }
  const perSecond = median(passes.map((p) => p.perSecond));
  log(
    `$all read: ${num(perSecond)} events/s (median of ${passes.length} pass${passes.length > 1 ? 'es' : ''} over ${num(passes[0].events)} events)`,
  );
  return { batchSize: READ_BATCH, events: passes[0].events, perSecond, passes };
};

const checkpointOf = async (db) => (await readStatus(db, benchProjection.name))?.position ?? null;

/**
 * Phase 6: one writer appends at a fixed rate for `ms`. Two lags per event, both from the moment
 * its append resolved:
 *   - projection lag: until the runner's transaction holding its row committed (`commitClock`);
 *   - seen by a reader: until a reader polling the checkpoint every 5 ms saw it (the checkpoint
 *     moves in that same transaction). This adds the reader's own wait for the database, which
 *     on PGlite's single session is the queue behind the writer and the runner.
 */
const lagPhase = async (db, store, runner, { wake }) => {
  const interval = 1000 / settings.lagRate;
  const streams = Array.from({ length: 64 }, (_, s) => ({
    id: `bench-lag-${wake ? 'wake' : 'poll'}-${process.pid}-s${s}`,
    revision: undefined,
  }));
  const appended = []; // { position, resolvedAt }, in append order: one writer, so positions ascend
  const committedAt = new Map();
  const seenAt = new Map();
  let recording = false;
  let appending = true;

  const unlisten = commitClock.listen((positions, at) => {
    if (recording) for (const position of positions) if (!committedAt.has(position)) committedAt.set(position, at);
  });
  const probe = (async () => {
    let next = 0; // index of the first appended event not seen yet
    let drainDeadline = Infinity;
    while (appending || next < appended.length) {
      if (!appending && drainDeadline === Infinity) drainDeadline = performance.now() + settings.drainMs;
      if (performance.now() > drainDeadline) break;
      const position = await checkpointOf(db);
      const at = performance.now(); // after the answer: errs towards a longer lag, never a shorter one
      while (position !== null && next < appended.length && appended[next].position <= position)
        seenAt.set(appended[next++].position, at);
      await sleep(LAG_PROBE_MS);
    }
  })();

  const runLoad = async (ms) => {
    const started = performance.now();
    let i = 0;
    for (;;) {
      const due = started + i * interval;
      if (due - started >= ms) return i;
      const wait = due - performance.now();
      // Each append starts from a fresh turn of the event loop, as a request arriving would. A
      // writer behind schedule would otherwise chain appends as microtasks (PGlite answers
      // without I/O) and starve every timer in the process, the reader's included.
      await (wait > 0 ? sleep(wait) : new Promise((resolve) => setImmediate(resolve)));
      const stream = streams[i % streams.length];
      const result = await store.appendToStream(stream.id, [makeEvent(stream.id)], {
        expectedRevision: stream.revision ?? 'any',
      });
      stream.revision = result.nextExpectedRevision;
      if (recording) appended.push({ position: result.position, resolvedAt: performance.now() });
      if (wake) runner.wake();
      i++;
    }
  };
  let count;
  let seconds;
  try {
    // Warm-up at the same rate, unrecorded; it also creates the streams.
    await runLoad(settings.warmupMs);
    recording = true;
    const started = performance.now();
    count = await runLoad(settings.lagMs);
    seconds = (performance.now() - started) / 1000;
  } finally {
    appending = false; // ends the probe (after its drain window) whether the load finished or threw
  }
  await probe; // the reader sees an event only after its commit, so commits are all in by now
  unlisten();

  // A commit can be stamped a moment before the writer's own continuation runs: that is lag 0.
  // An event never committed or seen within the drain window counts as an infinite lag.
  const lagTo = (stamps) =>
    appended.map(({ position, resolvedAt }) =>
      stamps.has(position) ? Math.max(0, stamps.get(position) - resolvedAt) : Infinity,
    );
  const lagMs = latencySummary(lagTo(committedAt));
  const seenLagMs = latencySummary(lagTo(seenAt));
  const notVisible = appended.filter(({ position }) => !seenAt.has(position)).length;
  const mode = wake ? 'woken' : 'polling';
  const ms = (l) => `p50 ${num(l.p50)} ms, p95 ${num(l.p95)} ms, p99 ${num(l.p99)} ms, max ${num(l.max)} ms`;
  log(
    `projection lag (${mode}): ${ms(lagMs)} over ${num(count)} appends at ${num(count / seconds)}/s (target rate ${settings.lagRate}/s)` +
      (notVisible ? `; ${notVisible} not visible within ${settings.drainMs / 1000} s` : ''),
  );
  log(`  seen by a reader polling every ${LAG_PROBE_MS} ms: ${ms(seenLagMs)}`);
  return {
    mode,
    targetRate: settings.lagRate,
    achievedRate: count / seconds,
    appended: count,
    notVisible,
    lagMs,
    seenByReader: { probeIntervalMs: LAG_PROBE_MS, lagMs: seenLagMs },
  };
};

const main = async () => {
  const { db, location, dispose } = await openDatabase();
  const logger = createLogger({ level: 'warn', name: 'bench' }); // warnings would mean the figures are suspect: show them
  let runner;
  try {
    const coldStart = performance.now();
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    const migrateMs = performance.now() - coldStart;
    const server = await serverSettings(db);
    log(
      `${location}; server ${server.serverVersion}, fsync=${server.fsync}, synchronous_commit=${server.synchronousCommit}; ${short ? 'short' : 'full'} mode`,
    );
    const store = createSqlEventStore(db);

    const appends1 = await appendPhase(store, 1, 'w1');
    const appends8 = await appendPhase(store, 8, 'w8');
    await seed(db, store, settings.seedTo);
    const read = await readAllPhase(store);

    // Phase 5: the runner starts on a full store, which is a catch-up over all of it. The end is
    // the commit of the batch reaching the head (not when the wait below noticed it).
    runner = createProjectionRunner({ store, db: commitClock.wrap(db), projections: [benchProjection], logger });
    const head = await store.headPosition();
    const catchUpEvents = await countEvents(db);
    let caughtUpAt;
    const unlisten = commitClock.listen((positions, at) => {
      if (caughtUpAt === undefined && positions.length > 0 && positions.at(-1) >= head) caughtUpAt = at;
    });
    const catchUpStarted = performance.now();
    const catchUpStall = watchEventLoop();
    await runner.start();
    const reached = await waitForProjections(db, head, { timeoutMs: 600_000, names: [benchProjection.name] });
    unlisten();
    if (!reached.reached || caughtUpAt === undefined)
      throw new Error('The projection did not catch up within 10 minutes');
    const catchUpSeconds = (caughtUpAt - catchUpStarted) / 1000;
    const catchUpStalls = catchUpStall();
    const catchUp = {
      events: catchUpEvents,
      seconds: catchUpSeconds,
      perSecond: catchUpEvents / catchUpSeconds,
      longestEventLoopStallMs: catchUpStalls.wallMs,
      longestEventLoopStallCpuMs: catchUpStalls.cpuMs,
    };
    log(
      `projection catch-up: ${num(catchUp.perSecond)} events/s (${num(catchUpEvents)} events in ${num(catchUpSeconds, 1)} s, ` +
        `batches of up to 500 sized to 40 ms of CPU); ` +
        `longest event-loop stall ${num(catchUpStalls.wallMs)} ms (${num(catchUpStalls.cpuMs)} ms of CPU between two ticks)`,
    );

    const lagWoken = await lagPhase(db, store, runner, { wake: true });
    const lagPolling = await lagPhase(db, store, runner, { wake: false });

    // Phase 7: nothing appends now, so the count is what the rebuild replays.
    const rebuildEvents = await countEvents(db);
    const rebuildStarted = performance.now();
    const rebuildStall = watchEventLoop();
    await runner.rebuild(benchProjection.name);
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    const rebuildStalls = rebuildStall();
    const rebuild = {
      events: rebuildEvents,
      seconds: rebuildSeconds,
      perSecond: rebuildEvents / rebuildSeconds,
      longestEventLoopStallMs: rebuildStalls.wallMs,
      longestEventLoopStallCpuMs: rebuildStalls.cpuMs,
    };
    log(
      `rebuild: ${num(rebuild.perSecond)} events/s (${num(rebuildEvents)} events in ${num(rebuildSeconds, 1)} s, shadow tables and swap included); ` +
        `longest event-loop stall ${num(rebuildStalls.wallMs)} ms (${num(rebuildStalls.cpuMs)} ms of CPU between two ticks)`,
    );

    // A figure from a projection that dropped events would be worthless: check the rows.
    const rows = Number((await db.query('SELECT count(*)::text AS n FROM rm_bench_events')).rows[0].n);
    const status = await readStatus(db, benchProjection.name);
    if (rows !== rebuildEvents || status?.status !== 'running') {
      throw new Error(`Rebuilt read model holds ${rows} rows for ${rebuildEvents} events (status ${status?.status})`);
    }
    await runner.stop();
    runner = undefined;

    const row = (metric, value, unit, extra = {}) => ({ metric, engine, value, unit, ...extra });
    const stall = (phase) =>
      `${num(phase.longestEventLoopStallMs)} ms (CPU ${num(phase.longestEventLoopStallCpuMs)} ms)`;
    const stallTarget =
      TARGETS.eventLoopStallMs === undefined ? {} : { target: TARGETS.eventLoopStallMs, better: 'lower' };
    const lat = (l) => `${num(l.p50, 1)}/${num(l.p95, 1)}/${num(l.p99, 1)}`;
    const rowsOut = [
      row('appends/s, 1 writer', appends1.perSecond, '/s'),
      row('append latency p50/p95/p99, 1 writer', appends1.latencyMs.p95, 'ms', {
        display: `${lat(appends1.latencyMs)} ms`,
      }),
      row('appends/s, 8 writers', appends8.perSecond, '/s', { target: TARGETS.appends8, better: 'higher' }),
      row('append latency p50/p95/p99, 8 writers', appends8.latencyMs.p95, 'ms', {
        display: `${lat(appends8.latencyMs)} ms`,
      }),
      row('$all read, events/s (batch 500)', read.perSecond, '/s'),
      row('projection catch-up, events/s', catchUp.perSecond, '/s', {
        target: TARGETS.projectionEventsPerSecond,
        better: 'higher',
      }),
      row('  longest event-loop stall in catch-up', catchUp.longestEventLoopStallMs, 'ms', {
        ...stallTarget,
        display: stall(catchUp),
      }),
      row('projection lag p95, runner woken', lagWoken.lagMs.p95, 'ms', { target: TARGETS.lagP95Ms, better: 'lower' }),
      row('projection lag p99, runner woken', lagWoken.lagMs.p99, 'ms', { target: TARGETS.lagP99Ms, better: 'lower' }),
      row('  seen by a polling reader p95', lagWoken.seenByReader.lagMs.p95, 'ms'),
      row('projection lag p95, runner polling', lagPolling.lagMs.p95, 'ms', {
        target: TARGETS.lagP95Ms,
        better: 'lower',
      }),
      row('projection lag p99, runner polling', lagPolling.lagMs.p99, 'ms', {
        target: TARGETS.lagP99Ms,
        better: 'lower',
      }),
      row('  seen by a polling reader p95', lagPolling.seenByReader.lagMs.p95, 'ms'),
      row('rebuild, events/s', rebuild.perSecond, '/s', {
        target: TARGETS.projectionEventsPerSecond,
        better: 'higher',
      }),
      row('  longest event-loop stall in rebuild', rebuild.longestEventLoopStallMs, 'ms', {
        ...stallTarget,
        display: stall(rebuild),
      }),
    ];
    const result = {
      benchmark: 'eventstore',
      engine,
      short,
      settings,
      server: { ...server, location, migrateMs },
      figures: { appends1, appends8, read, catchUp, lagWoken, lagPolling, rebuild },
      rows: rowsOut,
    };
    if (args.out)
      await writeFile(
        args.out,
        JSON.stringify(result, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2),
      );
  } finally {
    if (runner) await runner.stop().catch(() => undefined);
    await dispose().catch((error) => console.error(`[${engine}] cleanup failed:`, error));
  }
};

await main();

// `npm run bench` (full) and `npm run bench -- --short` (CI: same code paths, much shorter); `npm run bench -- system`
// (or any benchmarks' names, the files' without .mjs) runs only those.
//
// Runs every benchmark file once per engine, each in its own process, then prints one summary
// table of measured figures against the targets of shared/notes/event-store-and-ledger.md §9 and
// writes bench/results/latest.json. Benchmarks report, they do not gate: a figure below target
// still exits 0. A benchmark that crashes exits non-zero, and so does an unreachable PostgreSQL
// when CI=true (locally its figures are skipped with a line saying so).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const { values: args, positionals: only } = parseArgs({
  options: { short: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const short = args.short;

const BENCHMARKS = [
  { file: 'eventstore.mjs', engines: ['pglite', 'postgres'] },
  { file: 'credits.mjs', engines: ['pglite', 'postgres'] },
  { file: 'api.mjs', engines: ['pglite', 'postgres'] },
  // 50 sessions at once against a provider on this machine: the first-token overhead and report throughput. Its
  // targets are PostgreSQL's; PGlite's figures (info only, about two minutes) are left to the full mode.
  { file: 'sessions.mjs', engines: short ? ['postgres'] : ['pglite', 'postgres'] },
  // 1, 50 and 100 realtime voice sessions (1 and 50 in short mode, about 25 s) against the fake realtime provider: what
  // the gateway adds to each audio frame each way, and voice-to-voice. Its targets are PostgreSQL's.
  { file: 'voice.mjs', engines: ['postgres'] },
  // The built-in practice engine (persona and observer) is pure domain code: no engine involved.
  { file: 'practice.mjs', engines: ['pglite'] },
  // The client's weight and Lighthouse scores do not depend on the engine: the one-process default only.
  { file: 'client.mjs', engines: ['pglite'] },
  // The production topology (npm run cluster) under every kind of user at once, with faults: 12 minutes in full mode,
  // 3.5 in short mode. It runs its own PostgreSQL and Redis (it restarts them) and needs nginx.
  { file: 'system.mjs', engines: ['postgres'] },
].filter(({ file }) => only.length === 0 || only.includes(path.basename(file, '.mjs')));
if (BENCHMARKS.length === 0) {
  console.error(`No benchmark is named ${only.join(', ')}: the names are bench/*.mjs's files without .mjs.`);
  process.exit(2);
}

// The benchmarks import the compiled workspaces; tsc -b is incremental, so this is quick when
// the build is current and never measures stale code.
const ensureBuilt = () => {
  console.log('Checking the server build (tsc -b tsconfig.server.json)…');
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`The server build failed (exit code ${result.status}); no benchmark ran.`);
    process.exit(result.status ?? 1);
  }
};

const runBenchmark = (file, engine, out) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(benchDir, file), '--engine', engine, '--out', out, ...(short ? ['--short'] : [])],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    child.on('error', (error) => resolve({ code: 1, error }));
    child.on('exit', (code, signal) => resolve({ code: code ?? 1, signal }));
  });

const fmt = (value, unit) => {
  if (!Number.isFinite(value)) return '∞';
  // Lighthouse scores (0 to 1) and kilobytes (bench/client.mjs).
  if (unit === 'score') return value.toFixed(2);
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  const digits = unit === 'ms' && value < 100 ? 1 : 0;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === '/s' ? `${text}/s` : `${text} ${unit}`;
};

/** measured/target for throughputs, target/measured for latencies: above 1 beats the target. */
const grade = (row) => {
  if (row.target === undefined) return { ratio: undefined, verdict: 'info' };
  const ratio = row.better === 'lower' ? (row.value > 0 ? row.target / row.value : Infinity) : row.value / row.target;
  return { ratio, verdict: ratio >= 1 ? 'PASS' : 'BELOW' };
};

const printTable = (rows) => {
  const header = ['metric', 'engine', 'measured', 'target', 'ratio', 'result'];
  const lines = rows.map((row) => {
    const { ratio, verdict } = grade(row);
    return [
      row.metric,
      row.engine,
      row.display ?? fmt(row.value, row.unit),
      row.target === undefined ? '—' : `${row.better === 'lower' ? '≤' : '≥'} ${fmt(row.target, row.unit)}`,
      ratio === undefined ? '—' : Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '∞',
      verdict,
    ];
  });
  const widths = header.map((_, i) => Math.max(header[i].length, ...lines.map((line) => line[i].length)));
  const right = new Set([2, 3, 4]);
  const format = (cells) =>
    cells.map((cell, i) => (right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
};

const main = async () => {
  ensureBuilt();
  const { postgresAvailability } = await import('@ai-coaching/platform/testing');

  const startedAt = new Date();
  const environment = {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    // Other work on the machine shares its cores with the benchmark: recorded so a low figure
    // can be told apart from a slow code path.
    loadAverageAtStart: os.loadavg(),
  };
  console.log(
    `Benchmarks (${short ? 'short' : 'full'} mode) on ${environment.cpus} × ${environment.cpuModel}, Node ${environment.node}; ` +
      `load average ${environment.loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (environment.loadAverageAtStart[0] > environment.cpus / 2) {
    console.log('Note: the machine is busy; figures measured now will be lower than on an idle machine.');
  }

  const skipped = [];
  const failures = [];
  const results = [];
  /** Wall time of each benchmark process, setup included: what each adds to a CI run. */
  const timings = [];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ai-coaching-bench-results-'));
  try {
    for (const { file, engines } of BENCHMARKS) {
      for (const engine of engines) {
        if (engine === 'postgres') {
          let availability;
          try {
            availability = await postgresAvailability(); // throws when CI=true and it is down
          } catch (error) {
            console.error(`\n✖ ${error.message}`);
            failures.push({ file, engine, reason: error.message });
            continue;
          }
          if (!availability.available) {
            const reason = `${availability.reason}: PostgreSQL figures skipped (start it, or point TEST_DATABASE_URL at one)`;
            console.log(`\n− ${reason}`);
            skipped.push({ file, engine, reason });
            continue;
          }
        }
        console.log(`\n▶ ${file} on ${engine}`);
        const out = path.join(tmp, `${path.basename(file, '.mjs')}-${engine}.json`);
        const started = performance.now();
        const { code, signal, error } = await runBenchmark(file, engine, out);
        if (code !== 0 || !existsSync(out)) {
          const reason = error ? error.message : signal ? `killed by ${signal}` : `exit code ${code}`;
          console.error(`✖ ${file} on ${engine} crashed (${reason})`);
          failures.push({ file, engine, reason });
          continue;
        }
        results.push(JSON.parse(await readFile(out, 'utf8')));
        const seconds = (performance.now() - started) / 1000;
        timings.push({ file, engine, seconds: Number(seconds.toFixed(1)) });
        console.log(`✔ ${file} on ${engine} (${seconds.toFixed(1)} s)`);
      }
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  const rows = results.flatMap((result) => result.rows);
  console.log(`\nSummary (${short ? 'short' : 'full'} mode; ratio above 1 beats the target)\n`);
  printTable(rows);
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  console.log(
    `\nTime per benchmark (${total.toFixed(0)} s in all): ` +
      timings.map(({ file, engine, seconds }) => `${path.basename(file, '.mjs')} ${engine} ${seconds} s`).join(', '),
  );
  for (const { engine, reason } of skipped) console.log(`\n${engine}: skipped: ${reason}`);
  for (const { file, engine, reason } of failures) console.log(`\n${file} on ${engine}: FAILED: ${reason}`);

  const report = {
    date: startedAt.toISOString(),
    mode: short ? 'short' : 'full',
    environment: { ...environment, loadAverageAtEnd: os.loadavg() },
    summary: rows.map((row) => ({ ...row, ...grade(row) })),
    timings,
    results,
    skipped,
    failures,
  };
  const resultsDir = path.join(benchDir, 'results');
  await mkdir(resultsDir, { recursive: true });
  // Infinity (a lag never seen) becomes null in JSON; `notVisible` in the figures says how many.
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(root, path.join(resultsDir, 'latest.json'))}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
};

await main();

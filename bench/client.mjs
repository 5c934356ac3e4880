// The client's weight and Lighthouse scores, for the landing page, the login page and the dashboard
// (signed in), in Lighthouse's mobile and desktop presets.
//
//   node bench/client.mjs [--engine pglite|postgres] [--short] [--out results.json] [--dist client/dist]
//                         [--reports dir]   (also writes every Lighthouse report there, as JSON)
//                         [--pages landing,login,dashboard] [--presets mobile,desktop]   (a subset)
//
// Normally started by bench/run.mjs. It imports the compiled server workspaces, so build the server
// first (bench/run.mjs does).
//
//   1. build      `vite build` into a temporary directory, so it measures the sources as they are
//                 and never replaces client/dist under a running server; `--dist <dir>` measures an
//                 existing build instead (for instance an older one, to compare)
//   2. server     the real one-process server (bench/client-server.mjs, in its own process) serving
//                 that build with its precompressed files; an operator signs in through the API
//   3. Lighthouse Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), driven through
//                 Lighthouse's own puppeteer-core, a fresh browser per run; default settings of each
//                 preset (mobile: simulated slow 4G and 4× CPU slowdown; desktop: simulated fast
//                 network, no slowdown). The dashboard gets the operator's token in localStorage
//                 before any script of the page runs, which is where the app reads it.
//   4. weight     every script the page loaded during the mobile run (the lazy route chunks
//                 included), at the size the servers send a gzip-only browser (the precompressed .gz,
//                 level 9; the file itself when the build left it uncompressed, below 256 bytes or
//                 where gzip would not shrink it), and the bytes actually transferred (brotli when the
//                 browser accepts it)
//
// Short mode: one run per page and preset. Full mode: 3 runs, Lighthouse's median run reported.
// Targets (issue 9 §3.1, issue 23 item 10): mobile performance ≥ 0.9 on each page, accessibility 1.0, initial
// JavaScript ≤ 150 kB gzip signed out and ≤ 180 kB on the signed-in dashboard (kB = 1,000 bytes, as Vite prints
// sizes): of the dashboard's, about 141 kB are the libraries the architecture prescribes (React, React Router,
// TanStack Query, XState, i18next, zod), kept on purpose.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
// Lighthouse's own dependency (the version it was released with): it drives Chrome through it.
import puppeteer from 'puppeteer-core';
import { startChildServer } from './stack.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    short: { type: 'boolean', default: false },
    out: { type: 'string' },
    dist: { type: 'string' },
    reports: { type: 'string' },
    pages: { type: 'string' },
    presets: { type: 'string' },
  },
});
if (args.engine !== 'pglite' && args.engine !== 'postgres') {
  console.error('Usage: node bench/client.mjs [--engine pglite|postgres] [--short] [--out file.json] [--dist dir]');
  process.exit(2);
}
const engine = args.engine;
const short = args.short;
const RUNS = short ? 1 : 3;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The flags of tests/playwright.config.ts: nothing reaches the network, nothing is downloaded.
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const only = (list, names) => (names ? list.filter((item) => names.split(',').includes(item.name)) : list);
const PAGES = only(
  [
    { name: 'landing', path: '/' },
    { name: 'login', path: '/#login' },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
  ],
  args.pages,
);
const PRESETS = only(
  [
    { name: 'mobile', config: undefined },
    { name: 'desktop', config: desktopConfig },
  ],
  args.presets,
);
const TARGETS = { mobilePerformance: 0.9, accessibility: 1, initialJsKb: 150, signedInJsKb: 180 };

const log = (line) => console.log(`[client] ${line}`);
const kb = (bytes) => bytes / 1000;
const num = (value, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const score = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(2));

const buildClient = (outDir) => {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(root, 'client'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit code ${result.status})`);
  log(`client built in ${num((performance.now() - started) / 1000, 1)} s`);
};

/** Starts bench/client-server.mjs on the build and waits for its address and the operator's token. */
const startServer = (clientDir) =>
  startChildServer('client-server.mjs', [engine], {
    name: 'the server',
    env: { ...process.env, CLIENT_DIST_DIR: clientDir },
  });

const gzipSizes = new Map();
/**
 * What the servers send a gzip-only browser for a file of the build: its precompressed .gz (level 9), or the file
 * itself when the build left it uncompressed (docs/performance.md, "Client").
 */
const gzipSizeOf = async (clientDir, pathname) => {
  if (!gzipSizes.has(pathname)) {
    const file = path.join(clientDir, decodeURIComponent(pathname));
    const size = existsSync(`${file}.gz`)
      ? (await stat(`${file}.gz`)).size
      : existsSync(file)
        ? (await stat(file)).size
        : undefined;
    gzipSizes.set(pathname, size);
  }
  return gzipSizes.get(pathname);
};

/** Every script the page loaded during the run, from Lighthouse's own record of the requests. */
const scriptsOf = async (lhr, origin, clientDir) => {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = [];
  for (const item of items) {
    if (item.resourceType !== 'Script' || !item.url.startsWith(origin)) continue;
    const { pathname } = new URL(item.url);
    const gzip = await gzipSizeOf(clientDir, pathname);
    if (gzip === undefined) throw new Error(`the page loaded ${pathname}, which is not in the build`);
    scripts.push({ path: pathname, gzip, transferred: item.transferSize ?? 0, bytes: item.resourceSize ?? 0 });
  }
  return scripts;
};

const runLighthouse = async (url, origin, preset, token) => {
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_ARGS });
  try {
    const page = await browser.newPage();
    if (token) {
      // Runs before the page's own scripts in every document of this tab; Lighthouse clears the
      // origin's storage before it navigates, so setting it once beforehand would not survive.
      await page.evaluateOnNewDocument(
        (expectedOrigin, accessToken) => {
          if (globalThis.location.origin === expectedOrigin)
            globalThis.localStorage.setItem('accessToken', accessToken);
        },
        origin,
        token,
      );
    }
    const result = await lighthouse(
      url,
      // No full-page screenshot: no category uses it, and it takes a second per run.
      { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableFullPageScreenshot: true },
      preset.config,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await browser.close();
  }
};

const metricsOf = (lhr) => ({
  firstContentfulPaintMs: lhr.audits['first-contentful-paint']?.numericValue,
  largestContentfulPaintMs: lhr.audits['largest-contentful-paint']?.numericValue,
  totalBlockingTimeMs: lhr.audits['total-blocking-time']?.numericValue,
  cumulativeLayoutShift: lhr.audits['cumulative-layout-shift']?.numericValue,
  speedIndexMs: lhr.audits['speed-index']?.numericValue,
});

/** Audits that cost a category points, so a score below 1 says why. */
const shortfallsOf = (lhr, category) =>
  (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);

const main = async () => {
  if (!existsSync(CHROME_PATH)) {
    const reason = `no Chromium at ${CHROME_PATH} (set CHROME_PATH)`;
    if (process.env.CI === 'true') throw new Error(reason);
    log(`${reason}: client figures skipped`);
    if (args.out)
      await writeFile(args.out, JSON.stringify({ benchmark: 'client', engine, short, skipped: reason, rows: [] }));
    return;
  }
  const started = performance.now();
  const tmp = args.dist ? undefined : await mkdtemp(path.join(os.tmpdir(), 'ai-coaching-bench-client-'));
  const clientDir = args.dist ? path.resolve(args.dist) : path.join(tmp, 'dist');
  let server;
  try {
    if (!args.dist) buildClient(clientDir);
    else log(`measuring the existing build in ${clientDir}`);
    server = await startServer(clientDir);
    const origin = new URL(server.url).origin;
    log(`server on ${engine} at ${server.url}; ${RUNS} run(s) per page and preset`);

    const figures = [];
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const url = `${origin}${page.path}`;
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          let lhr;
          // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART and the like): try again.
          for (let attempt = 1; ; attempt += 1) {
            lhr = await runLighthouse(url, origin, preset, page.signedIn ? server.token : undefined);
            if (!lhr.runtimeError) break;
            if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
            log(`${preset.name} ${page.name}: ${lhr.runtimeError.code}, running it again`);
          }
          // A signed-in page that sent the browser to the login form would measure the wrong page.
          const landedOn = new URL(lhr.finalDisplayedUrl);
          if (`${landedOn.pathname}${landedOn.hash}` !== page.path) {
            throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
          }
          runs.push(lhr);
          if (args.reports) {
            await mkdir(args.reports, { recursive: true });
            await writeFile(
              path.join(args.reports, `${preset.name}-${page.name}-${run + 1}.json`),
              JSON.stringify(lhr),
            );
          }
        }
        const lhr = runs.length > 1 ? computeMedianRun(runs) : runs[0];
        const scores = Object.fromEntries(CATEGORIES.map((category) => [category, lhr.categories[category]?.score]));
        const scripts = await scriptsOf(lhr, origin, clientDir);
        const javascript = {
          files: scripts.length,
          gzipBytes: scripts.reduce((sum, script) => sum + script.gzip, 0),
          transferredBytes: scripts.reduce((sum, script) => sum + script.transferred, 0),
          bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
          scripts,
        };
        const metrics = metricsOf(lhr);
        const shortfalls = Object.fromEntries(CATEGORIES.map((category) => [category, shortfallsOf(lhr, category)]));
        figures.push({ preset: preset.name, page: page.name, url: page.path, scores, metrics, javascript, shortfalls });
        const ms = (value) =>
          value === undefined ? 'n/a' : value >= 1000 ? `${num(value / 1000, 1)} s` : `${num(value)} ms`;
        log(
          `${preset.name} ${page.name}: performance ${score(scores.performance)} (FCP ${ms(metrics.firstContentfulPaintMs)}, ` +
            `LCP ${ms(metrics.largestContentfulPaintMs)}, TBT ${ms(metrics.totalBlockingTimeMs)}, ` +
            `CLS ${num(metrics.cumulativeLayoutShift ?? 0, 3)}, SI ${ms(metrics.speedIndexMs)}), ` +
            `accessibility ${score(scores.accessibility)}, best practices ${score(scores['best-practices'])}, ` +
            `SEO ${score(scores.seo)}; JavaScript ${num(kb(javascript.gzipBytes), 1)} kB gzip in ${javascript.files} files ` +
            `(${num(kb(javascript.transferredBytes), 1)} kB transferred, ${num(kb(javascript.bytes), 1)} kB uncompressed)`,
        );
        for (const category of CATEGORIES) {
          if (shortfalls[category].length > 0) log(`  ${category} lost points on: ${shortfalls[category].join(', ')}`);
        }
      }
    }

    const row = (metric, value, unit, extra = {}) => ({ metric, engine, value, unit, ...extra });
    const rows = [];
    for (const page of PAGES) {
      // The weight is the same in both presets (the same files load); the mobile run's when there is one.
      const weighed = figures.find((figure) => figure.page === page.name);
      rows.push(
        row(`client ${page.name}: initial JS, gzip`, kb(weighed.javascript.gzipBytes), 'kB', {
          target: page.signedIn ? TARGETS.signedInJsKb : TARGETS.initialJsKb,
          better: 'lower',
        }),
      );
      for (const preset of PRESETS) {
        const { scores } = figures.find((figure) => figure.page === page.name && figure.preset === preset.name);
        rows.push(
          row(`  ${preset.name} performance`, scores.performance ?? 0, 'score', {
            ...(preset.name === 'mobile' ? { target: TARGETS.mobilePerformance, better: 'higher' } : {}),
          }),
          row(`  ${preset.name} accessibility`, scores.accessibility ?? 0, 'score', {
            target: TARGETS.accessibility,
            better: 'higher',
          }),
          row(`  ${preset.name} best practices / SEO`, scores['best-practices'] ?? 0, 'score', {
            display: `${score(scores['best-practices'])} / ${score(scores.seo)}`,
          }),
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    log(`done in ${num(seconds, 1)} s`);
    const result = {
      benchmark: 'client',
      engine,
      short,
      runsPerPage: RUNS,
      chrome: CHROME_PATH,
      lighthouse:
        figures.length > 0
          ? (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version
          : undefined,
      seconds,
      figures,
      rows,
    };
    if (args.out) await writeFile(args.out, JSON.stringify(result, null, 2));
  } finally {
    await server?.stop().catch((error) => console.error('[client] stopping the server failed:', error));
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
};

await main();

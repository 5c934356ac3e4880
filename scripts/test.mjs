// `npm test`: the whole suite, in the order that fails fastest. The static checks come first, on two lanes at once
// (each is single-threaded and they do not depend on each other: the client builds from the workspaces' sources):
// types (which also builds the server for the runtime tests) on one, the client build, lint and the format check on
// the other. Then the unit and integration tests, with the cluster smoke beside them, then Playwright in Chromium.
// `npm test -- lint` runs only the steps whose label holds a given word.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-if-needed.mjs';
import { findNginx, NGINX_MISSING } from './cluster/stores.mjs';

const bin = (name, ...segments) => path.join(root, 'node_modules', ...segments, name);
/** `needs`: a program the step cannot run without; missing, the step is skipped, except on CI, where it fails. */
const step = (label, args, cwd = root, needs = undefined) => ({ label, args, cwd, needs });
const phases = [
  [
    [step('Type-check and build', [bin('tsc', 'typescript', 'bin'), '-b'])],
    [
      step(
        'Build the client',
        [bin('vite.js', 'vite', 'bin'), 'build', '--logLevel', 'warn'],
        path.join(root, 'client'),
      ),
      step('Lint', [bin('eslint.js', 'eslint', 'bin'), '.']),
      step('Format check', [bin('prettier.cjs', 'prettier', 'bin'), '--check', '.']),
    ],
  ],
  [
    [step('Unit and integration tests', [bin('vitest.mjs', 'vitest'), 'run'])],
    // Beside them (it takes about 20 s of the minutes they take): the production topology as processes, on its own
    // database and Redis database (docs/deployment.md, "Run the topology on one machine").
    [
      step(
        'Cluster smoke (nginx, 2 API, 2 gateways)',
        [path.join(root, 'scripts', 'cluster-smoke.mjs')],
        root,
        'nginx',
      ),
    ],
  ],
  [
    [
      step('End-to-end tests (Chromium)', [
        bin('cli.js', '@playwright', 'test'),
        'test',
        '-c',
        'tests/playwright.config.ts',
      ]),
    ],
  ],
];

const only = process.argv.slice(2);
const wanted = ({ label }) => only.length === 0 || only.some((word) => label.toLowerCase().includes(word));
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * Runs one step. In its phase's first lane, its output streams as it comes (a long test run shows progress); in
 * another lane, it is held and printed whole when the step ends, so the two never interleave.
 */
const run = ({ label, args, cwd, needs }, streamed) =>
  new Promise((resolve) => {
    const started = Date.now();
    if (needs === 'nginx' && !findNginx()) {
      process.stdout.write(`\n▶ ${label}\n${NGINX_MISSING}\n`);
      if (process.env.CI) process.stderr.write(`\n✖ ${label} failed: nginx is missing.\n`);
      else process.stdout.write(`– ${label} skipped (nginx is missing).\n`);
      resolve(process.env.CI ? 1 : 0);
      return;
    }
    if (streamed) process.stdout.write(`\n▶ ${label}\n`);
    const child = spawn(process.execPath, args, { cwd, stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.on('close', (code) => {
      if (!streamed) process.stdout.write(`\n▶ ${label}\n${Buffer.concat(held).toString()}`);
      if (code === 0) process.stdout.write(`✔ ${label} (${seconds(started)})\n`);
      else process.stderr.write(`\n✖ ${label} failed (exit code ${code}).\n`);
      resolve(code ?? 1);
    });
  });

/** A lane runs its steps one after the other and stops at the first failure. */
const lane = async (steps, streamed) => {
  for (const one of steps) {
    const code = await run(one, streamed);
    if (code !== 0) return code;
  }
  return 0;
};

for (const phase of phases) {
  const lanes = phase.map((steps) => steps.filter(wanted)).filter((steps) => steps.length > 0);
  // The first lane's output streams as it comes (a long test run shows progress); the others' is held.
  const codes = await Promise.all(lanes.map((steps, index) => lane(steps, index === 0)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

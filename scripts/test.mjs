// `npm test`: the whole suite, in the order that fails fastest: types (which also builds the
// server for the runtime tests), lint, unit and integration tests, then Playwright in Chromium.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-if-needed.mjs';

const bin = (name, ...segments) => path.join(root, 'node_modules', ...segments, name);
const steps = [
  ['Type-check and build', [bin('tsc', 'typescript', 'bin'), '-b']],
  ['Build the client', [bin('vite.js', 'vite', 'bin'), 'build', '--logLevel', 'warn'], path.join(root, 'client')],
  ['Lint', [bin('eslint.js', 'eslint', 'bin'), '.']],
  ['Format check', [bin('prettier.cjs', 'prettier', 'bin'), '--check', '.']],
  ['Unit and integration tests', [bin('vitest.mjs', 'vitest'), 'run']],
  ['End-to-end tests (Chromium)', [bin('cli.js', '@playwright', 'test'), 'test', '-c', 'tests/playwright.config.ts']],
];

const only = process.argv.slice(2);
for (const [label, args, cwd = root] of steps) {
  if (only.length > 0 && !only.some((word) => label.toLowerCase().includes(word))) continue;
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${label} failed (exit code ${result.status}).\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

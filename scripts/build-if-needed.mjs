// Builds what is not built yet: the server workspaces (tsc -b is incremental, so this is quick
// when nothing changed) and the client (rebuilt only when a source file is newer than its build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const run = (label, command, args, cwd = root) => {
  process.stdout.write(`  ${label}…\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(
      `\n${label} failed (exit code ${result.status}). Fix the errors above, then run the command again.\n`,
    );
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`  ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
};

const newest = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === '.tsbuild') continue;
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
};

export const buildIfNeeded = () => {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    process.stderr.write(`AI-Coaching needs Node.js 20.19 or newer; this is ${process.version}.\n`);
    process.exit(1);
  }
  if (!existsSync(path.join(root, 'node_modules'))) {
    process.stderr.write('Dependencies are missing: run `npm install` first.\n');
    process.exit(1);
  }
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const serverBuilt = existsSync(path.join(root, 'api', 'dist', 'main-all.js'));
  run(serverBuilt ? 'Checking the server build' : 'Building the server (first start only)', process.execPath, [
    tsc,
    '-b',
    'tsconfig.server.json',
  ]);

  const clientDir = path.join(root, 'client');
  const builtAt = newest(path.join(clientDir, 'dist', 'index.html'));
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((entry) =>
    newest(path.join(clientDir, entry)),
  );
  // The client bundles the shared workspaces' sources too.
  const sharedSources = ['domain', 'contracts'].map((workspace) => newest(path.join(root, workspace, 'src')));
  if (builtAt === 0 || Math.max(...sources, ...sharedSources) > builtAt) {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    run(
      builtAt === 0 ? 'Building the client (first start only)' : 'Rebuilding the client',
      process.execPath,
      [vite, 'build', '--logLevel', 'warn'],
      clientDir,
    );
  }
};

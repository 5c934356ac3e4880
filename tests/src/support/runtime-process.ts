import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Run = { code: number | null; stdout: string; stderr: string };

/** Starts a compiled runtime as its own process, the way `npm start` and the containers do. */
export const launch = (entry: string, env: Record<string, string>) => {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  // A test that times out leaves its runtime running, holding its port for the next: it ends with the test process.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  const output = () => stdout + stderr;
  const waitFor = async (text: string | RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    const seen = () => (typeof text === 'string' ? output().includes(text) : text.test(output()));
    while (!seen()) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`"${text}" never appeared:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, waitFor, output };
};

export type LaunchedRuntime = ReturnType<typeof launch>;

/** These tests run the compiled server; builds it if `npm test` has not already. */
export const buildServerIfNeeded = (): void => {
  if (existsSync(path.join(root, 'api/dist/main-all.js'))) return;
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.server.json'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('server build failed');
};

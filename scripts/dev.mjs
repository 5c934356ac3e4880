// `npm run dev`: the server rebuilt and restarted on change, and Vite with hot reload on
// http://localhost:5173, proxying the API, the gateway and the health endpoints to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

buildIfNeeded();
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'tsconfig.server.json',
      '--watch',
      '--preserveWatchOutput',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  ),
  spawn(
    process.execPath,
    [
      '--watch-path=api/dist',
      '--watch-path=platform/dist',
      '--watch-path=projections/dist',
      '--watch-path=application/dist',
      '--watch-path=contracts/dist',
      '--watch-path=gateway/dist',
      '--watch-path=workers/dist',
      '--watch-path=domain/dist',
      'api/dist/main-all.js',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: apiPort,
        PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
        ALLOWED_ORIGINS: `http://localhost:5173,http://127.0.0.1:5173,http://localhost:${apiPort}`,
      },
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => code && code !== 0 && process.exitCode === undefined && (process.exitCode = code));

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freshTestDatabase,
  postgresAvailability,
  redisAvailability,
  TEST_REDIS_URL,
} from '@ai-coaching/platform/testing';
import { apiClient } from '@ai-coaching/api/testing';
import { authOperations, userOperations } from '@ai-coaching/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfNeeded, launch, root } from './support/runtime-process.js';

beforeAll(buildServerIfNeeded, 300_000);

describe('[PLATFORM]: configuration is validated at start', () => {
  it('stops with a message naming each bad variable and what it expects, without echoing secrets', async () => {
    const { exited } = launch('api/dist/main-all.js', {
      PORT: 'abc',
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      LOG_LEVEL: 'loud',
      TRUSTED_PROXIES: '10.0.0.0/33',
    });
    const { code, stderr } = await exited;
    expect(code).toBe(78);
    expect(stderr).toContain('PORT: expected a port number between 0 and 65535');
    expect(stderr).toContain('TRUSTED_PROXIES: expected comma-separated addresses or CIDRs');
    expect(stderr).toContain('DATABASE_URL: expected a PostgreSQL URL');
    expect(stderr).toContain('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent');
    expect(stderr).not.toContain('hunter2');
  });

  it.each([
    'api/dist/main-all.js',
    'api/dist/main.js',
    'gateway/dist/main.js',
    'workers/dist/main.js',
    'projections/dist/main.js',
  ])('refuses to start %s with NODE_ENV=production and no AUTH_SECRET', async (entry) => {
    const { code, stderr } = await launch(entry, {
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
    }).exited;
    expect(code).toBe(78);
    expect(stderr).toContain('AUTH_SECRET: expected at least 32 characters of random text, the same for every runtime');
  });

  it.each(['api/dist/main.js', 'gateway/dist/main.js', 'workers/dist/main.js', 'projections/dist/main.js'])(
    'refuses to start %s alone without a shared PostgreSQL',
    async (entry) => {
      const { code, stderr } = await launch(entry, { PORT: '0' }).exited;
      expect(code).toBe(78);
      expect(stderr).toContain('DATABASE_URL: expected a PostgreSQL URL');
    },
  );
});

describe('[PLATFORM]: one-process start on embedded defaults', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'aic-runtime-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    PORT: '3197',
    DATA_DIR: path.join(dataDir, 'data'),
    LOG_LEVEL: 'debug',
    ADMIN_EMAIL: 'boss@example.com',
  });

  it('creates the data directory, seeds with a generated password shown once, serves, and drains on SIGTERM', async () => {
    const server = launch('api/dist/main-all.js', env());
    await server.waitFor('AI-Coaching is running at http://localhost:3197');
    expect(existsSync(path.join(dataDir, 'data', 'pglite'))).toBe(true);
    const password = /password: (\S+) {3}\(shown only this once/.exec(server.output())?.[1];
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{20}$/);
    expect(server.output()).toContain('email:    boss@example.com');
    // The generated auth secret: kept next to the data, owner-only, named in the log by its path alone.
    const secretFile = path.join(dataDir, 'data', 'auth-secret');
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain(`auth secret: generated, kept in ${secretFile}`);
    expect(server.output()).not.toContain((await readFile(secretFile, 'utf8')).trim());

    const health = await fetch('http://127.0.0.1:3197/healthz');
    expect(health.status).toBe(200);

    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    // The password appears exactly once, in the banner; never in a log line.
    expect(server.output().split(password!).length - 1).toBe(1);
  });

  it('keeps the data on restart and does not seed again', async () => {
    const server = launch('api/dist/main-all.js', env());
    await server.waitFor('AI-Coaching is running');
    expect(server.output()).not.toContain('First start');
    const ready = await fetch('http://127.0.0.1:3197/readyz');
    expect(ready.status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });

  it('writes JSON log lines to a pipe and readable lines to a terminal', async () => {
    const piped = launch('api/dist/main-all.js', env());
    await piped.waitFor('AI-Coaching is running');
    piped.child.kill('SIGTERM');
    await piped.exited;
    const pipedLog = piped
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"listening"'));
    expect(pipedLog).toHaveLength(1);
    expect(JSON.parse(pipedLog[0]!)).toMatchObject({ level: 30, msg: 'listening' });

    // `script` runs the command on a pseudo-terminal, as a person's shell would.
    const command = [process.execPath, path.join(root, 'api/dist/main-all.js')].join(' ');
    const terminal = spawn('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'dumb', ...env() },
    });
    let output = '';
    terminal.stdout.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 60_000;
    while (!output.includes('AI-Coaching is running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    terminal.kill('SIGTERM');
    await new Promise((resolve) => terminal.once('exit', resolve));
    // eslint-disable-next-line no-control-regex -- colours are escape sequences
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    const listening = plain.split(/\r?\n/).find((line) => line.includes('listening'));
    expect(listening).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO \(ai-coaching\): listening/);
    expect(plain).not.toMatch(/^\{"level"/m);
  });
});

const postgres = await postgresAvailability();
const redis = await redisAvailability();
const services = postgres.available && redis.available;

describe.skipIf(!services)(
  `[PLATFORM]: each runtime alone on PostgreSQL and Redis${services ? '' : ` (skipped: ${postgres.reason ?? redis.reason})`}`,
  () => {
    const databaseUrl = freshTestDatabase('aic_runtimes');

    it('starts api, gateway, workers and projections together, each ready, each draining on SIGTERM', async () => {
      const shared = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_REDIS_URL,
        AUTH_SECRET: 'an-auth-secret-for-the-runtime-test-0123456789',
        PUBLIC_URL: 'http://app.test',
        ADMIN_PASSWORD: 'Runtime-Passw0rd!',
        LOG_LEVEL: 'info',
      };
      const runtimes = [
        { entry: 'api/dist/main.js', port: '3191', ready: 'api listening' },
        { entry: 'gateway/dist/main.js', port: '3192', ready: 'gateway listening' },
        { entry: 'workers/dist/main.js', port: '3193', ready: 'workers started' },
        { entry: 'projections/dist/main.js', port: '3194', ready: 'projections started' },
        // A second API node: what one node changes, the other's caches must forget (ADR 0012).
        { entry: 'api/dist/main.js', port: '3195', ready: 'api listening' },
      ].map((runtime) => ({ ...runtime, process: launch(runtime.entry, { ...shared, PORT: runtime.port }) }));
      try {
        for (const runtime of runtimes) {
          await runtime.process.waitFor(runtime.ready);
          const response = await fetch(`http://127.0.0.1:${runtime.port}/readyz`);
          expect(response.status, runtime.entry).toBe(200);
        }

        // The seeded admin reaches the API's login through the projections process: on a loaded machine that
        // takes a moment after every runtime says it is ready. Wrong logins are rate-limited, so the test waits
        // for the read model rather than retrying the login.
        const seeded = new pg.Client({ connectionString: databaseUrl });
        await seeded.connect();
        try {
          for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
            const { rows } = await seeded
              .query("SELECT 1 FROM rm_users WHERE status = 'active' AND password_hash IS NOT NULL LIMIT 1")
              .catch(() => ({ rows: [] }));
            if (rows.length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        } finally {
          await seeded.end();
        }
        const login = await apiClient({ url: 'http://127.0.0.1:3191' }).send('POST', '/v1/fau/login', {
          form: { username: 'admin@localhost.localdomain', password: 'Runtime-Passw0rd!', grant_type: 'password' },
        });
        expect(login.status).toBe(200);
        const token = String(login.body.access_token);
        // The read models live in the projections process: a change made through one API node is what
        // both nodes answer next, although each keeps the caller and lists in memory between requests.
        const nodeA = apiClient({ url: 'http://127.0.0.1:3191' }, token);
        const nodeB = apiClient({ url: 'http://127.0.0.1:3195' }, token);
        const me = await nodeA.call(authOperations.me, {});
        expect((await nodeB.call(authOperations.me, {})).body.first_name).toBe(me.body.first_name);
        expect((await nodeB.call(userOperations.list, { query: { q: 'Renamed' } })).body.total).toBe(0);
        const renamed = await nodeA.call(userOperations.update, {
          params: { id: me.body.id! },
          body: { first_name: 'Renamed' },
        });
        expect(renamed.status).toBe(200);
        expect((await nodeA.call(authOperations.me, {})).body.first_name).toBe('Renamed');
        expect((await nodeA.call(userOperations.list, { query: { q: 'Renamed' } })).body.total).toBe(1);
        // The other node hears it by NOTIFY when the projections commit: within moments, not at its next TTL.
        const deadline = Date.now() + 2000;
        let seen = '';
        while (Date.now() < deadline && seen !== 'Renamed') {
          seen = (await nodeB.call(authOperations.me, {})).body.first_name ?? '';
          if (seen !== 'Renamed') await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(seen).toBe('Renamed');
        expect((await nodeB.call(userOperations.list, { query: { q: 'Renamed' } })).body.total).toBe(1);
      } finally {
        for (const runtime of runtimes) runtime.process.child.kill('SIGTERM');
      }
      for (const runtime of runtimes) {
        const { code } = await runtime.process.exited;
        expect(code, runtime.entry).toBe(0);
        expect(runtime.process.output(), runtime.entry).toContain('shut down cleanly');
      }
    });
  },
);

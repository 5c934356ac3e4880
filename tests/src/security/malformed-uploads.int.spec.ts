import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import fc from 'fast-check';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfNeeded, launch, root, type LaunchedRuntime } from '../support/runtime-process.js';

/**
 * Issue 22 item 1: one multipart body that ends inside its file part made busboy destroy the file's stream with
 * "Unexpected end of form", nobody listened, and the whole process exited. The server runs here as its own process
 * (`api/dist/main-all.js`, as `npm start` runs it), so a crash shows as an exit instead of taking the test down.
 */

const BOUNDARY = 'B';
const TRUNCATED =
  '--B\r\nContent-Disposition: form-data; name="category"\r\n\r\navatars\r\n' +
  '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx';

type Sent = {
  /** What the request says of its body; by default multipart/form-data with the boundary `B`. */
  contentType?: string;
  body: Buffer;
  /** How the body is framed: its exact length (default), a length longer than what is sent, or chunks cut short. */
  framing?: 'exact' | 'short' | 'chunked-cut';
};

/** One request over a raw socket: the status line's code, or undefined when no answer came before the socket closed. */
const send = (port: number, token: string, request: Sent): Promise<number | undefined> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const framing = request.framing ?? 'exact';
    const head = [
      'POST /api/image/uploads HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${token}`,
      `Content-Type: ${request.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`}`,
      framing === 'chunked-cut'
        ? 'Transfer-Encoding: chunked'
        : `Content-Length: ${request.body.length + (framing === 'short' ? 4096 : 0)}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve(status === undefined ? undefined : Number(status));
    });
    socket.write(head);
    if (framing === 'chunked-cut') {
      // Two chunks of the body, then the connection ends without the last (zero-length) chunk.
      socket.write(`${request.body.length.toString(16)}\r\n`);
      socket.write(request.body.subarray(0, Math.ceil(request.body.length / 2)));
      socket.destroy();
      return;
    }
    socket.write(request.body);
    // The body promised more than it sends: the client gives up and closes, as a dropped connection would.
    if (framing === 'short') setTimeout(() => socket.destroy(), 50);
  });

const postgres = await postgresAvailability();

describe.skipIf(!postgres.available)(
  `[SECURITY]: malformed uploads cannot stop the server${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    const database = uniqueTestName('aic_malformed_uploads').toLowerCase();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    let server: LaunchedRuntime;
    let port: number;
    let token: string;
    let valid: Buffer;

    const alive = async () => {
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.child.signalCode).toBeNull();
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    };

    beforeAll(async () => {
      buildServerIfNeeded();
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      server = launch('api/dist/main-all.js', {
        PORT: '0',
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(root, '.data-test', database),
        AUTH_SECRET: 'an-auth-secret-for-the-malformed-uploads-test-0123',
        ADMIN_PASSWORD: 'Malformed-Passw0rd!',
        LOG_LEVEL: 'info',
      });
      await server.waitFor(/AI-Coaching is running at http:\/\/localhost:\d+/);
      port = Number(/AI-Coaching is running at http:\/\/localhost:(\d+)/.exec(server.output())![1]);
      const login = await fetch(`http://127.0.0.1:${port}/v1/fau/login`, {
        method: 'POST',
        body: new URLSearchParams({
          username: 'admin@localhost.localdomain',
          password: 'Malformed-Passw0rd!',
          grant_type: 'password',
        }),
      });
      token = ((await login.json()) as { access_token: string }).access_token;
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      valid = Buffer.concat([
        Buffer.from(
          '--B\r\nContent-Disposition: form-data; name="category"\r\n\r\navatars\r\n' +
            '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--B--\r\n'),
      ]);
    }, 120_000);

    afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    });

    it('answers a body that ends inside its file part with 400 upload_malformed, and goes on serving', async () => {
      const pid = server.child.pid;
      const response = await fetch(`http://127.0.0.1:${port}/api/image/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: TRUNCATED,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('upload_malformed');
      await alive();
      expect(server.child.pid).toBe(pid);
      // The cause is handled where it happens: the process-wide net caught nothing.
      expect(server.output()).not.toContain('an error escaped its handler');
    });

    it('answers 200 fuzzed, truncated and garbled multipart bodies with a 4xx (or nothing, when the client hung up)', async () => {
      const pid = server.child.pid;
      const mutation = fc.oneof(
        fc.nat().map((at) => (body: Buffer): Sent => ({ body: body.subarray(0, at % body.length) })),
        fc
          .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 })
          .map((flips) => (body: Buffer): Sent => {
            const garbled = Buffer.from(body);
            for (const [at, byte] of flips) garbled[at % garbled.length] = byte;
            return { body: garbled };
          }),
        fc.nat().map((at) => (body: Buffer): Sent => {
          // One line break taken out: part headers run into each other or into the data.
          const breaks = [...body.toString('latin1').matchAll(/\r\n/g)].map((match) => match.index);
          const cut = breaks[at % breaks.length]!;
          return { body: Buffer.concat([body.subarray(0, cut), body.subarray(cut + 2)]) };
        }),
        fc.tuple(fc.nat(), fc.nat()).map(([at, length]) => (body: Buffer): Sent => {
          const start = at % body.length;
          const slice = body.subarray(start, start + (length % 200));
          return { body: Buffer.concat([body.subarray(0, start), slice, slice, body.subarray(start)]) };
        }),
        fc
          .constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            `multipart/form-data; boundary=${'x'.repeat(300)}`,
            'multipart/form-data; boundary=C',
            'multipart/form-data; boundary="B',
            'multipart/form-data; boundary=B; charset=\u00ff\u00fe',
            'multipart/mixed; boundary=B',
          )
          .map((contentType) => (body: Buffer): Sent => ({ body, contentType })),
        fc.constantFrom<Sent['framing']>('short', 'chunked-cut').map((framing) => (body: Buffer): Sent => ({
          body,
          framing,
        })),
      );
      const variants = fc.sample(mutation, { numRuns: 200, seed: 22 }).map((mutate) => mutate(valid));
      const answers: (number | undefined)[] = [];
      for (const variant of variants) answers.push(await send(port, token, variant));

      // Every request the client finished got an answer, and no answer was a server error.
      const finished = variants.flatMap((variant, index) =>
        (variant.framing ?? 'exact') === 'exact' ? [answers[index]] : [],
      );
      expect(finished.filter((status) => status === undefined)).toEqual([]);
      expect(answers.filter((status) => status !== undefined && status >= 500)).toEqual([]);
      // The family really is malformed: most bodies are refused.
      expect(finished.filter((status) => status !== undefined && status >= 400).length).toBeGreaterThan(100);

      await alive();
      expect(server.child.pid).toBe(pid);
      expect(server.output()).not.toContain('an error escaped its handler');
    }, 300_000);
  },
);

/**
 * The class behind item 1: whatever else escapes a handler once a runtime is serving (an 'error' event nobody hears,
 * a promise nobody awaits) is contained by `startRuntime`. A minimal runtime shows it, since the product has no
 * request left that lets one escape on purpose.
 */
describe('[SECURITY]: an error that escapes a handler ends neither the process nor other requests', () => {
  it('answers the faulty request from its scope, logs it with its id, and serves the next one', async () => {
    buildServerIfNeeded();
    const platform = pathToFileURL(path.join(root, 'platform/dist/index.js')).href;
    const fixture = `
      import http from 'node:http';
      import { EventEmitter } from 'node:events';
      const { startRuntime, withinFaultScope } = await import(${JSON.stringify(platform)});
      await startRuntime('fixture', async () => {
        const server = http.createServer((request, response) =>
          withinFaultScope(
            { context: { requestId: request.url }, onFault: () => { response.writeHead(500); response.end('contained'); } },
            () => {
              if (request.url === '/unheard') setTimeout(() => new EventEmitter().emit('error', new Error('unheard')), 1);
              else if (request.url === '/unawaited') void Promise.reject(new Error('unawaited'));
              else response.end('ok');
            },
          ),
        );
        await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
        process.stdout.write('port ' + server.address().port + '\\n');
      });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', fixture], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 30_000;
      while (!/port \d+/.test(output) && child.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const base = `http://127.0.0.1:${/port (\d+)/.exec(output)?.[1]}`;
      for (const faulty of ['/unheard', '/unawaited']) {
        const answer = await fetch(base + faulty);
        expect([answer.status, await answer.text()]).toEqual([500, 'contained']);
      }
      expect(await (await fetch(`${base}/fine`)).text()).toBe('ok');
      expect(child.exitCode).toBeNull();
      const faults = () =>
        output
          .split('\n')
          .filter((line) => line.includes('an error escaped its handler'))
          .map((line) => JSON.parse(line) as { fault: string; requestId: string; level: number })
          .map(({ fault, requestId, level }) => [fault, requestId, level]);
      // The log is written beside the answer, not before it: on a loaded machine it may reach the pipe a moment later.
      await expect.poll(faults, { timeout: 5000 }).toEqual([
        ['uncaught_exception', '/unheard', 50],
        ['unhandled_rejection', '/unawaited', 50],
      ]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClient } from './static-client.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><title>AI-Coaching</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
const MANIFEST = JSON.stringify({ id: 'b1', version: '1.4.1', builtAt: '2026-11-24T00:00:00.000Z' });

let dir: string;
let server: http.Server;
let base: string;

/** The build as the precompression step leaves it: `.br` and `.gz` siblings, except for a tiny file. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'aic-static-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'build'));
  const withSiblings = async (file: string, text: string) => {
    await writeFile(path.join(dir, file), text);
    await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(text));
    await writeFile(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  await withSiblings('assets/app-abc123.js', SCRIPT);
  await withSiblings('index.html', INDEX);
  await withSiblings('build/latest.json', MANIFEST);
  await writeFile(path.join(dir, 'theme-init.js'), 'void 0;');

  const app = new Koa();
  app.use(staticClient(dir));
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** node:http, not fetch: fetch would pick its own Accept-Encoding and decode the body before we see it. */
const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });

const decoded = ({ headers, body }: Answer): string => {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('[PLATFORM]: static client, precompressed files', () => {
  it('sends the brotli file to a browser that accepts brotli, with the type of the original', async () => {
    const answer = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varies(answer)).toContain('accept-encoding');
    expect(answer.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it('sends the gzip file when the browser accepts gzip but not brotli', async () => {
    const answer = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(varies(answer)).toContain('accept-encoding');
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it('sends the file itself, still varying on Accept-Encoding, to a client that accepts no encoding', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of variants) {
      const answer = await get('/assets/app-abc123.js', headers);
      expect(answer.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(varies(answer)).toContain('accept-encoding');
      expect(answer.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('compresses the app shell, on its own path and as the fallback of a client route', async () => {
    for (const pathname of ['/', '/index.html', '/dashboard']) {
      const answer = await get(pathname, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(answer.headers['content-type'], pathname).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(varies(answer), pathname).toContain('accept-encoding');
      expect(decoded(answer), pathname).toBe(INDEX);
    }
  });

  it('keeps the JSON type and the revalidation of the build manifest when it is compressed', async () => {
    const answer = await get('/build/latest.json', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(decoded(answer))).toEqual(JSON.parse(MANIFEST));
  });

  it('sends a file without compressed siblings as it is', async () => {
    const answer = await get('/theme-init.js', { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe('void 0;');
  });

  it('answers HEAD with the headers of the encoding it would send', async () => {
    const answer = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });

  it('never answers a missing bundle with the app shell, compressed or not', async () => {
    const answer = await get('/assets/missing-000.js', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

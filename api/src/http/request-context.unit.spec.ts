import { Writable } from 'node:stream';
import Router from '@koa/router';
import { createLogger } from '@ai-coaching/platform';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { ApiState } from './context.js';
import { requestContext } from './request-context.js';

describe('request log', () => {
  it('logs the route pattern, never a code carried in the path or the query', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    );
    const app = new Koa<ApiState>();
    const router = new Router<ApiState>();
    router.get('/v1/check_invite_code/:invite_code', (ctx) => {
      ctx.body = { ok: true };
    });
    app.use(requestContext(logger));
    app.use(router.routes());
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      await fetch(`http://127.0.0.1:${port}/v1/check_invite_code/SECRET-CODE-123?code=OTHER-SECRET`);
    } finally {
      server.close();
    }
    const entry = JSON.parse(lines.find((line) => line.includes('"request"'))!);
    expect(entry).toMatchObject({ method: 'GET', path: '/v1/check_invite_code/:invite_code', status: 200 });
    expect(lines.join('')).not.toMatch(/SECRET/);
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { lines, stream };
};

describe('logger', () => {
  it('writes one JSON line per entry with the bound request id', () => {
    const { lines, stream } = capture();
    createLogger({ level: 'info' }, stream).child({ requestId: 'req-1' }).info({ path: '/v1/me' }, 'request');
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-1', path: '/v1/me', msg: 'request', level: 30 });
  });

  it('redacts secrets that reach a log entry by accident', () => {
    const { lines, stream } = capture();
    createLogger({ level: 'info' }, stream).info(
      {
        password: 'hunter2',
        body: { new_password: 'n3w', refresh_token: 'rt' },
        req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } },
        config: { DATABASE_URL: 'postgresql://u:pw@db/app', PORT: 3000 },
      },
      'oops',
    );
    const line = lines[0]!;
    for (const secret of ['hunter2', 'n3w', '"rt"', 'Bearer abc', 'sid=1', 'u:pw']) expect(line).not.toContain(secret);
    expect(JSON.parse(line).config.PORT).toBe(3000);
  });

  it('logs a database error without its statement or parameters, down the cause chain', () => {
    const { lines, stream } = capture();
    const failure = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      query: 'INSERT INTO rm_users (email, first_name) VALUES ($1, $2)',
      params: ['marie@example.com', 'Marie'],
    });
    const logger = createLogger({ level: 'info' }, stream);
    logger.error({ err: failure }, 'unhandled error');
    logger.error({ err: new Error('could not save', { cause: failure }) }, 'unhandled error');
    for (const line of lines) {
      for (const secret of ['marie@example.com', 'Marie', 'INSERT INTO']) expect(line).not.toContain(secret);
    }
    const [direct, wrapped] = lines.map((line) => JSON.parse(line));
    expect(direct.err).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint' });
    expect(direct.err.stack).toContain('duplicate key value');
    expect(wrapped.err.message).toContain('could not save');
  });
});

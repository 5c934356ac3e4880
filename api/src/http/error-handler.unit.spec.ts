import type { AddressInfo } from 'node:net';
import { createLogger, loadConfig } from '@ai-coaching/platform';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.js';
import type { ApiState } from './context.js';
import { errorHandler } from './error-handler.js';
import { requestContext } from './request-context.js';

// The system bench (issue 26) found a session start answered 500 while PostgreSQL restarted: a store that cannot be
// reached for a moment is a 503 the client may retry, with Retry-After, in the caller's language.

const logger = createLogger({ level: 'silent' });
let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const answerTo = async (thrown: unknown, language = 'en-GB') => {
  const app = new Koa<ApiState>();
  app.use(clientAddress(loadConfig({ TRUSTED_PROXIES: 'none' })));
  app.use(requestContext(logger));
  app.use(errorHandler());
  app.use(() => {
    throw thrown;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => server.close(resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
    headers: { 'accept-language': language },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { code: string; message: string },
  };
};

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('[API]: a store that cannot be reached for a moment', () => {
  it.each([
    ['PostgreSQL starting up or shutting down (57P03)', pgError('57P03', 'the database system is shutting down')],
    [
      'PostgreSQL ending the connection (57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a connection exception (class 08)', pgError('08006', 'connection failure')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    [
      'ioredis giving up on a command',
      Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
    ],
  ])('answers 503 store_unavailable with Retry-After: %s', async (_, thrown) => {
    const answer = await answerTo(thrown);
    expect(answer).toEqual({
      status: 503,
      retryAfter: '1',
      body: {
        code: 'store_unavailable',
        message: 'The service is unavailable for a moment. Try again in a few seconds.',
      },
    });
  });

  it('says so in French to a French caller', async () => {
    const answer = await answerTo(pgError('57P03', 'the database system is starting up'), 'fr-FR');
    expect(answer.body).toEqual({
      code: 'store_unavailable',
      message: 'Le service est indisponible un instant. Réessayez dans quelques secondes.',
    });
  });

  it('still answers any other error as a 500 that leaks nothing', async () => {
    const answer = await answerTo(pgError('42P01', 'relation "secret_table" does not exist'));
    expect(answer.status).toBe(500);
    expect(answer.retryAfter).toBeNull();
    expect(answer.body.code).toBe('internal_error');
    expect(JSON.stringify(answer.body)).not.toContain('secret_table');
  });
});

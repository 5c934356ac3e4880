import type { AddressInfo } from 'node:net';
import {
  createAuthRateLimiter,
  createLogger,
  loadConfig,
  RateLimitedError,
  type AuthRateLimiter,
} from '@ai-coaching/platform';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { clientAddress } from './client-address.js';
import type { ApiState } from './context.js';
import { errorHandler } from './error-handler.js';
import { rateLimitKeys, tooManyAttempts } from './rate-limit.js';
import { requestContext } from './request-context.js';

const logger = createLogger({ level: 'silent' });

const serve = async (app: Koa<ApiState>) => {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

const appWith = (route: Koa.Middleware<ApiState>, trustedProxies = 'none') => {
  const app = new Koa<ApiState>();
  app.use(clientAddress(loadConfig({ TRUSTED_PROXIES: trustedProxies })));
  app.use(requestContext(logger));
  app.use(errorHandler());
  app.use(route);
  return app;
};

describe('429 for rate-limited auth actions', () => {
  let limiter: AuthRateLimiter;
  let server: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    limiter = createAuthRateLimiter({ logger });
    // The pattern a login route follows: check, verify, then record the outcome.
    server = await serve(
      appWith(async (ctx) => {
        const email = ctx.query.email as string;
        const keys = rateLimitKeys(ctx, email);
        await limiter.check('login', keys);
        if (email !== 'alice@example.com' || ctx.query.password !== 'right') {
          await limiter.recordFailure('login', keys);
          throw new ApiError(401, 'invalid_credentials', 'The email or password is wrong.');
        }
        await limiter.recordSuccess('login', keys);
        ctx.body = { ok: true };
      }),
    );
  });

  afterAll(async () => {
    await server.close();
    await limiter.close();
  });

  const login = (email: string, password: string) =>
    fetch(`${server.url}/login?${new URLSearchParams({ email, password })}`);

  it('answers 429 with Retry-After and the wait in words once the account is blocked', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('alice@example.com', 'wrong')).status).toBe(401);

    const response = await login('alice@example.com', 'right');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('900');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      code: 'too_many_requests',
      message: 'Too many attempts. Wait 15 minutes and try again.',
      details: { retry_after_seconds: 900 },
    });
  });

  it('answers an unknown account exactly like a known one', async () => {
    for (let i = 0; i < 5; i += 1) await login('nobody@example.com', 'wrong');
    const unknown = await login('nobody@example.com', 'wrong');
    const known = await login('alice@example.com', 'wrong');
    expect(unknown.status).toBe(known.status);
    expect(unknown.headers.get('retry-after')).toBe(known.headers.get('retry-after'));
    expect(await unknown.json()).toEqual(await known.json());
  });
});

describe('tooManyAttempts', () => {
  it.each([
    [1, 'Wait 1 second'],
    [45, 'Wait 45 seconds'],
    [60, 'Wait 1 minute'],
    [61, 'Wait 2 minutes'],
    [3600, 'Wait 60 minutes'],
  ])('words a wait of %i s as "%s"', (seconds, words) => {
    const error = tooManyAttempts(new RateLimitedError('password-reset', seconds));
    expect(error).toMatchObject({ status: 429, headers: { 'Retry-After': String(seconds) } });
    expect(error.message).toBe(`Too many attempts. ${words} and try again.`);
  });
});

describe('tooManyAttempts for image uploads', () => {
  it('says whose uploads are held back: the caller’s or their organization’s', () => {
    expect(tooManyAttempts(new RateLimitedError('image-upload', 600, 'account'))).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      message: 'You have uploaded too many images in the last few minutes. Wait 10 minutes and try again.',
      details: { retry_after_seconds: 600, limited: 'user' },
      headers: { 'Retry-After': '600' },
    });
    expect(tooManyAttempts(new RateLimitedError('image-upload', 30, 'organization'))).toMatchObject({
      message: 'Your organization has uploaded too many images in the last few minutes. Wait 30 seconds and try again.',
      details: { retry_after_seconds: 30, limited: 'organization' },
    });
  });
});

describe('rateLimitKeys', () => {
  const echo: Koa.Middleware<ApiState> = (ctx) => {
    ctx.body = rateLimitKeys(ctx, 'a@example.com');
  };
  const keysFrom = async (trustedProxies: string) => {
    const server = await serve(appWith(echo, trustedProxies));
    try {
      const response = await fetch(server.url, { headers: { 'X-Forwarded-For': '198.51.100.9' } });
      return await response.json();
    } finally {
      await server.close();
    }
  };

  it('uses X-Forwarded-For only when the peer is a trusted proxy', async () => {
    expect(await keysFrom('127.0.0.1')).toEqual({ account: 'a@example.com', address: '198.51.100.9' });
    expect(await keysFrom('10.0.0.0/8')).toEqual({
      account: 'a@example.com',
      address: expect.stringMatching(/127\.0\.0\.1$/),
    });
  });
});

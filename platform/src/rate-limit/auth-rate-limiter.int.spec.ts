import { createHash } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { redisAvailability, TEST_REDIS_URL, uniqueTestName } from '../testing/services.js';
import {
  createAuthRateLimiter,
  RateLimitedError,
  type AuthLimits,
  type AuthRateLimiter,
  type AuthRateLimiterOptions,
} from './auth-rate-limiter.js';

const redis = await redisAvailability();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietLogger = createLogger({ level: 'silent' });
const alice = { account: 'Alice@Example.com', address: '203.0.113.7' };
const shortLogin: Partial<AuthLimits> = {
  login: {
    account: { max: 3, windowSeconds: 60, blockSeconds: 60 },
    address: { max: 10, windowSeconds: 60, blockSeconds: 60 },
  },
};

const retryAfter = (promise: Promise<void>) =>
  promise.then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof RateLimitedError) return error.retryAfterSeconds;
      throw error;
    },
  );

type LogLine = { level: number; msg: string };
const capturingLogger = () => {
  const lines: LogLine[] = [];
  const logger = createLogger({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, logger, warnings: () => lines.filter((line) => line.level === 40) };
};

const waitFor = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
};

/** A TCP relay to the real Redis that a test can cut and restore, as a network outage would. */
const startRelay = async () => {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    for (const socket of [inbound, outbound]) sockets.add(socket.on('error', end).on('close', end));
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }),
    restore: () => listen(port),
  };
};

const limiters: AuthRateLimiter[] = [];
afterEach(async () => {
  for (const limiter of limiters.splice(0)) await limiter.close();
});

describe.skipIf(!redis.available)(`auth rate limiter on Redis (skipped: ${redis.reason})`, () => {
  // Every key of this file lives under its own prefix; each test adds its own part below it.
  const prefix = uniqueTestName('test-auth-rl');
  const admin = new Redis(TEST_REDIS_URL);
  let testCount = 0;

  /** Two limiters on one key prefix, as two API replicas sharing Redis. */
  const replicas = (options: AuthRateLimiterOptions = {}) => {
    const keyPrefix = `${prefix}:t${(testCount += 1)}`;
    const create = () =>
      createAuthRateLimiter({ redisUrl: TEST_REDIS_URL, keyPrefix, logger: quietLogger, ...options });
    const pair = [create(), create()] as const;
    limiters.push(...pair);
    return { keyPrefix, a: pair[0], b: pair[1] };
  };

  const keysUnder = async (pattern: string) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  };

  afterAll(async () => {
    const keys = await keysUnder(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('shares counters between replicas', async () => {
    const { a, b } = replicas({ limits: shortLogin });
    await a.recordFailure('login', alice);
    await b.recordFailure('login', { ...alice, address: '198.51.100.1' });
    expect(await retryAfter(a.check('login', alice))).toBeUndefined();

    await a.recordFailure('login', alice);
    expect(await retryAfter(a.check('login', alice))).toBeGreaterThanOrEqual(59);
    expect(await retryAfter(b.check('login', { ...alice, address: '192.0.2.5' }))).toBeGreaterThanOrEqual(59);

    // A success seen by one replica clears the account for both.
    await b.recordSuccess('login', alice);
    expect(await retryAfter(a.check('login', alice))).toBeUndefined();
  });

  it('stores hashed accounts only: no email in any key', async () => {
    const { keyPrefix, a } = replicas();
    await a.recordFailure('login', alice);
    await a.consume('password-reset', alice);
    await a.recordFailure('activation', alice);

    const keys = await keysUnder(`${keyPrefix}:*`);
    const hash = createHash('sha256').update('alice@example.com').digest('hex');
    expect(keys.sort()).toEqual(
      [
        `${keyPrefix}:login:account:${hash}`,
        `${keyPrefix}:login:address:${alice.address}`,
        `${keyPrefix}:password-reset:account:${hash}`,
        `${keyPrefix}:password-reset:address:${alice.address}`,
        `${keyPrefix}:activation:address:${alice.address}`,
      ].sort(),
    );
    expect(keys.join(' ').toLowerCase()).not.toContain('alice');
    expect(keys.join(' ')).not.toContain('@');
  });

  it('lets the block expire in Redis', async () => {
    const { keyPrefix, a, b } = replicas({
      limits: { activation: { address: { max: 2, windowSeconds: 60, blockSeconds: 1 } } },
    });
    await a.recordFailure('activation', alice);
    await b.recordFailure('activation', alice);
    expect(await retryAfter(b.check('activation', alice))).toBe(1);
    expect(await admin.pttl(`${keyPrefix}:activation:address:${alice.address}`)).toBeLessThanOrEqual(1000);

    await sleep(1100);
    expect(await retryAfter(a.check('activation', alice))).toBeUndefined();
  });

  it('counts per process while the connection is lost, quickly, and shares again once it is back', async () => {
    const relay = await startRelay();
    const log = capturingLogger();
    const keyPrefix = `${prefix}:t${(testCount += 1)}`;
    const options = { keyPrefix, limits: shortLogin };
    const a = createAuthRateLimiter({ ...options, redisUrl: relay.url, logger: log.logger });
    const b = createAuthRateLimiter({ ...options, redisUrl: TEST_REDIS_URL, logger: quietLogger });
    limiters.push(a, b);
    await a.recordFailure('login', alice);

    await relay.cut();
    const started = Date.now();
    for (let i = 0; i < 3; i += 1) await a.recordFailure('login', alice);
    expect(await retryAfter(a.check('login', alice))).toBe(60);
    // Nothing waited for a reconnect or a command timeout.
    expect(Date.now() - started).toBeLessThan(500);
    // The other replica only saw what reached Redis.
    expect(await retryAfter(b.check('login', alice))).toBeUndefined();
    expect(log.warnings()).toHaveLength(1);

    await relay.restore();
    await waitFor(() => log.lines.some((line) => line.msg.startsWith('Redis reachable again')));
    await a.recordFailure('login', alice);
    await a.recordFailure('login', alice);
    expect(await retryAfter(b.check('login', alice))).toBeGreaterThanOrEqual(59);
    await relay.cut();
  });
});

describe('auth rate limiter while Redis is down', () => {
  it('falls back to per-process limits and logs a warning instead of failing', async () => {
    const log = capturingLogger();
    // Port 1 refuses connections: Redis is down from the start.
    const limiter = createAuthRateLimiter({ redisUrl: 'redis://127.0.0.1:1', logger: log.logger, limits: shortLogin });
    limiters.push(limiter);

    for (let i = 0; i < 3; i += 1) await limiter.recordFailure('login', alice);
    expect(await retryAfter(limiter.check('login', alice))).toBe(60);
    await limiter.recordSuccess('login', alice);
    expect(await retryAfter(limiter.check('login', alice))).toBeUndefined();

    expect(log.warnings()).toHaveLength(1);
    expect(log.warnings()[0]?.msg).toMatch(/Redis unavailable/);
  });
});

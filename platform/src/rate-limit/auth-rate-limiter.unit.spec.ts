import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.js';
import {
  createAuthRateLimiter,
  DEFAULT_AUTH_LIMITS,
  RateLimitedError,
  type AuthAction,
  type AuthRateLimiter,
  type AuthRateLimiterOptions,
  type AuthRateLimitKeys,
} from './auth-rate-limiter.js';

const MINUTE = 60;
const quietLogger = createLogger({ level: 'silent' });

/** The refusal `check` throws, or undefined when the action is allowed. */
const refusal = async (limiter: AuthRateLimiter, action: AuthAction, keys: AuthRateLimitKeys) => {
  try {
    await limiter.check(action, keys);
    return undefined;
  } catch (error) {
    if (error instanceof RateLimitedError) return { action: error.action, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
};

const fail = async (limiter: AuthRateLimiter, action: AuthAction, keys: AuthRateLimitKeys, times: number) => {
  for (let i = 0; i < times; i += 1) await limiter.recordFailure(action, keys);
};

const alice = { account: 'alice@example.com', address: '203.0.113.7' };

describe('auth rate limiter (memory store)', () => {
  let limiter: AuthRateLimiter;
  const create = (options: AuthRateLimiterOptions = {}) => {
    limiter = createAuthRateLimiter({ logger: quietLogger, ...options });
    return limiter;
  };

  // The memory store keeps time with Date and setTimeout, so fake timers walk through 15-minute blocks at once.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] }));
  afterEach(async () => {
    vi.useRealTimers();
    await limiter?.close();
  });

  describe('login', () => {
    it('blocks an account for 15 minutes after its 5th failure, from any address', async () => {
      const limiter = create();
      await fail(limiter, 'login', alice, 4);
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();

      await limiter.recordFailure('login', alice);
      expect(await refusal(limiter, 'login', alice)).toEqual({ action: 'login', retryAfterSeconds: 15 * MINUTE });
      expect(await refusal(limiter, 'login', { ...alice, address: '198.51.100.1' })).toEqual({
        action: 'login',
        retryAfterSeconds: 15 * MINUTE,
      });
      // Another account from the same address is not affected by Alice's block.
      expect(await refusal(limiter, 'login', { ...alice, account: 'bob@example.com' })).toBeUndefined();
    });

    it('counts the Retry-After down and lifts the block when it has passed', async () => {
      const limiter = create();
      await fail(limiter, 'login', alice, 5);

      vi.advanceTimersByTime(5 * MINUTE * 1000);
      expect((await refusal(limiter, 'login', alice))?.retryAfterSeconds).toBe(10 * MINUTE);
      vi.advanceTimersByTime(10 * MINUTE * 1000 - 1500);
      expect((await refusal(limiter, 'login', alice))?.retryAfterSeconds).toBe(2);
      vi.advanceTimersByTime(1500);
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();
    });

    it('forgets failures older than the window', async () => {
      const limiter = create();
      await fail(limiter, 'login', alice, 4);
      vi.advanceTimersByTime(15 * MINUTE * 1000);
      await fail(limiter, 'login', alice, 4);
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();
    });

    it('blocks an address after 30 failures spread over many accounts (credential stuffing)', async () => {
      const limiter = create();
      for (let i = 0; i < 29; i += 1)
        await limiter.recordFailure('login', { ...alice, account: `user${i}@example.com` });
      expect(await refusal(limiter, 'login', { ...alice, account: 'fresh@example.com' })).toBeUndefined();

      await limiter.recordFailure('login', { ...alice, account: 'user29@example.com' });
      expect(await refusal(limiter, 'login', { ...alice, account: 'fresh@example.com' })).toEqual({
        action: 'login',
        retryAfterSeconds: 15 * MINUTE,
      });
      expect(await refusal(limiter, 'login', { address: alice.address })).toBeDefined();
      expect(
        await refusal(limiter, 'login', { account: 'fresh@example.com', address: '198.51.100.1' }),
      ).toBeUndefined();
    });

    it("clears the account's failures on success but keeps the address's", async () => {
      const login = { max: 3, windowSeconds: 60, blockSeconds: 60 };
      const limiter = create({ limits: { login: { account: login, address: { ...login, max: 5 } } } });
      await fail(limiter, 'login', alice, 2);
      await limiter.recordSuccess('login', alice);
      await fail(limiter, 'login', alice, 2);
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();

      // The address has now seen 5 failures: one more account cannot launder them.
      await limiter.recordFailure('login', alice);
      expect(await refusal(limiter, 'login', { ...alice, account: 'bob@example.com' })).toEqual({
        action: 'login',
        retryAfterSeconds: 60,
      });
    });

    it('does not count anything in check', async () => {
      const limiter = create();
      for (let i = 0; i < 50; i += 1) await limiter.check('login', alice);
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();
    });

    it('gives the longest wait when both keys are blocked', async () => {
      const limiter = create({
        limits: {
          login: {
            account: { max: 1, windowSeconds: 60, blockSeconds: 60 },
            address: { max: 1, windowSeconds: 60, blockSeconds: 300 },
          },
        },
      });
      await limiter.recordFailure('login', alice);
      expect((await refusal(limiter, 'login', alice))?.retryAfterSeconds).toBe(300);
    });
  });

  describe('keys', () => {
    it('normalises accounts: two spellings of one email share a counter', async () => {
      const limiter = create();
      await fail(limiter, 'login', { ...alice, account: '  Alice@Example.COM ' }, 3);
      await fail(limiter, 'login', { ...alice, account: 'alice@example.com', address: '198.51.100.1' }, 2);
      expect(await refusal(limiter, 'login', { ...alice, address: '192.0.2.99' })).toBeDefined();
    });

    it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', async () => {
      const limits = { login: { address: { max: 2, windowSeconds: 60, blockSeconds: 60 } } };
      const limiter = create({ limits });
      await limiter.recordFailure('login', { address: '2001:db8:1:2::1' });
      await limiter.recordFailure('login', { address: '2001:0db8:0001:0002:ffff:eeee:dddd:cccc' });
      expect(await refusal(limiter, 'login', { address: '2001:db8:1:2:3:4:5:6' })).toBeDefined();
      expect(await refusal(limiter, 'login', { address: '2001:db8:1:3::1' })).toBeUndefined();

      await limiter.recordFailure('login', { address: '::ffff:192.0.2.1' });
      await limiter.recordFailure('login', { address: '192.0.2.1' });
      expect(await refusal(limiter, 'login', { address: '192.0.2.1' })).toBeDefined();
    });
  });

  describe('password reset', () => {
    it('counts every request: 3 per account per hour, the 4th is refused for an hour', async () => {
      const limiter = create();
      for (let i = 0; i < 3; i += 1) await limiter.consume('password-reset', alice);
      await expect(limiter.consume('password-reset', alice)).rejects.toMatchObject({
        name: 'RateLimitedError',
        action: 'password-reset',
        retryAfterSeconds: 60 * MINUTE,
      });
      // The refused request did not count against the address: 7 more accounts still fit under its 10.
      for (let i = 0; i < 7; i += 1)
        await limiter.consume('password-reset', { ...alice, account: `user${i}@example.com` });
      await expect(limiter.consume('password-reset', { ...alice, account: 'other@example.com' })).rejects.toThrow(
        RateLimitedError,
      );
    });
  });

  describe('activation', () => {
    it('blocks an address for an hour after 10 failures, whatever account is given', async () => {
      const limiter = create();
      for (let i = 0; i < 10; i += 1)
        await limiter.recordFailure('activation', { account: `guess${i}@example.com`, address: alice.address });
      expect(await refusal(limiter, 'activation', { address: alice.address })).toEqual({
        action: 'activation',
        retryAfterSeconds: 60 * MINUTE,
      });
      // Activation has no account limit, and its counters are separate from login's.
      expect(
        await refusal(limiter, 'activation', { account: 'x@example.com', address: '198.51.100.1' }),
      ).toBeUndefined();
      expect(await refusal(limiter, 'login', alice)).toBeUndefined();
    });
  });

  describe('change password', () => {
    it('blocks an account for 15 minutes after 5 wrong current passwords; a success clears it', async () => {
      const limiter = create();
      const session = { account: 'user-0193', address: alice.address };
      await fail(limiter, 'change-password', session, 4);
      await limiter.recordSuccess('change-password', session);
      await fail(limiter, 'change-password', session, 4);
      expect(await refusal(limiter, 'change-password', session)).toBeUndefined();

      await limiter.recordFailure('change-password', session);
      expect(await refusal(limiter, 'change-password', { ...session, address: '198.51.100.1' })).toEqual({
        action: 'change-password',
        retryAfterSeconds: 15 * MINUTE,
      });
      // Its counters are its own: the login of the same person is not blocked by them.
      expect(await refusal(limiter, 'login', session)).toBeUndefined();
    });
  });

  describe('image uploads', () => {
    it('counts every upload: 30 per user and 300 per organization in 10 minutes, and says which key blocks', async () => {
      const limiter = create();
      const ada = { account: 'user-ada', organization: 'org-acme' };
      for (let i = 0; i < 30; i += 1) await limiter.consume('image-upload', ada);
      await expect(limiter.consume('image-upload', ada)).rejects.toMatchObject({
        action: 'image-upload',
        key: 'account',
        retryAfterSeconds: 10 * MINUTE,
      });
      // The 31st did not count for the organization: 270 more uploads of its other users fit under its 300.
      for (let i = 0; i < 270; i += 1)
        await limiter.consume('image-upload', { account: `user-${i % 9}`, organization: 'org-acme' });
      await expect(
        limiter.consume('image-upload', { account: 'user-new', organization: 'org-acme' }),
      ).rejects.toMatchObject({ key: 'organization', retryAfterSeconds: 10 * MINUTE });
      // Another organization's users are not held back.
      await expect(
        limiter.consume('image-upload', { account: 'user-bob', organization: 'org-beta' }),
      ).resolves.toBeUndefined();
    });

    it('refuses to count without the organization key rather than count nothing', async () => {
      const limiter = create();
      await expect(limiter.consume('image-upload', { account: 'user-ada' })).rejects.toThrow(/organization key/);
    });
  });

  it('keeps the documented defaults', () => {
    expect(DEFAULT_AUTH_LIMITS).toEqual({
      login: {
        account: { max: 5, windowSeconds: 900, blockSeconds: 900 },
        address: { max: 30, windowSeconds: 900, blockSeconds: 900 },
      },
      'password-reset': {
        account: { max: 3, windowSeconds: 3600, blockSeconds: 3600 },
        address: { max: 10, windowSeconds: 3600, blockSeconds: 3600 },
      },
      activation: { address: { max: 10, windowSeconds: 900, blockSeconds: 3600 } },
      'change-password': {
        account: { max: 5, windowSeconds: 900, blockSeconds: 900 },
        address: { max: 30, windowSeconds: 900, blockSeconds: 900 },
      },
      'shared-session-code': { address: { max: 20, windowSeconds: 900, blockSeconds: 3600 } },
      'shared-session-join': {
        account: { max: 30, windowSeconds: 600, blockSeconds: 600 },
        address: { max: 10, windowSeconds: 600, blockSeconds: 600 },
      },
      'image-upload': {
        account: { max: 30, windowSeconds: 600, blockSeconds: 600 },
        organization: { max: 300, windowSeconds: 600, blockSeconds: 600 },
      },
      'api-key': { account: { max: 1200, windowSeconds: 60, blockSeconds: 60 } },
    });
  });

  it('rejects limits that Redis would round', () => {
    expect(() =>
      create({ limits: { activation: { address: { max: 10, windowSeconds: 0.5, blockSeconds: 60 } } } }),
    ).toThrow(/activation:address/);
  });
});

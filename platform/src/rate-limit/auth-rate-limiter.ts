import { createHash } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createLogger, type Logger } from '../logging/logger.js';

export type AuthAction =
  | 'login'
  | 'password-reset'
  | 'activation'
  | 'change-password'
  | 'shared-session-code'
  | 'shared-session-join'
  | 'image-upload'
  | 'api-key';

/** `max` counted events per `windowSeconds`; the event that reaches `max` blocks the key for `blockSeconds`. */
export type RateLimit = { max: number; windowSeconds: number; blockSeconds: number };

/** What a counter is keyed by: an account (or a user, a link), the client address, an organization. */
export type RateLimitKeyKind = 'account' | 'address' | 'organization';

/**
 * The limits of an action, per key. An action without an `account` limit ignores the account key (activation: the
 * account is not known yet); one with an `address` or `organization` limit must be given that key.
 */
export type AuthActionLimits = Partial<Record<RateLimitKeyKind, RateLimit>>;

export type AuthLimits = Record<AuthAction, AuthActionLimits>;

/**
 * Why these numbers (ASVS 6.1.1/6.3.1, 2.4.1; docs/security.md has the same table):
 * - login, per account 5 / 15 min: a person who mistypes gets five tries, a guesser gets at most 480 a day per
 *   account, far too few against passwords that must pass the breached-password check. The block is temporary
 *   on purpose: a permanent lockout would let anyone lock any user out.
 * - login, per address 30 / 15 min: credential stuffing tries one password per account, which the account limit
 *   never sees; this catches one client going through many accounts. It is six accounts' worth because offices
 *   and mobile carriers put many people behind one address.
 * - password reset, 3 per account and 10 per address per hour, every request counted: each request sends an
 *   email, so this stops mail-bombing one inbox and spraying many, while allowing a resend or two.
 * - activation, 10 failures per address / 15 min, blocked 1 h: invitation codes are random and long, so guessing
 *   is hopeless anyway; this stops scanners early and keeps a weaker code format from becoming guessable.
 *   There is no account key: the account is only known once the code is valid.
 * - change password, 5 wrong current passwords per account / 15 min: the caller is signed in, so this is someone
 *   holding a session (a borrowed laptop, a stolen token) guessing the password that would let them take the account
 *   over for good. It gets the login's numbers, so the session is no shortcut around the login limit; a success
 *   clears the account's count. The address limit catches one client going through many sessions.
 * - share-link codes, 20 wrong codes per address / 15 min, blocked 1 h: codes have 256 bits, so guessing is hopeless;
 *   this stops scanners of `/v1/shared/…` early, as activation does.
 * - share-link starts, every start counted: 30 per link / 10 min (a workshop room joining at once fits), and 10 per
 *   address / 10 min, so one client cannot drain a link's wallet by starting session after session.
 * - image uploads, every upload counted: 30 per user / 10 min (a person picks, crops and saves an image in no less
 *   than 20 s; filling a library's pictures by hand stays under it) and 300 per organization / 10 min (ten people
 *   doing so at once). Each upload is decoded and re-encoded (up to 10 MB, 50 megapixels), so this bounds the CPU
 *   and the storage one account, or one tenant's accounts together, can take from the others.
 * - API keys, every request counted: 1,200 per key a minute (20 a second, what a nightly export or an HR sync
 *   paging through thousands of users needs), blocked a minute: a runaway script slows itself, not the tenants
 *   sharing the runtime. The key's id is the account key, so each key has its own count, apart from people's.
 */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  login: {
    account: { max: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
    address: { max: 30, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  },
  'password-reset': {
    account: { max: 3, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
    address: { max: 10, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  },
  activation: {
    address: { max: 10, windowSeconds: 15 * 60, blockSeconds: 60 * 60 },
  },
  'change-password': {
    account: { max: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
    address: { max: 30, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  },
  'shared-session-code': {
    address: { max: 20, windowSeconds: 15 * 60, blockSeconds: 60 * 60 },
  },
  'shared-session-join': {
    account: { max: 30, windowSeconds: 10 * 60, blockSeconds: 10 * 60 },
    address: { max: 10, windowSeconds: 10 * 60, blockSeconds: 10 * 60 },
  },
  'image-upload': {
    account: { max: 30, windowSeconds: 10 * 60, blockSeconds: 10 * 60 },
    organization: { max: 300, windowSeconds: 10 * 60, blockSeconds: 10 * 60 },
  },
  'api-key': {
    account: { max: 1_200, windowSeconds: 60, blockSeconds: 60 },
  },
};

export type AuthRateLimitKeys = {
  /** The account identifier as typed (an email address, a user id); normalised and hashed before it is a key. */
  account?: string;
  /** The client address (`ctx.ip`). */
  address?: string;
  /** An organization's id. */
  organization?: string;
};

export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(
    readonly action: AuthAction,
    readonly retryAfterSeconds: number,
    /** The key with the longest block. Sign-in answers never say it (it would tell whether an account exists). */
    readonly key: RateLimitKeyKind = 'address',
  ) {
    super(`Too many ${action} attempts; retry after ${retryAfterSeconds} s`);
  }
}

export type AuthRateLimiter = {
  /** Throws `RateLimitedError` when the account key or the address key is blocked; counts nothing. */
  check(action: AuthAction, keys: AuthRateLimitKeys): Promise<void>;
  /** Counts a failure against both keys. Call it for an unknown account exactly as for a wrong password. */
  recordFailure(action: AuthAction, keys: AuthRateLimitKeys): Promise<void>;
  /** Clears the account key's failures; the address keeps its count, so one good account cannot launder a spray. */
  recordSuccess(action: AuthAction, keys: AuthRateLimitKeys): Promise<void>;
  /** `check`, then count: for actions where every request counts (password reset). */
  consume(action: AuthAction, keys: AuthRateLimitKeys): Promise<void>;
  close(): Promise<void>;
};

export type AuthRateLimiterOptions = {
  /** With a Redis URL the counters are shared by every API replica; without, they live in this process. */
  redisUrl?: string;
  /** Prefix of every Redis key; tests give each file its own. */
  keyPrefix?: string;
  /** Whole actions replace the defaults (tests use short windows). */
  limits?: Partial<AuthLimits>;
  logger?: Logger;
};

const FALLBACK_WARNING_INTERVAL_MS = 60_000;

/** Trimmed and lowercased so spellings of one email share a counter; hashed so no email reaches Redis. */
const accountKey = (account: string): string => createHash('sha256').update(account.trim().toLowerCase()).digest('hex');

/** The first four groups of an IPv6 address, with `::` expanded and leading zeros dropped. */
const ipv6Prefix64 = (address: string): string => {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill('0');
  return [...left, ...zeros, ...right]
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
};

/**
 * IPv4-mapped IPv6 is the IPv4 address. Other IPv6 addresses count per /64: that is what one subscriber gets, so
 * counting single addresses would let a client rotate through 2^64 of them.
 */
const addressKey = (address: string): string => {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed)?.[1];
  if (mapped) return mapped;
  return net.isIPv6(trimmed) ? `${ipv6Prefix64(trimmed)}::/64` : trimmed;
};

const assertValidLimit = (where: string, limit: RateLimit): void => {
  const { max, windowSeconds, blockSeconds } = limit;
  // Redis expiries are whole seconds, so fractions would silently round down.
  if (!(Number.isInteger(max) && max >= 1 && Number.isInteger(windowSeconds) && windowSeconds >= 1))
    throw new Error(`${where}: max and windowSeconds must be positive integers`);
  if (!(Number.isInteger(blockSeconds) && blockSeconds >= 0))
    throw new Error(`${where}: blockSeconds must be a non-negative integer`);
};

type Counter = { kind: RateLimitKeyKind; limit: RateLimit; limiter: RateLimiterAbstract };
type ActionCounters = Partial<Record<RateLimitKeyKind, Counter>>;

const KEY_KINDS: readonly RateLimitKeyKind[] = ['address', 'account', 'organization'];

/** How each kind of key is stored: accounts hashed, addresses per subscriber, organization ids as they are. */
const storedKey: Record<RateLimitKeyKind, (key: string) => string> = {
  account: accountKey,
  address: addressKey,
  organization: (id) => id,
};

/** The per-process stand-in while Redis fails; it reports each use so the outage gets logged. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    this.onUse();
    return super.get(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.onUse();
    return super.delete(...args);
  }
  override block(...args: Parameters<RateLimiterMemory['block']>) {
    this.onUse();
    return super.block(...args);
  }
}

/** The limiters' Redis connection, and the warning to log whenever the insurance limiter answers instead. */
const connectRedis = (redisUrl: string, logger: Logger) => {
  const client = new Redis(redisUrl, {
    // Bounds a command sent to a Redis that then stops answering; the insurance limiter answers instead.
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });

  let degraded = false;
  let lastWarningAt = -Infinity;
  const warnFallback = (reason: string) => {
    degraded = true;
    const now = Date.now();
    // Once a minute is enough to see an outage, without one log line per login.
    if (now - lastWarningAt < FALLBACK_WARNING_INTERVAL_MS) return;
    lastWarningAt = now;
    logger.warn({ reason }, 'Redis unavailable: auth rate limits are counted per process until it is back');
  };

  // Commands wait in the offline queue only until the first connection attempt has succeeded or failed, so
  // the first requests after start are counted in Redis. After that a lost connection fails commands at once
  // and the insurance limiter answers, instead of every login waiting out ioredis's reconnect delay.
  const stopQueueing = () => {
    client.options.enableOfflineQueue = false;
  };
  client.on('error', (error: Error) => {
    stopQueueing();
    warnFallback(error.message);
  });
  client.on('ready', () => {
    stopQueueing();
    if (!degraded) return;
    degraded = false;
    lastWarningAt = -Infinity;
    logger.info('Redis reachable again: auth rate limits are shared across replicas');
  });
  return { client, warnFallback };
};

/**
 * Brute-force and anti-automation counters for login, password reset, account activation and password change.
 * Failures are counted per account and per client address independently; either one over its limit refuses the
 * action.
 * An unknown account is counted exactly like a known one, so neither the counting nor a 429 tells whether an
 * account exists (ASVS 6.3.8).
 *
 * With Redis, an in-memory insurance limiter takes over while Redis fails: limits then hold per process
 * instead of across replicas, and logins keep working.
 */
export const createAuthRateLimiter = (options: AuthRateLimiterOptions = {}): AuthRateLimiter => {
  const keyPrefix = options.keyPrefix ?? 'auth-rl';
  const logger = options.logger ?? createLogger({ name: 'auth-rate-limiter' });
  const redis = options.redisUrl ? connectRedis(options.redisUrl, logger) : undefined;

  const createCounter = (action: AuthAction, kind: RateLimitKeyKind, limit: RateLimit): Counter => {
    const where = `${action}:${kind}`;
    assertValidLimit(where, limit);
    const base = {
      keyPrefix: `${keyPrefix}:${where}`,
      // The library blocks on the event that goes over `points`; ours blocks on the one that reaches `max`,
      // so the next attempt is already refused.
      points: limit.max - 1,
      duration: limit.windowSeconds,
      blockDuration: limit.blockSeconds,
    };
    const limiter = redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: redis.client,
          insuranceLimiter: new InsuranceLimiter(base, () => redis.warnFallback('a Redis command failed')),
        })
      : new RateLimiterMemory(base);
    return { kind, limit, limiter };
  };

  const counters = Object.fromEntries(
    (Object.keys(DEFAULT_AUTH_LIMITS) as AuthAction[]).map((action) => {
      const limits = options.limits?.[action] ?? DEFAULT_AUTH_LIMITS[action];
      const counter: ActionCounters = {};
      for (const kind of KEY_KINDS) {
        const limit = limits[kind];
        if (limit) counter[kind] = createCounter(action, kind, limit);
      }
      return [action, counter];
    }),
  ) as Record<AuthAction, ActionCounters>;

  const countersFor = (action: AuthAction, keys: AuthRateLimitKeys): [Counter, string][] =>
    KEY_KINDS.flatMap((kind): [Counter, string][] => {
      const counter = counters[action][kind];
      const key = keys[kind];
      if (!counter) return [];
      if (key !== undefined) return [[counter, storedKey[kind](key)]];
      // Only the account may be unknown (a code not matched yet); a missing address would count nothing at all.
      if (kind === 'account') return [];
      throw new Error(`rate limit ${action}: the ${kind} key is required`);
    });

  const blockedForMs = async ({ limit, limiter }: Counter, key: string): Promise<number> => {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= limit.max ? Math.max(0, state.msBeforeNext) : 0;
  };

  const check = async (action: AuthAction, keys: AuthRateLimitKeys): Promise<void> => {
    const pairs = countersFor(action, keys);
    const waits = await Promise.all(pairs.map(([counter, key]) => blockedForMs(counter, key)));
    const waitMs = Math.max(0, ...waits);
    if (waitMs > 0) {
      const longest = pairs[waits.indexOf(waitMs)]![0].kind;
      throw new RateLimitedError(action, Math.max(1, Math.ceil(waitMs / 1000)), longest);
    }
  };

  const count = async (action: AuthAction, keys: AuthRateLimitKeys): Promise<void> => {
    await Promise.all(
      countersFor(action, keys).map(([{ limiter }, key]) =>
        limiter.consume(key).then(
          () => undefined,
          (rejection: unknown) => {
            // The library rejects with its result once the limit is reached: the key is now blocked, which the
            // next check reports. Anything else is a real failure.
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
          },
        ),
      ),
    );
  };

  return {
    check,
    recordFailure: count,
    async recordSuccess(action, keys) {
      const { account } = counters[action];
      if (account && keys.account !== undefined) await account.limiter.delete(accountKey(keys.account));
    },
    async consume(action, keys) {
      await check(action, keys);
      await count(action, keys);
    },
    async close() {
      if (!redis) return;
      // quit() lets pending commands finish; it rejects when the connection is already gone.
      await redis.client.quit().catch(() => redis.client.disconnect());
    },
  };
};

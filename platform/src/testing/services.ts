import net from 'node:net';

/**
 * Integration tests use the standing PostgreSQL and Redis of the machine. Locally a test whose
 * service is down is skipped with a reason; with CI=true it fails instead, so CI can never pass
 * by skipping.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const reachable = (url: string, defaultPort: number): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export type ServiceAvailability = { available: boolean; reason?: string };

const check = async (name: string, url: string, port: number): Promise<ServiceAvailability> => {
  if (await reachable(url, port)) return { available: true };
  const reason = `${name} is not reachable at ${new URL(url).host}`;
  if (process.env.CI === 'true') throw new Error(`${reason}; CI requires it (start it as .ci/run does).`);
  return { available: false, reason };
};

export const postgresAvailability = (): Promise<ServiceAvailability> => check('PostgreSQL', TEST_DATABASE_URL, 5432);
export const redisAvailability = (): Promise<ServiceAvailability> => check('Redis', TEST_REDIS_URL, 6379);

/**
 * The test Redis on a database of its own, one of 1 to 15 at random: a suite running BullMQ beside another on the
 * shared default database could see its jobs taken by the other's workers, which read another PostgreSQL database
 * and find nothing to do.
 */
export const separateRedisDatabaseUrl = (): string => {
  const url = new URL(TEST_REDIS_URL);
  url.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  return url.toString();
};

/** A schema or key-prefix name unique to one test file run. */
export const uniqueTestName = (prefix: string): string =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

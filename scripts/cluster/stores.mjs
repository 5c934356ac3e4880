// The machine's PostgreSQL and Redis, which the cluster runs against: checked before anything starts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const START_POSTGRES = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
const START_REDIS =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis';

/** The database's name and a URL of the server's `postgres` database, to create it from. */
const databaseOf = (databaseUrl) => {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new Error(`CLUSTER_DATABASE_URL names the database ${JSON.stringify(name)}: use letters, digits and _`);
  }
  url.pathname = '/postgres';
  return { name, adminUrl: url.toString() };
};

/** Whether the database holds the product's tables (the event store's), i.e. some cluster already ran on it. */
export const databaseInUse = async (databaseUrl) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const found = await client.query("SELECT to_regclass('public.es_events') IS NOT NULL AS used");
    return found.rows[0].used;
  } finally {
    await client.end();
  }
};

/**
 * Checks PostgreSQL answers and creates the cluster's database if it is missing. Returns a problem to print, or
 * undefined.
 */
export const ensureDatabase = async (databaseUrl) => {
  const { default: pg } = await import('pg');
  const { name, adminUrl } = databaseOf(databaseUrl);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return (
      `PostgreSQL does not answer at ${new URL(adminUrl).host} (${error.message}).\n` +
      `Start the machine's PostgreSQL (\`${START_POSTGRES}\`), or point CLUSTER_DATABASE_URL at one.`
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error) => {
        // Two starts at once: the other one created it.
        if (error.code !== '42P04') throw error;
      });
      process.stdout.write(`  created the database ${name}\n`);
    }
    return undefined;
  } finally {
    await client.end();
  }
};

/** Drops a database the smoke created (never the cluster's default one). */
export const dropDatabase = async (databaseUrl) => {
  const { default: pg } = await import('pg');
  const { name, adminUrl } = databaseOf(databaseUrl);
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

/** Runs `use(redis)` on a client of `redisUrl`; returns a problem to print when Redis does not answer. */
export const withRedis = async (redisUrl, use) => {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // ioredis reports a refused connection as "Connection is closed." once it will not retry.
    const why = /closed/i.test(error.message) ? 'no connection' : error.message;
    return {
      problem:
        `Redis does not answer at ${new URL(redisUrl).host} (${why}).\n` +
        `Start the machine's Redis (\`${START_REDIS}\`), or point CLUSTER_REDIS_URL at one.`,
    };
  }
  try {
    return { value: await use(redis) };
  } finally {
    redis.disconnect();
  }
};

export const checkRedis = async (redisUrl) => (await withRedis(redisUrl, (redis) => redis.ping())).problem;

/** nginx's binary: NGINX, then the PATH, then Debian's place. */
export const findNginx = (env = process.env) => {
  const candidates = [env.NGINX, 'nginx', '/usr/sbin/nginx'].filter(Boolean);
  for (const candidate of candidates) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
};

export const NGINX_MISSING =
  'nginx is not installed: `apt-get install -y nginx-light` (Debian), or set NGINX to its binary.';

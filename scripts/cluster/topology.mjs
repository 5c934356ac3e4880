// What `npm run cluster` runs: the processes, their ports and files, and the environment each gets.
// Shared by scripts/cluster.mjs, scripts/cluster-smoke.mjs and the system bench, which read the same layout.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each kind: its entry point, how many processes, and its port offset from CLUSTER_PORT_BASE. */
export const KINDS = {
  api: { entry: 'api/dist/main.js', count: 2, offset: 0 },
  gateway: { entry: 'gateway/dist/main.js', count: 2, offset: 10 },
  workers: { entry: 'workers/dist/main.js', count: 2, offset: 20 },
  // Exactly one: each projection is the single writer of its checkpoint and tables (docs/deployment.md).
  projections: { entry: 'projections/dist/main.js', count: 1, offset: 30 },
};

export const DEFAULTS = {
  EDGE_PORT: 8080,
  CLUSTER_PORT_BASE: 4100,
  CLUSTER_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ai_coaching_cluster',
  // Database 5 of the machine's Redis: the cluster's queues, socket streams and limits apart from dev and tests (0).
  CLUSTER_REDIS_URL: 'redis://127.0.0.1:6379/5',
  CLUSTER_ADMIN_EMAIL: 'admin@cluster.localhost',
};

const positiveInt = (value, name) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0 || number > 65535) {
    throw new Error(`${name} must be a port number, not ${JSON.stringify(value)}`);
  }
  return number;
};

/**
 * The cluster's settings from the environment: its folder, the edge's and the processes' ports, the stores. Saved in
 * CLUSTER_DIR/cluster.json at start, so `stop`, `status` and `restart` act on what was started.
 */
export const settingsFromEnv = (env = process.env) => {
  const clusterDir = path.resolve(root, env.CLUSTER_DIR || '.cluster');
  const edgePort = positiveInt(env.EDGE_PORT || DEFAULTS.EDGE_PORT, 'EDGE_PORT');
  const portBase = positiveInt(env.CLUSTER_PORT_BASE || DEFAULTS.CLUSTER_PORT_BASE, 'CLUSTER_PORT_BASE');
  return {
    clusterDir,
    edgePort,
    portBase,
    databaseUrl: env.CLUSTER_DATABASE_URL || DEFAULTS.CLUSTER_DATABASE_URL,
    redisUrl: env.CLUSTER_REDIS_URL || DEFAULTS.CLUSTER_REDIS_URL,
    adminEmail: env.CLUSTER_ADMIN_EMAIL || DEFAULTS.CLUSTER_ADMIN_EMAIL,
    logLevel: env.LOG_LEVEL || 'info',
    // A private root the processes trust besides the system's (a company proxy's, or a fake provider's certificate).
    ...(env.NODE_EXTRA_CA_CERTS ? { extraCaCerts: path.resolve(root, env.NODE_EXTRA_CA_CERTS) } : {}),
    // Node's own arguments for every runtime: a heap limit, or a CPU profile while measuring (`--cpu-prof`, which
    // NODE_OPTIONS does not take).
    nodeArgs: (env.CLUSTER_NODE_ARGS || '').split(/\s+/).filter(Boolean),
  };
};

export const settingsFile = (clusterDir) => path.join(clusterDir, 'cluster.json');

/** The settings the running cluster was started with, or undefined when none was started from this folder. */
export const savedSettings = (clusterDir) => {
  const file = settingsFile(clusterDir);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

/** Every process, in start order: name (`api-1`), kind, port and entry point. */
export const processesOf = (settings) =>
  Object.entries(KINDS).flatMap(([kind, { entry, count, offset }]) =>
    Array.from({ length: count }, (_, index) => ({
      name: `${kind}-${index + 1}`,
      kind,
      port: settings.portBase + offset + index + 1,
      entry: path.join(root, entry),
    })),
  );

export const pidFile = (settings, name) => path.join(settings.clusterDir, `${name}.pid`);
export const logFile = (settings, name) => path.join(settings.clusterDir, 'logs', `${name}.log`);
export const edgeUrl = (settings) => `http://127.0.0.1:${settings.edgePort}`;

/**
 * The secrets every process shares, generated once into CLUSTER_DIR/secrets.json (mode 600): the auth secret, from
 * which tokens and every sealing key derive, and the first super-admin's password.
 */
export const ensureSecrets = (clusterDir) => {
  const file = path.join(clusterDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(clusterDir, { recursive: true });
  const secrets = {
    AUTH_SECRET: randomBytes(48).toString('base64'),
    ADMIN_PASSWORD: `Cluster-${randomBytes(12).toString('base64url')}`,
  };
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
};

/** The environment of one process: the production mode, the shared stores and secret, its own port. */
export const environmentOf = (settings, secrets, processInfo, baseEnv = process.env) => {
  const publicUrl = edgeUrl(settings);
  return {
    PATH: baseEnv.PATH,
    HOME: baseEnv.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(processInfo.port),
    PUBLIC_URL: publicUrl,
    ALLOWED_ORIGINS: `http://localhost:${settings.edgePort}`,
    DATABASE_URL: settings.databaseUrl,
    ...(baseEnv.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: baseEnv.DATABASE_POOL_MAX } : {}),
    REDIS_URL: settings.redisUrl,
    AUTH_SECRET: secrets.AUTH_SECRET,
    ADMIN_EMAIL: settings.adminEmail,
    ADMIN_PASSWORD: secrets.ADMIN_PASSWORD,
    // Files in the local filesystem blob store, one folder shared by both APIs (and the workers' cleanup).
    DATA_DIR: path.join(settings.clusterDir, 'data'),
    BLOB_STORE: 'fs',
    LOG_LEVEL: settings.logLevel,
    LOG_FORMAT: 'json',
    // Fake providers (the benches' Chat Completions and realtime servers) listen on loopback.
    AI_ALLOW_PRIVATE_NETWORK: 'true',
    ...(settings.extraCaCerts ? { NODE_EXTRA_CA_CERTS: settings.extraCaCerts } : {}),
    // The API behind the edge reads the client's address from X-Forwarded-For (loopback is trusted by default).
  };
};

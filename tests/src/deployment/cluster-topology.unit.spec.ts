// What `npm run cluster` starts (scripts/cluster/topology.mjs): the processes of docker-compose.yml, each with a valid
// production configuration sharing one set of stores and one secret.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configSchema, loadConfig } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { ensureSecrets, environmentOf, processesOf, settingsFromEnv } from '../../../scripts/cluster/topology.mjs';
import { root, RUNTIMES, services } from './deployment-fixtures.js';

const settings = settingsFromEnv({ CLUSTER_DIR: '/srv/cluster', EDGE_PORT: '8180', CLUSTER_PORT_BASE: '4500' });
const processes = processesOf(settings);
const secrets = { AUTH_SECRET: 'a-cluster-secret-that-is-long-enough-0123456789', ADMIN_PASSWORD: 'Cluster-Passw0rd' };

describe('the cluster topology (npm run cluster)', () => {
  it('runs 2 api, 2 gateway, 2 workers and exactly 1 projections process, on distinct ports, as compose runs them', () => {
    expect(processes.map((info) => info.name)).toEqual([
      'api-1',
      'api-2',
      'gateway-1',
      'gateway-2',
      'workers-1',
      'workers-2',
      'projections-1',
    ]);
    expect(new Set(processes.map((info) => info.port)).size).toBe(processes.length);
    expect(processes.map((info) => info.port)).not.toContain(settings.edgePort);
    for (const runtime of RUNTIMES) {
      const command = services[runtime]!.command as string[];
      for (const info of processes.filter((candidate) => candidate.kind === runtime)) {
        expect(path.relative(root, info.entry)).toBe(command[1]);
        expect(existsSync(info.entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts'))).toBe(true);
      }
    }
  });

  it('gives every process a production configuration that loads, with the same stores, secret and public URL', () => {
    const environments = processes.map((info) => environmentOf(settings, secrets, info, { PATH: '/usr/bin' }));
    for (const [index, env] of environments.entries()) {
      for (const name of Object.keys(env).filter((key) => !['PATH', 'HOME'].includes(key))) {
        expect(Object.keys(configSchema.shape), name).toContain(name);
      }
      const config = loadConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(config.PORT).toBe(processes[index]!.port);
      expect(config.publicUrl).toBe('http://127.0.0.1:8180');
    }
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'AUTH_SECRET', 'DATA_DIR', 'PUBLIC_URL', 'BLOB_STORE']) {
      expect(new Set(environments.map((env) => env[name])).size, name).toBe(1);
    }
    expect(environments[0]!.DATA_DIR).toBe('/srv/cluster/data');
    expect(environments[0]!.EVENTSTORE_URL).toBeUndefined();
  });

  it('passes a private root certificate (NODE_EXTRA_CA_CERTS at the start) to every process, and none otherwise', () => {
    // Node reads it at start, not the config: how the system bench's runtimes trust its fake provider's certificate.
    const trusting = settingsFromEnv({ CLUSTER_DIR: '/srv/cluster', NODE_EXTRA_CA_CERTS: 'certs/private-root.pem' });
    for (const info of processesOf(trusting)) {
      expect(environmentOf(trusting, secrets, info, {}).NODE_EXTRA_CA_CERTS).toBe(
        path.resolve(root, 'certs/private-root.pem'),
      );
      expect(environmentOf(settings, secrets, info, { NODE_EXTRA_CA_CERTS: '/elsewhere.pem' })).not.toHaveProperty(
        'NODE_EXTRA_CA_CERTS',
      );
    }
  });

  it("reads node's arguments for every runtime from CLUSTER_NODE_ARGS, none by default", () => {
    // A heap limit in production, a CPU profile while measuring (docs/performance.md, "System").
    expect(settingsFromEnv({ CLUSTER_NODE_ARGS: ' --cpu-prof  --max-old-space-size=512 ' }).nodeArgs).toEqual([
      '--cpu-prof',
      '--max-old-space-size=512',
    ]);
    expect(settingsFromEnv({}).nodeArgs).toEqual([]);
  });

  it('passes DATABASE_POOL_MAX on to every process when it is set, and leaves the default otherwise', () => {
    for (const info of processesOf(settings)) {
      expect(environmentOf(settings, secrets, info, { DATABASE_POOL_MAX: '30' }).DATABASE_POOL_MAX).toBe('30');
      expect(environmentOf(settings, secrets, info, {})).not.toHaveProperty('DATABASE_POOL_MAX');
    }
  });

  it('keeps the cluster apart from development and tests: its own database and Redis database by default', () => {
    const defaults = settingsFromEnv({});
    expect(new URL(defaults.databaseUrl).pathname).toBe('/ai_coaching_cluster');
    expect(new URL(defaults.redisUrl).pathname).toBe('/5');
    expect(defaults.edgePort).toBe(8080);
    expect(() => settingsFromEnv({ EDGE_PORT: 'eighty' })).toThrow(/EDGE_PORT/);
  });

  it('generates its secrets once, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cluster-secrets-'));
    try {
      const first = ensureSecrets(dir);
      expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(ensureSecrets(dir)).toEqual(first);
      expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

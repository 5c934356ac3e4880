import { describe, expect, it } from 'vitest';
import { ConfigError, describeTopology, loadConfig } from './config.js';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
  }
  throw new Error('expected a ConfigError');
};

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.allowedOrigins).toEqual(['http://localhost:3000']);
    expect(describeTopology(config)).toEqual({
      events: 'pglite',
      readModels: 'pglite',
      jobs: 'in-process',
      realtime: 'in-memory',
      mail: 'outbox',
    });
  });

  it('selects the production engines from their URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://app@db:5432/app',
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(describeTopology(config)).toEqual({
      events: 'esdb',
      readModels: 'postgres',
      jobs: 'bullmq',
      realtime: 'redis-streams',
      mail: 'smtp',
    });
  });

  it('treats empty values as unset, as shells and compose files often pass them', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' })).toMatchObject({
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
    });
  });

  it('joins the public origin and the extra allowed origins without duplicates', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://coach.example.com/',
      ALLOWED_ORIGINS: 'https://coach.example.com, http://localhost:5173',
    });
    expect(config.publicUrl).toBe('https://coach.example.com');
    expect(config.allowedOrigins).toEqual(['https://coach.example.com', 'http://localhost:5173']);
  });

  it('keeps AI calls off private networks unless AI_ALLOW_PRIVATE_NETWORK says true', () => {
    expect(loadConfig({})).toMatchObject({ AI_ALLOW_PRIVATE_NETWORK: false, AI_CALL_TIMEOUT_MS: 30_000 });
    expect(loadConfig({ AI_ALLOW_PRIVATE_NETWORK: '' }).AI_ALLOW_PRIVATE_NETWORK).toBe(false);
    expect(loadConfig({ AI_ALLOW_PRIVATE_NETWORK: 'false' }).AI_ALLOW_PRIVATE_NETWORK).toBe(false);
    expect(loadConfig({ AI_ALLOW_PRIVATE_NETWORK: 'TRUE' }).AI_ALLOW_PRIVATE_NETWORK).toBe(true);
    expect(loadConfig({ AI_ALLOW_PRIVATE_NETWORK: '1' }).AI_ALLOW_PRIVATE_NETWORK).toBe(true);
    expect(problems({ AI_ALLOW_PRIVATE_NETWORK: 'yes please' }).problems).toEqual([
      { variable: 'AI_ALLOW_PRIVATE_NETWORK', expected: 'true or false' },
    ]);
  });

  it('names every bad variable and what it expects', () => {
    const error = problems({ PORT: '70000', REDIS_URL: 'http://redis', NODE_ENV: 'staging', AUTH_SECRET: 'short' });
    expect(error.problems).toEqual(
      expect.arrayContaining([
        { variable: 'PORT', expected: 'a port number between 0 and 65535' },
        { variable: 'REDIS_URL', expected: 'a Redis URL such as redis://127.0.0.1:6379' },
        { variable: 'NODE_ENV', expected: 'one of development, production, test' },
        { variable: 'AUTH_SECRET', expected: 'at least 32 characters of random text' },
      ]),
    );
    expect(error.message).toContain('README.md');
  });

  it('keeps 10 PostgreSQL connections a process unless DATABASE_POOL_MAX says how many', () => {
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '30' }).DATABASE_POOL_MAX).toBe(30);
    for (const value of ['0', '2.5', '500', 'many']) {
      expect(problems({ DATABASE_POOL_MAX: value }).problems).toEqual([
        { variable: 'DATABASE_POOL_MAX', expected: 'a number of connections from 1 to 200' },
      ]);
    }
  });

  it('never puts a secret value in its message', () => {
    const error = problems({ DATABASE_URL: 'mysql://root:hunter2@db/app', AUTH_SECRET: 'tiny-secret' });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('tiny-secret');
  });

  it('requires AUTH_SECRET in production, naming it', () => {
    const error = problems({ NODE_ENV: 'production' });
    expect(error.problems).toEqual([
      { variable: 'AUTH_SECRET', expected: expect.stringContaining('NODE_ENV=production') },
    ]);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).AUTH_SECRET).toBe('x'.repeat(32));
    // Outside production one generated into DATA_DIR stands in (crypto/secrets.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).AUTH_SECRET).toBeUndefined();
  });

  it('trusts loopback and the private ranges as proxies by default, or the addresses and CIDRs given', () => {
    expect(loadConfig({}).trustedProxies.map(({ address, prefix }) => `${address}/${prefix}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
    ]);
    expect(loadConfig({ TRUSTED_PROXIES: '' }).trustedProxies).toHaveLength(6);
    expect(loadConfig({ TRUSTED_PROXIES: ' 203.0.113.7 , 2001:DB8::/32' }).trustedProxies).toEqual([
      { address: '203.0.113.7', prefix: 32, family: 'ipv4' },
      { address: '2001:db8::', prefix: 32, family: 'ipv6' },
    ]);
    expect(loadConfig({ TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual([]);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'proxy.internal', '::1/129', '10.0.0.1,,fe80::/10/2'])(
    'refuses TRUSTED_PROXIES=%s, naming the bad entries',
    (value) => {
      const [problem, ...others] = problems({ TRUSTED_PROXIES: value }).problems;
      expect(others).toEqual([]);
      expect(problem?.variable).toBe('TRUSTED_PROXIES');
      expect(problem?.expected).toMatch(/^comma-separated addresses or CIDRs .* \(not "/);
    },
  );
});

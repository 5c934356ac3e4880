// docker-compose.yml against the Dockerfile, the config schema and the runtimes it starts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SECRET_CONFIG_KEYS, configSchema, loadConfig } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import {
  root,
  composeDocument,
  services,
  RUNTIMES,
  STORES,
  environmentOf,
  dependenciesOf,
  composeValues,
  interpolationsIn,
  resolvedEnvironmentOf,
  LOCAL_ONLY_DEFAULTS,
  isSecretName,
  stages,
  stage,
  execForm,
} from './deployment-fixtures.js';

describe('docker-compose.yml', () => {
  it('parses as YAML, with the production topology and pinned images', () => {
    expect(composeDocument.errors).toEqual([]);
    expect(composeDocument.warnings).toEqual([]);
    expect(Object.keys(services).sort()).toEqual(
      [
        'api',
        'client',
        'eventstore',
        'gateway',
        'minio',
        'minio-init',
        'postgres',
        'projections',
        'redis',
        'workers',
      ].sort(),
    );
    expect(services.eventstore?.image).toBe('eventstore/eventstore:24.10');
    expect(services.postgres?.image).toBe('postgres:16-alpine');
    expect(services.redis?.image).toBe('redis:7-alpine');
    expect(services.minio?.image).toMatch(/^minio\/minio:RELEASE\.\d{4}-/);
    expect(services['minio-init']?.image).toMatch(/^minio\/mc:RELEASE\.\d{4}-/);
  });

  it('keeps uploaded images in MinIO, with the bucket made before the api starts', () => {
    const api = resolvedEnvironmentOf('api');
    expect(api).toMatchObject({ BLOB_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(String(services['minio-init']!.entrypoint)).toContain(`store/${api.S3_BUCKET}`);
    expect(dependenciesOf(services.api!)['minio-init']).toBe('service_completed_successfully');
    const minio = resolvedEnvironmentOf('minio');
    expect([minio.MINIO_ROOT_USER, minio.MINIO_ROOT_PASSWORD]).toEqual([
      api.S3_ACCESS_KEY_ID,
      api.S3_SECRET_ACCESS_KEY,
    ]);
  });

  it('gives every service a health check that runs a command', () => {
    for (const [name, service] of Object.entries(services)) {
      const test = service.healthcheck?.test;
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(test, `${name} has no healthcheck.test`).toBeDefined();
      const [kind, ...command] = Array.isArray(test) ? test : ['CMD-SHELL', test!];
      expect(['CMD', 'CMD-SHELL'], `${name}: ${String(kind)}`).toContain(kind);
      expect(command.join(' ').trim(), name).not.toBe('');
    }
  });

  it('probes each runtime on the /healthz of the PORT it listens on', () => {
    for (const name of RUNTIMES) {
      const probe = services[name]!.healthcheck!.test as string[];
      expect(probe.slice(0, 3), name).toEqual(['CMD', 'node', '-e']);
      expect(probe[3], name).toContain('process.env.PORT');
      expect(probe[3], name).toContain('/healthz');
      expect(resolvedEnvironmentOf(name).PORT, `${name} sets its PORT`).toMatch(/^\d+$/);
    }
    expect((services.client!.healthcheck!.test as string[]).join(' ')).toContain('/healthz');
  });

  it('builds every runtime and the client from a stage that exists in the Dockerfile', () => {
    const targets = {
      api: 'runtime',
      gateway: 'runtime',
      workers: 'runtime',
      projections: 'runtime',
      client: 'client',
    };
    const stageNames = stages.map((candidate) => candidate.name);
    for (const [name, target] of Object.entries(targets)) {
      const build = services[name]!.build;
      expect(typeof build, name).toBe('object');
      const { context, target: actual } = build as { context?: string; target?: string };
      expect(context, name).toBe('.');
      expect(actual, name).toBe(target);
      expect(stageNames, `${name} builds target ${actual}`).toContain(actual);
    }
  });

  it("starts each runtime's compiled entry point", () => {
    for (const name of RUNTIMES) {
      const command = services[name]!.command;
      expect(command, name).toEqual(['node', `${name}/dist/main.js`]);
      expect(
        existsSync(path.join(root, name, 'src/main.ts')),
        `${name}/src/main.ts compiles to ${name}/dist/main.js`,
      ).toBe(true);
    }
  });

  it('gives the runtimes only variables the config schema knows, and values it accepts', () => {
    const known = Object.keys(configSchema.shape);
    // What each container runs with: the image's ENV (NODE_ENV=production among them), then its own.
    const image = Object.fromEntries(
      stage('runtime')
        .instructions.filter((instruction) => /^ENV\s/i.test(instruction))
        .flatMap((instruction) => [...instruction.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)])
        .map(([, name, value]) => [name!, value!]),
    );
    expect(image.NODE_ENV).toBe('production');
    for (const name of RUNTIMES) {
      const environment = resolvedEnvironmentOf(name);
      for (const variable of Object.keys(environment)) expect(known, `${name}: ${variable}`).toContain(variable);
      const parsed = configSchema.safeParse(environment);
      expect(parsed.error?.issues ?? [], name).toEqual([]);
      // The rules across variables too (production requires AUTH_SECRET).
      expect(() => loadConfig({ ...image, ...environment }), name).not.toThrow();
      // Started alone, every runtime refuses to run without the shared database (requireSharedDatabase).
      expect(environment.DATABASE_URL, name).toBeTruthy();
    }
  });

  it('points every runtime at the same stores, and the token issuers and verifiers at the same secret and URL', () => {
    const environments = Object.fromEntries(RUNTIMES.map((name) => [name, resolvedEnvironmentOf(name)]));
    // Events in one place: a runtime without EVENTSTORE_URL would silently keep its events in PostgreSQL instead.
    for (const variable of ['DATABASE_URL', 'EVENTSTORE_URL']) {
      expect(new Set(RUNTIMES.map((name) => environments[name]![variable])).size, variable).toBe(1);
    }
    // Jobs and Socket.IO fan-out: everyone who enqueues, works or broadcasts shares one Redis.
    expect(new Set(['api', 'gateway', 'workers'].map((name) => environments[name]!.REDIS_URL)).size).toBe(1);
    expect(environments.api!.REDIS_URL).toMatch(/^redis:\/\/redis:/);
    // The api signs tokens, the gateway verifies them: same secret, same issuer (PUBLIC_URL).
    for (const variable of ['AUTH_SECRET', 'PUBLIC_URL']) {
      expect(environments.gateway![variable], variable).toBe(environments.api![variable]);
      expect(environments.api![variable], variable).toBeTruthy();
    }
    // Every runtime seals or opens with keys derived from the secret (personal data in the projections too).
    expect(new Set(RUNTIMES.map((name) => environments[name]!.AUTH_SECRET)).size).toBe(1);
  });

  it('starts runtimes only after the stores they are configured with are healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(dependenciesOf(service))) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(condition);
        if (condition === 'service_healthy') expect(services[dependency]!.healthcheck, dependency).toBeDefined();
      }
    }
    for (const name of RUNTIMES) {
      const environment = environmentOf(services[name]!);
      const dependencies = dependenciesOf(services[name]!);
      for (const [store, variable] of Object.entries(STORES)) {
        if (environment[variable]) expect(dependencies[store], `${name} → ${store}`).toBe('service_healthy');
      }
    }
    expect(dependenciesOf(services.client!)).toEqual({ api: 'service_healthy', gateway: 'service_healthy' });
  });

  it('publishes a port for the client only', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'client') continue;
      expect(service.ports ?? [], `${name} publishes a port`).toEqual([]);
    }
    expect(services.client!.ports).toEqual(['8080:80']);
  });

  it('runs exactly one projections replica', () => {
    expect(services.projections!.deploy?.replicas).toBe(1);
  });

  it('requires every secret, or falls back only to a listed local-only default', () => {
    const secrets = composeValues.flatMap(interpolationsIn).filter(({ name }) => isSecretName(name));
    expect(secrets.map(({ name }) => name)).toContain('AUTH_SECRET');
    for (const { name, operator, argument } of secrets) {
      if (operator === ':?' || operator === '?') {
        expect(argument.trim(), `${name} needs a message saying what to set`).not.toBe('');
        continue;
      }
      expect(operator, `\${${name}} must be required (:?) or have a local-only default`).toMatch(/^:?-$/);
      expect(LOCAL_ONLY_DEFAULTS[name], `${name} falls back to a default this test does not list`).toBeDefined();
      expect(argument, name).toBe(LOCAL_ONLY_DEFAULTS[name]!.value);
    }
    // The list does not go stale.
    for (const name of Object.keys(LOCAL_ONLY_DEFAULTS)) expect(secrets.map((secret) => secret.name)).toContain(name);
    // Without AUTH_SECRET compose refuses to start anything.
    expect(() => resolvedEnvironmentOf('api', {})).toThrow(/AUTH_SECRET/);
  });

  it('writes no literal credential into any service and uses only ${…} interpolation', () => {
    // A bare $NAME is easy to misread; $$ is the escape for a literal dollar.
    for (const value of composeValues) expect(value.replaceAll('$$', ''), value).not.toMatch(/\$(?!\{)/);
    for (const [name, service] of Object.entries(services)) {
      for (const [variable, value] of Object.entries(environmentOf(service))) {
        if (isSecretName(variable) && !(SECRET_CONFIG_KEYS as readonly string[]).includes(variable)) {
          expect(value, `${name}: ${variable} is a literal`).toMatch(/^\$\{[A-Za-z_][A-Za-z0-9_]*(:?[-?])[^}]*\}$/);
        }
      }
    }
    for (const name of RUNTIMES) {
      const raw = environmentOf(services[name]!);
      for (const variable of SECRET_CONFIG_KEYS) {
        const value = raw[variable];
        if (!value) continue;
        if (variable === 'AUTH_SECRET' || variable === 'ADMIN_PASSWORD') {
          expect(value, `${name}: ${variable}`).toMatch(/^\$\{[A-Z_]+(:?[-?])[^}]*\}$/);
          continue;
        }
        const userinfo = /^[a-z+]+:\/\/([^@/]*)@/.exec(value)?.[1];
        const password = userinfo?.split(':').slice(1).join(':');
        if (password) expect(password, `${name}: ${variable} has a literal password`).toMatch(/^\$\{[^}]+\}$/);
      }
    }
  });

  it('keeps PID 1 signal-safe: tini in the image or init: true on every runtime', () => {
    const entrypoint = execForm(stage('runtime'), 'ENTRYPOINT') ?? [];
    const initInImage = /(^|\/)(tini|dumb-init)$/.test(entrypoint[0] ?? '');
    if (!initInImage) for (const name of RUNTIMES) expect(services[name]!.init, name).toBe(true);
    if (initInImage)
      expect(stage('runtime').instructions.join('\n')).toMatch(/apt-get install[^\n]*\b(tini|dumb-init)\b/);
  });
});

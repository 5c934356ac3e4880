import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiApp } from '@ai-coaching/api';
import { IMAGE_UPLOAD_MAX_BYTES } from '@ai-coaching/contracts';
import { SECRET_CONFIG_KEYS, configSchema, createLogger, loadConfig } from '@ai-coaching/platform';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';

/**
 * The deployment files (Dockerfile, docker-compose.yml, deploy/nginx.conf, .dockerignore) cannot be run on the
 * build machines (no Docker engine), so this suite checks what can go wrong between them and the code: names and
 * ports that must agree across files, variables the app would reject, secrets with unsafe defaults.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// ---- docker-compose.yml -----------------------------------------------------------------------------------------

type Environment = Record<string, string | number | boolean | null> | string[];
type Service = {
  image?: string;
  build?: string | { context?: string; target?: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Environment;
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: unknown[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  deploy?: { replicas?: number };
  init?: boolean;
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

const composeText = read('docker-compose.yml');
const composeDocument = parseDocument(composeText, { merge: true, prettyErrors: true });
const compose = composeDocument.toJS({ maxAliasCount: 1000 }) as ComposeFile;
const services = compose.services;

const RUNTIMES = ['api', 'gateway', 'workers', 'projections'] as const;
const STORES = { postgres: 'DATABASE_URL', eventstore: 'EVENTSTORE_URL', redis: 'REDIS_URL' } as const;

const environmentOf = (service: Service): Record<string, string> => {
  const { environment } = service;
  if (!environment) return {};
  const entries = Array.isArray(environment)
    ? environment.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]);
  return Object.fromEntries(entries);
};

const dependenciesOf = (service: Service): Record<string, string> =>
  Array.isArray(service.depends_on)
    ? Object.fromEntries(service.depends_on.map((name) => [name, 'service_started']))
    : Object.fromEntries(
        Object.entries(service.depends_on ?? {}).map(([name, options]) => [
          name,
          options.condition ?? 'service_started',
        ]),
      );

// Compose interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message}, ${VAR?message}, ${VAR:+alt};
// `$$` is a literal dollar.
const INTERPOLATION = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g;

/** Every string value in the file: compose interpolates values, never comments. */
const stringValues = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringValues)
      : [];
const composeValues = stringValues(compose);

type Interpolation = { name: string; operator: string; argument: string };
const interpolationsIn = (text: string): Interpolation[] =>
  [...text.replaceAll('$$', '').matchAll(INTERPOLATION)].map(([, name, operator, argument]) => ({
    name: name!,
    operator: operator ?? '',
    argument: argument ?? '',
  }));

/** Resolves a value the way `docker compose` would with the given shell environment. */
const interpolate = (value: string, shell: Record<string, string>): string =>
  value
    .split('$$')
    .map((part) =>
      part.replace(
        INTERPOLATION,
        (_match, name: string, operator: string | undefined, argument: string | undefined) => {
          const set = shell[name];
          const nonEmpty = set !== undefined && set !== '';
          switch (operator) {
            case ':-':
              return nonEmpty ? set : (argument ?? '');
            case '-':
              return set ?? argument ?? '';
            case ':?':
              if (!nonEmpty) throw new Error(`${name}: ${argument}`);
              return set;
            case '?':
              if (set === undefined) throw new Error(`${name}: ${argument}`);
              return set;
            case ':+':
              return nonEmpty ? (argument ?? '') : '';
            case '+':
              return set !== undefined ? (argument ?? '') : '';
            default:
              return set ?? '';
          }
        },
      ),
    )
    .join('$');

/** What `AUTH_SECRET=… docker compose up` runs with: the one required secret set, every default taken. */
const MINIMAL_SHELL = { AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-the-schema-0123456789' };
const resolvedEnvironmentOf = (name: string, shell: Record<string, string> = MINIMAL_SHELL) =>
  Object.fromEntries(
    Object.entries(environmentOf(services[name]!)).map(([key, value]) => [key, interpolate(value, shell)]),
  );

/**
 * Secrets that may fall back to a default, and why that is safe for local use. Any other secret interpolation
 * must be required (`:?`). Keep this list short and in step with docs/deployment.md.
 */
const LOCAL_ONLY_DEFAULTS: Record<string, { value: string; why: string }> = {
  POSTGRES_PASSWORD: {
    value: 'local-only-postgres-password',
    why: 'postgres publishes no port; it is reachable only on the backend network',
  },
  ADMIN_PASSWORD: {
    value: '',
    why: 'empty: the api generates a strong password on the first start and prints it once',
  },
  SMTP_URL: { value: '', why: 'empty: mails go to the outbox table' },
  S3_ACCESS_KEY_ID: { value: 'ai-coaching', why: 'the MinIO user of a local run, with the local-only password below' },
  S3_SECRET_ACCESS_KEY: {
    value: 'local-only-minio-password',
    why: 'minio publishes no port; it is reachable only on the backend network',
  },
};
const isSecretName = (name: string) =>
  (SECRET_CONFIG_KEYS as readonly string[]).includes(name) ||
  /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY/i.test(name);

// ---- Dockerfile ---------------------------------------------------------------------------------------------------

type Stage = { name: string; base: string; instructions: string[] };
const dockerfileStages = (text: string): Stage[] => {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    const from = /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction);
    if (from) stages.push({ base: from[1]!, name: (from[2] ?? String(stages.length)).toLowerCase(), instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
};
const stages = dockerfileStages(read('Dockerfile'));
const stage = (name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Dockerfile has no stage "${name}"`);
  return found;
};
const envNamesOf = (target: Stage) =>
  target.instructions
    .filter((instruction) => /^ENV\s/i.test(instruction))
    .flatMap((instruction) =>
      [...instruction.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)].map((match) => match[1]!),
    );
const execForm = (target: Stage, keyword: string): string[] | undefined => {
  const instruction = target.instructions.findLast((candidate) => candidate.toUpperCase().startsWith(`${keyword} `));
  return instruction ? (JSON.parse(instruction.slice(keyword.length + 1)) as string[]) : undefined;
};

const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
const SERVER_WORKSPACES = [
  'domain',
  'contracts',
  'platform',
  'projections',
  'application',
  'workers',
  'gateway',
  'api',
];

// ---- deploy/nginx.conf --------------------------------------------------------------------------------------------

const nginx = read('deploy/nginx.conf').replace(/(^|\s)#.*$/gm, '$1');

/** The bodies of `keyword args { … }` blocks, nested braces included. */
const nginxBlocks = (text: string, keyword: string): { args: string; body: string }[] => {
  const blocks: { args: string; body: string }[] = [];
  const opening = new RegExp(`(?:^|[\\s;{}])${keyword}\\s+([^{;]*?)\\s*\\{`, 'g');
  for (const match of text.matchAll(opening)) {
    let depth = 1;
    let index = match.index + match[0].length;
    const start = index;
    for (; index < text.length && depth > 0; index++) {
      if (text[index] === '{') depth++;
      if (text[index] === '}') depth--;
    }
    blocks.push({ args: match[1]!.trim(), body: text.slice(start, index - 1) });
  }
  return blocks;
};
const location = (args: string) => {
  const found = nginxBlocks(nginx, 'location').find((block) => block.args === args);
  if (!found) throw new Error(`nginx.conf has no location ${args}`);
  return found.body;
};
/** host:port behind a location's proxy_pass, through its upstream block. */
const proxiedTo = (args: string): string => {
  const target = /proxy_pass\s+http:\/\/([^/;\s]+)/.exec(location(args))?.[1];
  if (!target) throw new Error(`location ${args} proxies nowhere`);
  const upstream = nginxBlocks(nginx, 'upstream').find((block) => block.args === target);
  if (!upstream) return target;
  const servers = [...upstream.body.matchAll(/server\s+([^\s;]+)/g)].map((match) => match[1]!);
  expect(servers, `upstream ${target}`).toHaveLength(1);
  return servers[0]!;
};
const addedHeaders = (body: string): Record<string, string> =>
  Object.fromEntries(
    [...body.matchAll(/add_header\s+(\S+)\s+(?:"([^"]*)"|(\S+?))(?:\s+always)?\s*;/g)].map((match) => [
      match[1]!.toLowerCase(),
      match[2] ?? match[3]!,
    ]),
  );
const sizeInKiB = (size: string) => {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`unreadable size ${size}`);
  const factor = { '': 1 / 1024, k: 1, m: 1024, g: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * factor;
};

// -------------------------------------------------------------------------------------------------------------------

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

describe('Dockerfile', () => {
  it('has the build, runtime and client stages on the documented bases', () => {
    expect(stage('build').base).toBe('node:20-bookworm-slim');
    expect(stage('runtime').base).toBe('node:20-bookworm-slim');
    expect(stage('client').base).toBe('nginx:1.27-alpine');
    // A plain `docker build .` produces the last stage: the runtime.
    expect(stages.at(-1)?.name).toBe('runtime');
  });

  it('copies every workspace manifest before npm ci, so installs are cached and the lockfile matches', () => {
    for (const [name, install] of [
      ['build', /^RUN\s.*\bnpm ci\b/],
      ['runtime', /^RUN\s.*\bnpm ci\b.*--omit=dev/],
    ] as const) {
      const instructions = stage(name).instructions;
      const installAt = instructions.findIndex((instruction) => install.test(instruction));
      expect(installAt, `${name} runs ${String(install)}`).toBeGreaterThan(-1);
      const before = instructions.slice(0, installAt).join('\n');
      expect(before, name).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
      for (const workspace of workspaces)
        expect(before, `${name}: ${workspace}`).toContain(`COPY ${workspace}/package.json`);
      // Nothing else of the sources is copied before the install.
      expect(before, name).not.toMatch(/^COPY \. /m);
    }
  });

  it('ships the compiled server workspaces and runs as node in production', () => {
    const runtime = stage('runtime');
    const body = runtime.instructions.join('\n');
    for (const workspace of SERVER_WORKSPACES)
      expect(body).toContain(`COPY --from=build /app/${workspace}/dist ${workspace}/dist`);
    expect(runtime.instructions.findLast((instruction) => /^USER\s/i.test(instruction))).toBe('USER node');
    expect(body).toMatch(/NODE_ENV=production/);
    expect(body).toMatch(/HOST=0\.0\.0\.0/);
    for (const variable of envNamesOf(runtime)) expect(Object.keys(configSchema.shape), variable).toContain(variable);
    expect(execForm(runtime, 'CMD')).toEqual(['node', 'api/dist/main.js']);
  });

  it('builds the server and the client, and serves the client with deploy/nginx.conf', () => {
    const build = stage('build').instructions.join('\n');
    const projects = /tsc -b ([^\n]+)/.exec(build)?.[1]?.trim().split(/\s+/) ?? [];
    // Every server workspace whose dist the runtime copies is compiled, directly or through a solution file.
    const compiled = projects.flatMap((project) =>
      project.endsWith('.json')
        ? (JSON.parse(read(project)) as { references: { path: string }[] }).references.map((ref) =>
            path.normalize(ref.path),
          )
        : [project],
    );
    expect([...compiled].sort()).toEqual([...SERVER_WORKSPACES].sort());
    expect(build).toContain('npm run build -w @ai-coaching/client');
    const client = stage('client').instructions.join('\n');
    expect(client).toContain('COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf');
    expect(client).toContain('COPY --from=build /app/client/dist /usr/share/nginx/html');
  });
});

describe('.dockerignore', () => {
  it('keeps dependencies, build output, local data and secrets out of the build context', () => {
    const patterns = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const pattern of [
      '**/node_modules',
      '**/dist',
      '**/*.tsbuildinfo',
      'data',
      '.git',
      'test-results',
      '**/.env',
    ]) {
      expect(patterns).toContain(pattern);
    }
    // The build needs these, so they must not be ignored.
    for (const needed of ['deploy', 'package-lock.json', 'tsconfig.base.json']) expect(patterns).not.toContain(needed);
  });
});

describe('deploy/nginx.conf', () => {
  it('proxies /v1/ and /openapi.json to the api and /socket.io/ to the gateway, on the ports they listen on', () => {
    const port = (service: string) => resolvedEnvironmentOf(service).PORT;
    expect(proxiedTo('/v1/')).toBe(`api:${port('api')}`);
    expect(proxiedTo('= /openapi.json')).toBe(`api:${port('api')}`);
    expect(proxiedTo('/api/image/uploads')).toBe(`api:${port('api')}`);
    expect(proxiedTo('/socket.io/')).toBe(`gateway:${port('gateway')}`);
    expect(port('api')).toBe('3000');
    expect(port('gateway')).toBe('3001');
  });

  it('passes WebSocket upgrades, the request id and X-Forwarded-* on every proxied location', () => {
    const server = nginxBlocks(nginx, 'server')[0]!.body;
    expect(server).toMatch(/proxy_http_version\s+1\.1;/);
    expect(server).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(server).toMatch(/proxy_set_header\s+Connection\s+\$\w+;/);
    for (const header of ['X-Request-Id', 'X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host']) {
      expect(server).toMatch(new RegExp(`proxy_set_header\\s+${header}\\s+\\$\\w+;`));
    }
    // proxy_set_header is inherited only by a location that sets none itself.
    for (const args of ['/v1/', '= /openapi.json', '/api/image/uploads', '/socket.io/'])
      expect(location(args)).not.toContain('proxy_set_header');
  });

  it("limits request bodies to the API's HTTP_BODY_LIMIT_KB", () => {
    const size = /client_max_body_size\s+(\S+);/.exec(nginx)?.[1];
    expect(size).toBeDefined();
    const apiLimit = configSchema.shape.HTTP_BODY_LIMIT_KB.parse(resolvedEnvironmentOf('api').HTTP_BODY_LIMIT_KB);
    expect(sizeInKiB(size!)).toBe(apiLimit);
    expect(apiLimit).toBe(1024);
  });

  it('lets an image upload through whole: the largest image the API takes, and its form around it', () => {
    const size = /client_max_body_size\s+(\S+);/.exec(location('/api/image/uploads'))?.[1];
    const kib = sizeInKiB(size!);
    expect(kib * 1024).toBeGreaterThan(IMAGE_UPLOAD_MAX_BYTES);
    expect(kib * 1024).toBeLessThanOrEqual(IMAGE_UPLOAD_MAX_BYTES + 2 * 1024 * 1024);
  });

  it('serves the SPA with its fallback and cache policy, and answers /healthz itself', () => {
    expect(location('/')).toMatch(/try_files\s+\$uri\s+\/index\.html;/);
    expect(location('/assets/')).toMatch(/try_files\s+\$uri\s+=404;/);
    expect(location('= /healthz')).toMatch(/return\s+200\b/);
    const cacheVariable = addedHeaders(location('/'))['cache-control'];
    const cacheMap = nginxBlocks(nginx, 'map').find((block) => block.args.split(/\s+/)[1] === cacheVariable);
    expect(cacheMap, 'the Cache-Control map').toBeDefined();
    expect(cacheMap!.body).toMatch(/~\^\/assets\/\s+"public, max-age=31536000, immutable";/);
    expect(cacheMap!.body).toMatch(/\/index\.html\s+"no-cache";/);
    expect(cacheMap!.body).toMatch(/\/build\/latest\.json\s+"no-cache";/);
  });

  it('sends the precompressed gzip files of the client build, and compresses the rest on the fly', () => {
    const server = nginxBlocks(nginx, 'server')[0]!.body;
    // Server level, so the SPA location and its /assets/ location both inherit them.
    expect(server).toMatch(/^\s*gzip_static\s+on;/m);
    expect(server).toMatch(/^\s*gzip\s+on;/m);
    expect(server).toMatch(/^\s*gzip_vary\s+on;/m);
    for (const args of ['/', '/assets/']) expect(location(args)).not.toMatch(/gzip_static\s+off/);
    // What the build precompresses, nginx knows how to send (JavaScript, CSS, JSON, SVG).
    const types = /gzip_types\s+([^;]+);/.exec(server)?.[1]?.split(/\s+/) ?? [];
    for (const type of ['application/javascript', 'text/css', 'application/json', 'image/svg+xml']) {
      expect(types).toContain(type);
    }
    // The build writes those files: the Dockerfile's client stage copies them from client/dist.
    expect(read('client/vite.config.ts')).toMatch(/precompressPlugin\(\)/);
  });

  it('uses no directive of a module the stock nginx image lacks (brotli), which would stop nginx from starting', () => {
    expect(stage('client').base).toBe('nginx:1.27-alpine');
    expect(nginx).not.toMatch(/(^|[\s;{])brotli\w*\s/m);
    expect(nginx).not.toMatch(/^\s*load_module\b/m);
  });

  it('sends the same security headers as the API', async () => {
    const stub = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('not used by /healthz');
        },
      },
    );
    const app = createApiApp({
      config: loadConfig({}),
      logger: createLogger({ level: 'silent' }),
      db: stub,
      store: stub,
      queue: stub,
      tokens: stub,
    } as unknown as Parameters<typeof createApiApp>[0]);
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      expect(response.status).toBe(200);
      const notSecurity = new Set([
        'cache-control',
        'connection',
        'content-length',
        'content-type',
        'date',
        'keep-alive',
        'vary',
        'x-request-id',
      ]);
      const fromApi: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!notSecurity.has(name)) fromApi[name] = value;
      });
      const fromNginx = addedHeaders(location('/'));
      delete fromNginx['cache-control'];
      expect(fromNginx).toEqual(fromApi);
      expect(fromNginx['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_CONFIG_KEYS } from '@ai-coaching/platform';
import { expect } from 'vitest';
import { parseDocument } from 'yaml';

/**
 * The deployment files (Dockerfile, docker-compose.yml, deploy/nginx.conf, .dockerignore) cannot be run on the
 * build machines (no Docker engine), so this suite checks what can go wrong between them and the code: names and
 * ports that must agree across files, variables the app would reject, secrets with unsafe defaults.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// ---- docker-compose.yml -----------------------------------------------------------------------------------------

export type Environment = Record<string, string | number | boolean | null> | string[];
export type Service = {
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
export type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

export const composeText = read('docker-compose.yml');
export const composeDocument = parseDocument(composeText, { merge: true, prettyErrors: true });
export const compose = composeDocument.toJS({ maxAliasCount: 1000 }) as ComposeFile;
export const services = compose.services;

export const RUNTIMES = ['api', 'gateway', 'workers', 'projections'] as const;
export const STORES = { postgres: 'DATABASE_URL', eventstore: 'EVENTSTORE_URL', redis: 'REDIS_URL' } as const;

export const environmentOf = (service: Service): Record<string, string> => {
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

export const dependenciesOf = (service: Service): Record<string, string> =>
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
export const INTERPOLATION = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}/g;

/** Every string value in the file: compose interpolates values, never comments. */
export const stringValues = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringValues)
      : [];
export const composeValues = stringValues(compose);

export type Interpolation = { name: string; operator: string; argument: string };
export const interpolationsIn = (text: string): Interpolation[] =>
  [...text.replaceAll('$$', '').matchAll(INTERPOLATION)].map(([, name, operator, argument]) => ({
    name: name!,
    operator: operator ?? '',
    argument: argument ?? '',
  }));

/** Resolves a value the way `docker compose` would with the given shell environment. */
export const interpolate = (value: string, shell: Record<string, string>): string =>
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
export const MINIMAL_SHELL = { AUTH_SECRET: 'a-test-secret-that-is-long-enough-for-the-schema-0123456789' };
export const resolvedEnvironmentOf = (name: string, shell: Record<string, string> = MINIMAL_SHELL) =>
  Object.fromEntries(
    Object.entries(environmentOf(services[name]!)).map(([key, value]) => [key, interpolate(value, shell)]),
  );

/**
 * Secrets that may fall back to a default, and why that is safe for local use. Any other secret interpolation
 * must be required (`:?`). Keep this list short and in step with docs/deployment.md.
 */
export const LOCAL_ONLY_DEFAULTS: Record<string, { value: string; why: string }> = {
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
export const isSecretName = (name: string) =>
  (SECRET_CONFIG_KEYS as readonly string[]).includes(name) ||
  /SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY/i.test(name);

// ---- Dockerfile ---------------------------------------------------------------------------------------------------

export type Stage = { name: string; base: string; instructions: string[] };
export const dockerfileStages = (text: string): Stage[] => {
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
export const stages = dockerfileStages(read('Dockerfile'));
export const stage = (name: string): Stage => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`Dockerfile has no stage "${name}"`);
  return found;
};
export const envNamesOf = (target: Stage) =>
  target.instructions
    .filter((instruction) => /^ENV\s/i.test(instruction))
    .flatMap((instruction) =>
      [...instruction.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=/g)].map((match) => match[1]!),
    );
export const execForm = (target: Stage, keyword: string): string[] | undefined => {
  const instruction = target.instructions.findLast((candidate) => candidate.toUpperCase().startsWith(`${keyword} `));
  return instruction ? (JSON.parse(instruction.slice(keyword.length + 1)) as string[]) : undefined;
};

export const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
export const SERVER_WORKSPACES = [
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

export const nginx = read('deploy/nginx.conf').replace(/(^|\s)#.*$/gm, '$1');

/** The bodies of `keyword args { … }` blocks, nested braces included. */
export const nginxBlocks = (text: string, keyword: string): { args: string; body: string }[] => {
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
export const location = (args: string) => {
  const found = nginxBlocks(nginx, 'location').find((block) => block.args === args);
  if (!found) throw new Error(`nginx.conf has no location ${args}`);
  return found.body;
};
/** host:port behind a location's proxy_pass, through its upstream block. */
export const proxiedTo = (args: string): string => {
  const target = /proxy_pass\s+http:\/\/([^/;\s]+)/.exec(location(args))?.[1];
  if (!target) throw new Error(`location ${args} proxies nowhere`);
  const upstream = nginxBlocks(nginx, 'upstream').find((block) => block.args === target);
  if (!upstream) return target;
  const servers = [...upstream.body.matchAll(/server\s+([^\s;]+)/g)].map((match) => match[1]!);
  expect(servers, `upstream ${target}`).toHaveLength(1);
  return servers[0]!;
};
export const addedHeaders = (body: string): Record<string, string> =>
  Object.fromEntries(
    [...body.matchAll(/add_header\s+(\S+)\s+(?:"([^"]*)"|(\S+?))(?:\s+always)?\s*;/g)].map((match) => [
      match[1]!.toLowerCase(),
      match[2] ?? match[3]!,
    ]),
  );
export const sizeInKiB = (size: string) => {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`unreadable size ${size}`);
  const factor = { '': 1 / 1024, k: 1, m: 1024, g: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * factor;
};

// -------------------------------------------------------------------------------------------------------------------

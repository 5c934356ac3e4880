import { z } from 'zod';
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies, type AddressRange } from '../net/client-address.js';
import { ssoRealmsJsonSchema } from '../sso/realm-schema.js';

/**
 * Every environment variable the product reads, validated once at start. A missing or
 * malformed value stops the process with a message naming the variable and what it expects.
 * Secret values are never echoed back in those messages.
 */
// 0 asks the system for a free port (tests); production sets a real one.
const port = z.coerce
  .number({ error: 'a port number between 0 and 65535' })
  .int('a whole port number')
  .min(0, 'a port number between 0 and 65535')
  .max(65535, 'a port number between 0 and 65535');

const url = (protocols: readonly string[], what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, what);

const optionalString = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const POOL_SIZE = 'a number of connections from 1 to 200';
const positiveMs = (what: string) => z.coerce.number({ error: what }).int(what).positive(what);

/** When a failing delivery is tried again, from its first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map(
  (seconds) => seconds * 1000,
);

const flag = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .enum(['true', 'false', '1', '0', ''], { error: what })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  );

export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'one of development, production, test' })
    .default('development'),
  HOST: z.string().trim().min(1, 'a host name or address to listen on').default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_URL: optionalString(
    url(['http:', 'https:'], 'an http(s) URL where users reach the app, such as https://coach.example.com'),
  ),
  ALLOWED_ORIGINS: optionalString(z.string()),
  // The reverse proxies whose X-Forwarded-For the API reads (api/src/http/client-address.ts).
  TRUSTED_PROXIES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const { invalid } = parseTrustedProxies(value);
        if (invalid.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message:
              'comma-separated addresses or CIDRs (IPv4 or IPv6) of the reverse proxies, such as 10.0.0.0/8,::1, ' +
              `or none (not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')})`,
          });
        }
      })
      .default(DEFAULT_TRUSTED_PROXIES),
  ),
  DATA_DIR: z.string().trim().min(1, 'a directory path').default('./data'),
  CLIENT_DIST_DIR: optionalString(z.string().trim().min(1, 'the directory of the built client')),
  DATABASE_URL: optionalString(
    url(['postgres:', 'postgresql:'], 'a PostgreSQL URL such as postgresql://user@host:5432/db'),
  ),
  // Connections each process keeps to PostgreSQL (docs/deployment.md, "Scaling out, from these figures").
  DATABASE_POOL_MAX: z.coerce
    .number({ error: POOL_SIZE })
    .int(POOL_SIZE)
    .min(1, POOL_SIZE)
    .max(200, POOL_SIZE)
    .default(10),
  EVENTSTORE_URL: optionalString(
    url(
      ['esdb:', 'esdb+discover:', 'kurrentdb:'],
      'an EventStoreDB connection string such as esdb://host:2113?tls=false',
    ),
  ),
  REDIS_URL: optionalString(url(['redis:', 'rediss:'], 'a Redis URL such as redis://127.0.0.1:6379')),
  SMTP_URL: optionalString(url(['smtp:', 'smtps:'], 'an SMTP URL such as smtp://user:pass@mail.example.com:587')),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'a sender address such as "AI-Coaching <no-reply@example.com>"')
    .default('AI-Coaching <no-reply@localhost>'),
  AUTH_SECRET: optionalString(z.string().min(32, 'at least 32 characters of random text')),
  ADMIN_EMAIL: z.email({ error: 'an email address for the first super-admin' }).default('admin@localhost.localdomain'),
  ADMIN_PASSWORD: optionalString(z.string().min(8, 'at least 8 characters')),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { error: 'auto (readable lines on a terminal, JSON otherwise), json or pretty' })
    .default('auto'),
  HTTP_BODY_LIMIT_KB: z.coerce.number({ error: 'a size in kilobytes' }).int().min(1).max(102_400).default(1024),
  PROJECTION_WAIT_MS: positiveMs('a duration in milliseconds').default(5000),
  SHUTDOWN_TIMEOUT_MS: positiveMs('a duration in milliseconds').default(10_000),
  // Outbound AI calls (platform/src/ai/outbound-guard.ts): a self-hosted model on the LAN needs private addresses.
  AI_ALLOW_PRIVATE_NETWORK: flag('true or false'),
  AI_CALL_TIMEOUT_MS: positiveMs('a duration in milliseconds').default(30_000),
  // Outbound webhooks (docs/api/integrations.md): the same address guard as AI calls, with a switch of its own, and when a
  // failing delivery is tried again, counted from its first attempt (the Standard Webhooks schedule; tests shorten it).
  WEBHOOK_ALLOW_PRIVATE_NETWORK: flag('true or false'),
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .default(DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.join(','))
    .transform((value, context) => {
      const offsets = value.split(',').map((part) => Number(part.trim()));
      const rising = offsets.every((offset, index) => Number.isInteger(offset) && offset > (offsets[index - 1] ?? 0));
      if (offsets.length > 20 || !rising) {
        context.addIssue({
          code: 'custom',
          message: 'a comma-separated list of 1 to 20 rising times in milliseconds after the first attempt',
        });
        return z.NEVER;
      }
      return offsets;
    }),
  // Files (images): a directory under DATA_DIR, or an S3-compatible bucket (docs/image-uploads.md).
  BLOB_STORE: z
    .enum(['fs', 's3'], { error: 'fs (files under DATA_DIR) or s3 (an S3-compatible bucket)' })
    .default('fs'),
  S3_ENDPOINT: optionalString(url(['http:', 'https:'], 'the http(s) URL of an S3-compatible server')),
  S3_BUCKET: optionalString(z.string().trim().min(1, 'a bucket name')),
  S3_REGION: z.string().trim().min(1, 'a region such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString(z.string().trim().min(1, 'an access key id')),
  S3_SECRET_ACCESS_KEY: optionalString(z.string().min(1, 'a secret access key')),
  S3_FORCE_PATH_STYLE: flag('true or false'),
  // What each organization's uploaded images may take in the blob store, in total (docs/image-uploads.md).
  IMAGE_STORAGE_QUOTA_MB: z.coerce
    .number({ error: 'a size in megabytes' })
    .int('a whole number of megabytes')
    .min(1, 'at least 1 megabyte')
    .default(1024),
  // Realms fixed by the deployment; super-admins add others through the API (docs/adr/0007).
  SSO_REALMS: z.preprocess((value) => (value === '' ? undefined : value), ssoRealmsJsonSchema.optional()),
});

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  allowedOrigins: string[];
  /** TRUSTED_PROXIES, parsed. */
  trustedProxies: readonly AddressRange[];
};

/** Names whose values must never appear in logs or error messages. */
export const SECRET_CONFIG_KEYS = [
  'DATABASE_URL',
  'EVENTSTORE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'SSO_REALMS',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly { variable: string; expected: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p.variable}: expected ${p.expected}`).join('\n')}\n` +
        'Fix these environment variables and start again (see the configuration table in README.md).',
    );
  }
}

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        expected: issue.message.startsWith('Invalid') ? 'a valid value' : issue.message,
      })),
    );
  }
  const values = parsed.data;
  if (values.BLOB_STORE === 's3' && !values.S3_BUCKET) {
    throw new ConfigError([{ variable: 'S3_BUCKET', expected: 'a bucket name (BLOB_STORE=s3 needs one)' }]);
  }
  // A generated secret lives in one runtime's DATA_DIR: production runtimes on several hosts need the same one given.
  if (values.NODE_ENV === 'production' && !values.AUTH_SECRET) {
    throw new ConfigError([
      {
        variable: 'AUTH_SECRET',
        expected:
          'at least 32 characters of random text, the same for every runtime: NODE_ENV=production requires it ' +
          '(an installation that ran without it keeps its generated secret in DATA_DIR/auth-secret, or in the ' +
          'platform_secrets table before this version: set AUTH_SECRET to that value to keep what it sealed)',
      },
    ]);
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, '');
  const allowedOrigins = (values.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return {
    ...values,
    publicUrl,
    allowedOrigins: [...new Set([new URL(publicUrl).origin, ...allowedOrigins])],
    trustedProxies: parseTrustedProxies(values.TRUSTED_PROXIES).ranges,
  };
};

/** The topology the environment selects: which engines back events, read models and jobs. */
export const describeTopology = (config: Config) => ({
  events: config.EVENTSTORE_URL ? 'esdb' : config.DATABASE_URL ? 'postgres' : 'pglite',
  readModels: config.DATABASE_URL ? 'postgres' : 'pglite',
  jobs: config.REDIS_URL ? 'bullmq' : 'in-process',
  realtime: config.REDIS_URL ? 'redis-streams' : 'in-memory',
  mail: config.SMTP_URL ? 'smtp' : 'outbox',
});

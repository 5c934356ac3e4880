import { pino, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Structured JSON logs. Redaction is the safety net for secrets that reach a log object by
 * accident (a header, a config dump, a provider key); code must still not log them on purpose.
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  '*.new_password',
  'token',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.apiKey',
  '*.api_key',
  // A service key's value (POST /v1/ai_service_keys) and a secret environment variable's.
  'value',
  '*.value',
  '*.body.value',
  '*.sealedValue',
  // A webhook endpoint's signing secrets (docs/api/integrations.md), in the clear or sealed.
  'secret',
  '*.secret',
  '*.secrets',
  '*.sealedSecret',
  'authorization',
  '*.authorization',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'config.DATABASE_URL',
  'config.EVENTSTORE_URL',
  'config.REDIS_URL',
  'config.SMTP_URL',
  'config.AUTH_SECRET',
  'config.ADMIN_PASSWORD',
  'config.SSO_REALMS',
  'config.S3_ACCESS_KEY_ID',
  'config.S3_SECRET_ACCESS_KEY',
];

/**
 * Database errors carry the statement and its parameters (`err.query`, `err.params`): email
 * addresses, names, code hashes, sealed secrets. The error serializer leaves them out; the
 * SQLSTATE code, the message and the stack stay, which is what a fix needs. (A `cause` is only
 * folded into the message and the stack, so its own properties never reach the log.)
 */
const SQL_DETAILS = ['query', 'params', 'parameters'];
export const serializeError = (error: unknown): unknown => {
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  for (const key of SQL_DETAILS) delete serialized[key];
  return serialized;
};

export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Readable lines for a person watching a terminal (`npm start`), JSON lines for everything else
 * (a container's log collector, a file, a pipe), unless `LOG_FORMAT` says otherwise.
 */
export const isPrettyLog = (format: LogFormat, stdoutIsTerminal: boolean): boolean =>
  format === 'pretty' || (format === 'auto' && stdoutIsTerminal);

/** The readable form: time, level, message, then the fields, one line each entry. */
export const prettyDestination = (destination?: NodeJS.WritableStream): pino.DestinationStream =>
  pretty({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });

export const createLogger = (
  options: { level?: string; name?: string; format?: LogFormat } & Pick<LoggerOptions, 'base'> = {},
  destination?: pino.DestinationStream,
): Logger =>
  pino(
    {
      level: options.level ?? 'info',
      ...(options.name ? { name: options.name } : {}),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
      ...(options.base !== undefined ? { base: options.base } : {}),
    },
    destination ??
      (isPrettyLog(options.format ?? 'json', process.stdout.isTTY === true) ? prettyDestination() : undefined),
  );

import { pino, type Logger, type LoggerOptions } from 'pino';

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

export const createLogger = (
  options: { level?: string; name?: string } & Pick<LoggerOptions, 'base'> = {},
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
    destination,
  );

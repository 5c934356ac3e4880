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

export const createLogger = (
  options: { level?: string; name?: string } & Pick<LoggerOptions, 'base'> = {},
  destination?: pino.DestinationStream,
): Logger =>
  pino(
    {
      level: options.level ?? 'info',
      ...(options.name ? { name: options.name } : {}),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.base !== undefined ? { base: options.base } : {}),
    },
    destination,
  );

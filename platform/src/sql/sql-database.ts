/**
 * The one SQL port shared by PGlite (embedded) and PostgreSQL (production).
 * Both speak the same dialect, so the event store, migrations and read models
 * are written once against this interface.
 */
export type SqlParams = readonly unknown[];

export type SqlResult<R> = { rows: R[]; rowCount: number };

export type SqlExecutor = {
  query<R = Record<string, unknown>>(sql: string, params?: SqlParams): Promise<SqlResult<R>>;
  /** Runs several statements without parameters (DDL, migrations). */
  exec(sql: string): Promise<void>;
};

export type SqlDialect = 'pglite' | 'postgres';

export type SqlDatabase = SqlExecutor & {
  readonly dialect: SqlDialect;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** PostgreSQL error codes the adapters and stores react to. */
export const PgErrorCode = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  raiseException: 'P0001',
  undefinedTable: '42P01',
} as const;

export const pgErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** The connection broke, or the server is restarting or out of resources: nothing about the statement itself. */
const isUnreachableCode = (code: string): boolean =>
  TRANSIENT_NODE_CODES.has(code) ||
  code.startsWith('08') || // connection exception
  code.startsWith('53') || // insufficient resources
  code.startsWith('57P'); // operator intervention (shutdown, crash recovery)

/**
 * Errors worth retrying because they say nothing about the statement itself: the connection
 * broke, the server is restarting or out of resources, or a concurrent transaction won.
 */
export const isTransientDatabaseError = (error: unknown): boolean => {
  const code = pgErrorCode(error);
  if (code === undefined) return false;
  return isUnreachableCode(code) || code === PgErrorCode.serializationFailure || code === PgErrorCode.deadlockDetected;
};

/** node-postgres's and ioredis's words for a connection lost or not to be had. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Connection is closed|Client has encountered a connection error)/;

/**
 * Whether an error says a store (PostgreSQL, Redis) cannot be reached at the moment — restarting, failing over, out of
 * connections — rather than that the request was wrong: the answer is a 503 the client may retry, never a 500.
 */
export const isStoreUnavailableError = (error: unknown): boolean => {
  const code = pgErrorCode(error);
  if (code !== undefined && isUnreachableCode(code)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'MaxRetriesPerRequestError' || (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message));
};

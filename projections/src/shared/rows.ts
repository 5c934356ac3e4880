import type { SqlExecutor } from '@ai-coaching/platform';

/** A timestamptz column as the contracts' ISO string: PostgreSQL answers a `Date`, PGlite at times a string. */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();

/** `isoTime` of a column that may be null (a time that has not happened yet). */
export const isoTimeOrNull = (value: Date | string | null): string | null => (value === null ? null : isoTime(value));

/** The audit columns `created_at` and `updated_at` an entity's table keeps, as its view's `createdAt` and `updatedAt`. */
export const auditTimes = (row: {
  created_at: Date | string;
  updated_at: Date | string;
}): { createdAt: string; updatedAt: string } => ({
  createdAt: isoTime(row.created_at),
  updatedAt: isoTime(row.updated_at),
});

/**
 * A read model's `find…`: the first row the query answers, as its view, or undefined when it answers none (a missing
 * id, or another organization's, is for the use case to tell).
 */
export const findOne = async <Row extends object, View>(
  db: SqlExecutor,
  sql: string,
  params: readonly unknown[],
  toView: (row: Row) => View,
): Promise<View | undefined> => {
  const { rows } = await db.query<Row>(sql, params);
  const row = rows[0];
  return row === undefined ? undefined : toView(row);
};

import type { SqlExecutor } from '@ai-coaching/platform';

/**
 * Invite codes and password-reset codes live the same life: issued with an expiry, then used,
 * replaced by a newer code, or left to expire. Both read models keep one row per code, by hash,
 * in a table of this shape; only the name of the hash column differs.
 */
type CodeTable = { table: string; hashColumn: 'invite_code_hash' | 'reset_code_hash' };

export const createCodeTable = (tx: SqlExecutor, { table, hashColumn }: CodeTable): Promise<void> =>
  tx.exec(`
      CREATE TABLE IF NOT EXISTS ${table} (
        ${hashColumn} text PRIMARY KEY,
        user_id text NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        superseded_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${table}_user_idx ON ${table} (user_id);`);

export const insertCode = (
  tx: SqlExecutor,
  { table, hashColumn }: CodeTable,
  code: { codeHash: string; userId: string; issuedAt: string; expiresAt: string },
) =>
  tx.query(
    `INSERT INTO ${table} (${hashColumn}, user_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (${hashColumn}) DO NOTHING`,
    [code.codeHash, code.userId, code.issuedAt, code.expiresAt],
  );

/**
 * Voids the user's pending codes but `keep`. Only codes issued by then: applying an older event
 * again must not void a newer code.
 */
export const supersedeCodes = (
  tx: SqlExecutor,
  { table, hashColumn }: CodeTable,
  userId: string,
  at: string,
  keep: string | null,
) =>
  tx.query(
    `UPDATE ${table} SET superseded_at = $2
     WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL AND issued_at <= $2
       AND ${hashColumn} IS DISTINCT FROM $3`,
    [userId, at, keep],
  );

/** A new code for the user: the pending ones issued by then stop working. */
export const replaceCodes = async (
  tx: SqlExecutor,
  codes: CodeTable,
  code: { codeHash: string; userId: string; issuedAt: string; expiresAt: string },
): Promise<void> => {
  await supersedeCodes(tx, codes, code.userId, code.issuedAt, code.codeHash);
  await insertCode(tx, codes, code);
};

/** 'used' wins over 'superseded', which wins over 'expired'. */
export type CodeStatus = 'valid' | 'expired' | 'used' | 'superseded';

export type CodeView = { userId: string; status: CodeStatus; expiresAt: string };

type CodeRecord = {
  user_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  superseded_at: Date | string | null;
};

export const codeStatus = (row: CodeRecord, now: string): CodeStatus => {
  if (row.used_at !== null) return 'used';
  if (row.superseded_at !== null) return 'superseded';
  return Date.parse(now) >= new Date(row.expires_at).getTime() ? 'expired' : 'valid';
};

/** `now` (ISO) decides expiry, as the user stream does with its command time. */
export const findCode = async (
  db: SqlExecutor,
  { table, hashColumn }: CodeTable,
  codeHash: string,
  now: string,
): Promise<CodeView | undefined> => {
  const { rows } = await db.query<CodeRecord>(
    `SELECT user_id, expires_at, used_at, superseded_at FROM ${table} WHERE ${hashColumn} = $1`,
    [codeHash],
  );
  const row = rows[0];
  return row
    ? { userId: row.user_id, status: codeStatus(row, now), expiresAt: new Date(row.expires_at).toISOString() }
    : undefined;
};

import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, type TableNames } from '../../runner/projection.js';
import { createCodeTable, findCode, replaceCodes, supersedeCodes, type CodeView } from '../issued-codes.js';

const codes = (t: TableNames<'resets'>) => ({ table: t.resets, hashColumn: 'reset_code_hash' }) as const;

const TABLES = { resets: 'rm_password_resets' } as const;

/**
 * Every password-reset code ever sent, by hash, so the reset screen can say why a link no
 * longer works. The user stream remains the authority: CompletePasswordReset checks again.
 */
export const passwordResetsProjection = defineProjection({
  name: 'password-resets',
  version: 1,
  tables: TABLES,
  setup: (tx, t) => createCodeTable(tx, codes(t)),
  on: {
    async PasswordResetRequested(tx, { data }, t) {
      await replaceCodes(tx, codes(t), {
        codeHash: data.resetCodeHash,
        userId: data.userId,
        issuedAt: data.requestedAt,
        expiresAt: data.resetExpiresAt,
      });
    },
    async PasswordChanged(tx, { data }, t) {
      if (data.resetCodeHash !== null) {
        await tx.query(
          `UPDATE ${t.resets} SET used_at = $2 WHERE reset_code_hash = $1 AND used_at IS NULL AND superseded_at IS NULL`,
          [data.resetCodeHash, data.changedAt],
        );
      }
      await supersedeCodes(tx, codes(t), data.userId, data.changedAt, data.resetCodeHash);
    },
    async UserDisabled(tx, { data }, t) {
      await supersedeCodes(tx, codes(t), data.userId, data.disabledAt, null);
    },
  },
});

export type PasswordResetView = CodeView;

/** `now` (ISO) decides expiry, as CompletePasswordReset does with its command time. */
export const findPasswordReset = (
  db: SqlExecutor,
  resetCodeHash: string,
  now: string,
): Promise<PasswordResetView | undefined> => findCode(db, codes(TABLES), resetCodeHash, now);

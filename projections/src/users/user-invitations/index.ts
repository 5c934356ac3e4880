import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, type TableNames } from '../../runner/projection.js';
import { createCodeTable, findCode, insertCode, replaceCodes, supersedeCodes, type CodeView } from '../issued-codes.js';

export { codeStatus, type CodeStatus } from '../issued-codes.js';

const codes = (t: TableNames<'invitations'>) => ({ table: t.invitations, hashColumn: 'invite_code_hash' }) as const;

const TABLES = { invitations: 'rm_user_invitations' } as const;

/**
 * Every invite code ever sent, by hash, so the activation screen can tell a mistyped link from
 * a used, replaced or expired one before the user types a password. The user stream remains
 * the authority: ActivateAccount checks the code again.
 */
export const userInvitationsProjection = defineProjection({
  name: 'user-invitations',
  version: 1,
  tables: TABLES,
  setup: (tx, t) => createCodeTable(tx, codes(t)),
  on: {
    async UserInvited(tx, { data }, t) {
      await insertCode(tx, codes(t), {
        codeHash: data.inviteCodeHash,
        userId: data.userId,
        issuedAt: data.invitedAt,
        expiresAt: data.inviteExpiresAt,
      });
    },
    async InvitationResent(tx, { data }, t) {
      await replaceCodes(tx, codes(t), {
        codeHash: data.inviteCodeHash,
        userId: data.userId,
        issuedAt: data.resentAt,
        expiresAt: data.inviteExpiresAt,
      });
    },
    async InvitationCancelled(tx, { data }, t) {
      await supersedeCodes(tx, codes(t), data.userId, data.cancelledAt, null);
    },
    async UserActivated(tx, { data }, t) {
      await tx.query(`UPDATE ${t.invitations} SET used_at = $2 WHERE invite_code_hash = $1 AND used_at IS NULL`, [
        data.inviteCodeHash,
        data.activatedAt,
      ]);
    },
  },
});

export type InvitationView = CodeView;

/** `now` (ISO) decides expiry, as ActivateAccount does with its command time. */
export const findInvitation = (
  db: SqlExecutor,
  inviteCodeHash: string,
  now: string,
): Promise<InvitationView | undefined> => findCode(db, codes(TABLES), inviteCodeHash, now);

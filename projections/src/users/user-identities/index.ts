import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { findOne } from '../../shared/rows.js';

const TABLES = { identities: 'rm_user_identities' } as const;

/**
 * Which account a single sign-on identity (issuer, subject) signs in to. Should two accounts
 * ever link the same identity, the first link is kept rather than stopping the projection.
 */
export const userIdentitiesProjection = defineProjection({
  name: 'user-identities',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.identities} (
        issuer text NOT NULL,
        subject text NOT NULL,
        user_id text NOT NULL,
        PRIMARY KEY (issuer, subject)
      );
      CREATE INDEX IF NOT EXISTS ${t.identities}_user_idx ON ${t.identities} (user_id);`);
  },
  on: {
    async IdentityLinked(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.identities} (issuer, subject, user_id) VALUES ($1, $2, $3)
         ON CONFLICT (issuer, subject) DO NOTHING`,
        [data.issuer, data.subject, data.userId],
      );
    },
    async InvitationCancelled(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.identities} WHERE user_id = $1`, [data.userId]);
    },
  },
});

export const findUserByIdentity = (
  db: SqlExecutor,
  issuer: string,
  subject: string,
): Promise<{ userId: string } | undefined> =>
  findOne(
    db,
    `SELECT user_id FROM ${TABLES.identities} WHERE issuer = $1 AND subject = $2`,
    [issuer, subject],
    (row: { user_id: string }) => ({ userId: row.user_id }),
  );

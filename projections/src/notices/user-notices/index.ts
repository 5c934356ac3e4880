import type { UserNoticeKind, UserNoticeParams } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { notices: 'rm_user_notices' } as const;

/** Each user's notices in the app (docs/notices.md), newest first, read or not. */
export const userNoticesProjection = defineProjection({
  name: 'user-notices',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.notices} (
        notice_id text NOT NULL,
        user_id text NOT NULL,
        organization_id text NOT NULL,
        kind text NOT NULL,
        params jsonb NOT NULL,
        link text NOT NULL,
        posted_at timestamptz NOT NULL,
        read_at timestamptz,
        PRIMARY KEY (user_id, notice_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.notices}_user_idx ON ${t.notices} (user_id, posted_at DESC);`);
  },
  on: {
    async UserNoticePosted(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.notices} (notice_id, user_id, organization_id, kind, params, link, posted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [
          data.noticeId,
          data.userId,
          data.organizationId,
          data.kind,
          JSON.stringify(data.params),
          data.link,
          data.postedAt,
        ],
      );
    },
    async UserNoticesRead(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.notices} SET read_at = $3 WHERE user_id = $1 AND notice_id = ANY($2::text[]) AND read_at IS NULL`,
        [data.userId, data.noticeIds, data.readAt],
      );
    },
  },
});

export type UserNoticeView = {
  noticeId: string;
  kind: UserNoticeKind;
  params: UserNoticeParams;
  link: string;
  postedAt: string;
  readAt: string | null;
};

/** A page of the user's notices, newest first, with how many they have and how many are unread. */
export const listUserNotices = async (
  db: SqlExecutor,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ items: UserNoticeView[]; total: number; unread: number }> => {
  const { rows } = await db.query<{
    notice_id: string;
    kind: UserNoticeKind;
    params: UserNoticeParams;
    link: string;
    posted_at: Date | string;
    read_at: Date | string | null;
  }>(
    `SELECT notice_id, kind, params, link, posted_at, read_at FROM ${TABLES.notices} WHERE user_id = $1
     ORDER BY posted_at DESC, notice_id LIMIT $2 OFFSET $3`,
    [userId, page.limit, page.offset],
  );
  const counts = await db.query<{ total: string; unread: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM ${TABLES.notices}
     WHERE user_id = $1`,
    [userId],
  );
  return {
    items: rows.map((row) => ({
      noticeId: row.notice_id,
      kind: row.kind,
      params: row.params,
      link: row.link,
      postedAt: isoTime(row.posted_at),
      readAt: isoTimeOrNull(row.read_at),
    })),
    total: Number(counts.rows[0]?.total ?? 0),
    unread: Number(counts.rows[0]?.unread ?? 0),
  };
};

/** The ids of the user's unread notices (for "mark all as read"). */
export const unreadUserNoticeIds = async (db: SqlExecutor, userId: string): Promise<string[]> => {
  const { rows } = await db.query<{ notice_id: string }>(
    `SELECT notice_id FROM ${TABLES.notices} WHERE user_id = $1 AND read_at IS NULL`,
    [userId],
  );
  return rows.map((row) => row.notice_id);
};

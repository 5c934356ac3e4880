import { DEFAULT_NOTIFICATION_SETTINGS } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';

const TABLES = { settings: 'rm_user_notification_settings' } as const;

/**
 * Each user's notification settings (the managers' weekly digest, on unless turned off) and the last ISO week whose
 * digest was queued for them (docs/programs.md, "Weekly digest"). A user with no row has the defaults and was never
 * sent one. The user's stream remains the authority: recording a week again records nothing.
 */
export const userNotificationSettingsProjection = defineProjection({
  name: 'user-notification-settings',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.settings} (
        user_id text PRIMARY KEY,
        weekly_digest boolean NOT NULL DEFAULT true,
        last_digest_week text
      );`);
  },
  on: {
    async NotificationSettingsChanged(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.settings} (user_id, weekly_digest) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET weekly_digest = EXCLUDED.weekly_digest`,
        [data.userId, data.weeklyDigest],
      );
    },
    // ISO weeks (`2031-W12`) sort as text: the latest is kept, whatever is applied twice.
    async AssignmentDigestSent(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.settings} (user_id, last_digest_week) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET last_digest_week =
           GREATEST(${t.settings}.last_digest_week, EXCLUDED.last_digest_week)`,
        [data.userId, data.week],
      );
    },
  },
});

export type UserNotificationSettingsView = {
  userId: string;
  weeklyDigest: boolean;
  /** The last ISO week whose digest was queued for the user, null for never. */
  lastDigestWeek: string | null;
};

/** The settings of each user named, the defaults for one who never chose (in the order given). */
export const listUserNotificationSettings = async (
  db: SqlExecutor,
  userIds: readonly string[],
): Promise<UserNotificationSettingsView[]> => {
  if (userIds.length === 0) return [];
  // Before the read model's first start (a digest run at the very first start): nobody has chosen yet.
  const rows = await unlessNotCreatedYet(async () => {
    const result = await db.query<{ user_id: string; weekly_digest: boolean; last_digest_week: string | null }>(
      `SELECT user_id, weekly_digest, last_digest_week FROM ${TABLES.settings} WHERE user_id = ANY($1::text[])`,
      [userIds],
    );
    return result.rows;
  });
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return userIds.map((userId) => {
    const row = byId.get(userId);
    return {
      userId,
      weeklyDigest: row?.weekly_digest ?? DEFAULT_NOTIFICATION_SETTINGS.weeklyDigest,
      lastDigestWeek: row?.last_digest_week ?? null,
    };
  });
};

export const findUserNotificationSettings = async (
  db: SqlExecutor,
  userId: string,
): Promise<UserNotificationSettingsView> => (await listUserNotificationSettings(db, [userId]))[0]!;

import type { NotificationSettingsEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import {
  findUserNotificationSettings,
  listUserNotificationSettings,
  userNotificationSettingsProjection,
} from './index.js';

const changed = (userId: string, weeklyDigest: boolean, day: number): NotificationSettingsEvent => ({
  type: 'NotificationSettingsChanged',
  data: { userId, weeklyDigest, changedAt: at(day) },
});
const sent = (userId: string, week: string, day: number): NotificationSettingsEvent => ({
  type: 'AssignmentDigestSent',
  data: { userId, organizationId: 'org-1', week, sentAt: at(day) },
});

describe('user-notification-settings read model', () => {
  const { db, reapplyTwice } = seededReadModel<NotificationSettingsEvent>(
    userNotificationSettingsProjection,
    async ({ append }) => {
      await append('user-notification-settings-ada', sent('ada', '2026-W06', 2), sent('ada', '2026-W07', 9));
      await append('user-notification-settings-bob', changed('bob', false, 1), sent('bob', '2026-W06', 2));
      await append('user-notification-settings-cy', changed('cy', false, 1), changed('cy', true, 3));
    },
  );

  it('answers each user’s setting and last digest week, the defaults for one never seen', async () => {
    expect(await listUserNotificationSettings(db, ['ada', 'bob', 'cy', 'dan'])).toEqual([
      { userId: 'ada', weeklyDigest: true, lastDigestWeek: '2026-W07' },
      { userId: 'bob', weeklyDigest: false, lastDigestWeek: '2026-W06' },
      { userId: 'cy', weeklyDigest: true, lastDigestWeek: null },
      { userId: 'dan', weeklyDigest: true, lastDigestWeek: null },
    ]);
    expect(await listUserNotificationSettings(db, [])).toEqual([]);
    expect(await findUserNotificationSettings(db, 'bob')).toMatchObject({ weeklyDigest: false });
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const before = (await db.query('SELECT * FROM rm_user_notification_settings ORDER BY user_id')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_user_notification_settings ORDER BY user_id')).rows).toEqual(before);
  });
});

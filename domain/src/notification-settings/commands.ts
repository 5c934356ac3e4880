import type { Command } from '../shared/command.js';

/** Only what is given changes: a later setting will add its own optional field. */
export type ChangeNotificationSettings = Command<
  'ChangeNotificationSettings',
  { userId: string; weeklyDigest?: boolean }
>;

/** Records that this ISO week's digest was queued for the user; a week already recorded records nothing. */
export type RecordAssignmentDigest = Command<
  'RecordAssignmentDigest',
  { userId: string; organizationId: string; week: string }
>;

export type NotificationSettingsCommand = ChangeNotificationSettings | RecordAssignmentDigest;

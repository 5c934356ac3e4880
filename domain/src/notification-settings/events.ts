// A user's notification settings and the weekly digests they were sent (docs/programs.md, "Weekly digest"): one
// stream per user, so deciding whether this week's digest went out reads one short stream.

export const userNotificationSettingsStreamId = (userId: string): string => `user-notification-settings-${userId}`;

/** The user turned the managers' weekly digest on or off (it is on until they turn it off). */
export type NotificationSettingsChanged = {
  type: 'NotificationSettingsChanged';
  data: { userId: string; weeklyDigest: boolean; changedAt: string };
};

/** The weekly digest of overdue assignments was queued for the user for this ISO week (`2031-W12`). */
export type AssignmentDigestSent = {
  type: 'AssignmentDigestSent';
  data: { userId: string; organizationId: string; week: string; sentAt: string };
};

export type NotificationSettingsEvent = NotificationSettingsChanged | AssignmentDigestSent;

import { z } from 'zod';
import { patchOf } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// The signed-in user's notification settings (docs/programs.md, "Weekly digest"): what they are mailed besides the
// notices of their own assignments.

export const notificationSettingsSchema = z.strictObject({
  /** The managers' weekly digest of their organization's overdue assignments (on unless turned off). */
  weekly_digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsOperations = defineOperations(
  { name: 'notificationSettings', tag: 'Profile' },
  {
    read: {
      method: 'GET',
      path: '/v1/me/notification_settings',
      summary: 'The caller’s notification settings: whether they receive the managers’ weekly digest.',
      responses: { 200: { description: 'The settings.', schema: notificationSettingsSchema } },
    },
    update: {
      method: 'PATCH',
      path: '/v1/me/notification_settings',
      summary:
        'Change the caller’s notification settings. Anyone signed in may; only users who assign programs receive the weekly digest.',
      body: patchOf(z.object({ weekly_digest: z.boolean().optional() })),
      responses: { 200: { description: 'The settings as they now are.', schema: notificationSettingsSchema } },
    },
  },
);

import { changeNotificationSettings, readNotificationSettings } from '@ai-coaching/application';
import { notificationSettingsOperations as op } from '@ai-coaching/contracts';
import { defineRoute, signedIn } from '../http/route.js';

// The signed-in user's notification settings (docs/programs.md, "Weekly digest"): their own, whatever their role.
export const notificationSettingsRoutes = [
  defineRoute(op.read, {
    access: signedIn,
    handler: async ({ origin, services }) => ({ body: await readNotificationSettings(services, origin) }),
  }),
  defineRoute(op.update, {
    access: signedIn,
    handler: async ({ body, origin, services }) => ({
      body: await changeNotificationSettings(services, origin, body),
    }),
  }),
];

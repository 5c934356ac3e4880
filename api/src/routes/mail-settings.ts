import { readMailSettings, saveMailSettings, sendTestMail } from '@ai-coaching/application';
import { mailSettingsOperations as op } from '@ai-coaching/contracts';
import { readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// An operator's own organization, any for a super-admin (the platform organization's settings
// being the platform defaults); the use cases scope it.
export const mailSettingsRoutes = [
  defineRoute(op.read, { access: permission('settings-email'), handler: readHandler(readMailSettings) }),
  defineRoute(op.save, { access: permission('settings-email'), handler: updateHandler(saveMailSettings) }),
  defineRoute(op.sendTest, {
    access: permission('settings-email'),
    handler: async ({ params, origin, services }) => ({
      status: 202,
      body: await sendTestMail(services, origin, params.id),
    }),
  }),
];

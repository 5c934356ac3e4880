import { readPlatformSetupChecklist } from '@ai-coaching/application';
import { platformSetupOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

// Setting a platform up is the super-admins' work: `organization-create` is theirs alone (docs/permissions.md).
export const platformSetupRoutes = [
  defineRoute(op.checklist, {
    access: permission('organization-create'),
    handler: async ({ origin, services }) => ({ body: await readPlatformSetupChecklist(services, origin) }),
  }),
];

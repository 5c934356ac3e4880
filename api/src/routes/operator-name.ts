import { changeOperatorName } from '@ai-coaching/application';
import { organizationOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

export const operatorNameRoutes = [
  defineRoute(op.changeOperatorName, {
    // An operator names their own organization's; a super-admin any (the use case scopes it).
    access: permission('operator-name-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await changeOperatorName(services, origin, params.id, body),
    }),
  }),
];

import { listEnvironmentVariables, removeEnvironmentVariable, saveEnvironmentVariable } from '@ai-coaching/application';
import { environmentVariableOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

/** Platform-wide runtime variables (spec §2 `/env`; docs/api/redirects-and-environment.md). */
export const environmentVariableRoutes = [
  defineRoute(op.list, {
    access: permission('environment-variables-read'),
    handler: async ({ services, origin }) => ({ body: await listEnvironmentVariables(services, origin) }),
  }),
  defineRoute(op.save, {
    access: permission('environment-variables-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await saveEnvironmentVariable(services, origin, params.name, body),
    }),
  }),
  defineRoute(op.remove, {
    access: permission('environment-variables-update'),
    handler: ({ params, services }) => removeEnvironmentVariable(services, params.name),
  }),
];

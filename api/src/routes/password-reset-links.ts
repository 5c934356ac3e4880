import { sendPasswordResetLink } from '@ai-coaching/application';
import { passwordResetLinkOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

export const passwordResetLinkRoutes = [
  defineRoute(op.send, {
    access: permission('reset-password'),
    // The caller's address is counted like a self-service reset request's (`ctx.ip`).
    handler: async ({ params, origin, services, ctx }) => ({
      status: 202,
      body: await sendPasswordResetLink(services, origin, { userId: params.user_id, address: ctx.ip }),
    }),
  }),
];

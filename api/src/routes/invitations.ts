import { activateAccount, checkInviteCode } from '@ai-coaching/application';
import { invitationOperations as op } from '@ai-coaching/contracts';
import { defineRoute, publicAccess } from '../http/route.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

// Both count invalid codes against the client address (`ctx.ip`), which blocks scanning for codes.
export const invitationRoutes = [
  defineRoute(op.checkInviteCode, {
    access: publicAccess,
    handler: async ({ params, services, ctx }) => ({
      body: await checkInviteCode(services, { inviteCode: params.invite_code, address: ctx.ip }),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.activateAccount, {
    access: publicAccess,
    handler: async ({ body, origin, services, ctx }) => ({
      body: await activateAccount(services, origin, {
        inviteCode: body.invite_code,
        password: body.password,
        address: ctx.ip,
      }),
      headers: NO_STORE,
    }),
  }),
];

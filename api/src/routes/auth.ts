import {
  changePassword,
  checkResetCode,
  passwordLogin,
  readProfile,
  requestPasswordReset,
  resetPassword,
  signOut,
} from '@ai-coaching/application';
import { authOperations as op } from '@ai-coaching/contracts';
import { authenticated, defineRoute, publicAccess, signedIn } from '../http/route.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

// The client address the sign-in limits count is the request's (`ctx.ip`, see http/rate-limit.ts).
export const authRoutes = [
  defineRoute(op.login, {
    access: publicAccess,
    handler: async ({ body, services, ctx }) => ({
      body: await passwordLogin(services, { username: body.username, password: body.password, address: ctx.ip }),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.logout, {
    access: authenticated,
    handler: ({ origin, services }) => signOut(services, origin),
  }),
  defineRoute(op.me, {
    access: authenticated,
    handler: async ({ origin, services }) => ({ body: await readProfile(services, origin), headers: NO_STORE }),
  }),
  defineRoute(op.changePassword, {
    access: signedIn,
    handler: ({ body, origin, services, ctx }) =>
      changePassword(services, origin, {
        currentPassword: body.current_password,
        newPassword: body.new_password,
        address: ctx.ip,
      }),
  }),
  defineRoute(op.resetOwnPassword, {
    access: publicAccess,
    handler: async ({ body, origin, services, ctx }) => ({
      status: 202,
      body: await requestPasswordReset(services, origin, { accountEmail: body.account_email, address: ctx.ip }),
    }),
  }),
  defineRoute(op.checkResetCode, {
    access: publicAccess,
    handler: async ({ params, services, ctx }) => ({
      body: await checkResetCode(services, { resetCode: params.reset_code, address: ctx.ip }),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.changePasswordAfterReset, {
    access: publicAccess,
    handler: ({ body, origin, services, ctx }) =>
      resetPassword(services, origin, { resetCode: body.reset_code, newPassword: body.new_password, address: ctx.ip }),
  }),
];

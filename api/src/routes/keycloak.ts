import {
  authenticationMethods,
  completeSsoLogin,
  endSsoLogin,
  refreshSsoLogin,
  ssoLoginUrl,
} from '@ai-coaching/application';
import { ssoOperations as op } from '@ai-coaching/contracts';
import { answering } from '../auth/answering.js';
import { defineRoute, publicAccess } from '../http/route.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Single sign-on through Keycloak-layout realms (spec section 7; the flows are use cases of
 * `application/src/identity/`). Every call is public: the tokens it carries are its credentials.
 */
export const keycloakRoutes = [
  defineRoute(op.authenticationMethods, {
    access: publicAccess,
    handler: async ({ services }) => ({ body: await authenticationMethods(services) }),
  }),
  defineRoute(op.loginUrl, {
    access: publicAccess,
    handler: async ({ query, services, ctx }) => ({
      body: await answering(ctx, () => ssoLoginUrl(services, query.realm)),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.callback, {
    access: publicAccess,
    handler: async ({ query, origin, services, ctx }) => ({
      body: await answering(ctx, () => completeSsoLogin(services, origin, query)),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.refreshToken, {
    access: publicAccess,
    handler: async ({ body, origin, services, ctx }) => ({
      body: await answering(ctx, () => refreshSsoLogin(services, origin, body.refresh_token)),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.logout, {
    access: publicAccess,
    handler: ({ body, origin, services, ctx }) =>
      answering(ctx, () => endSsoLogin(services, origin, body.refresh_token)),
  }),
];

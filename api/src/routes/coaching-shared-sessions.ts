import {
  createSharedSession,
  joinSharedSession,
  listSharedSessions,
  readSharedSession,
  readGuestSharedLink,
  readSharedSessionPage,
  revokeSharedSession,
} from '@ai-coaching/application';
import { sharedSessionOperations as op } from '@ai-coaching/contracts';
import { deleteHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission, publicAccess, sharedSessionAccess } from '../http/route.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

// Making and managing links needs `generate-shared-session`; the page and the join are public, counted per address
// (`ctx.ip`, see http/rate-limit.ts) and per link.
export const sharedSessionRoutes = [
  defineRoute(op.list, {
    access: permission('generate-shared-session'),
    handler: async ({ query, origin, services }) => ({
      body: await listSharedSessions(services, origin, query),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.create, {
    access: permission('generate-shared-session'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await createSharedSession(services, origin, body),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.read, {
    access: permission('generate-shared-session'),
    handler: async ({ params, origin, services }) => ({
      body: await readSharedSession(services, origin, params.id),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.revoke, {
    access: permission('generate-shared-session'),
    handler: deleteHandler(revokeSharedSession),
  }),
  defineRoute(op.page, {
    access: publicAccess,
    handler: async ({ params, services, ctx }) => ({
      body: await readSharedSessionPage(services, params.access_code, ctx.ip),
      headers: NO_STORE,
    }),
  }),
  defineRoute(op.join, {
    access: publicAccess,
    handler: async ({ params, body, services, ctx }) => ({
      status: 201,
      body: await joinSharedSession(services, params.access_code, body, ctx.ip),
      headers: NO_STORE,
    }),
  }),
  // The guest of the session the token names; the use case refuses users (they read links through the list).
  defineRoute(op.guestLink, {
    access: sharedSessionAccess('id', 'coaching-session-read'),
    handler: async ({ params, origin, services }) => ({
      body: await readGuestSharedLink(services, origin, params.id),
      headers: NO_STORE,
    }),
  }),
];

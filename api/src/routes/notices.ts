import { listMyNotices, readMyNotices } from '@ai-coaching/application';
import { userNoticeOperations as op } from '@ai-coaching/contracts';
import { defineRoute, signedIn } from '../http/route.js';

// Notices in the app (docs/notices.md): each signed-in user reads their own, and only theirs.
export const noticeRoutes = [
  defineRoute(op.list, {
    access: signedIn,
    handler: async ({ query, origin, services }) => ({ body: await listMyNotices(services, origin, query) }),
  }),
  defineRoute(op.read, {
    access: signedIn,
    handler: async ({ body, origin, services }) => ({ body: await readMyNotices(services, origin, body) }),
  }),
];

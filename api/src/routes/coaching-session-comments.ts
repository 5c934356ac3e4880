import {
  addSessionComment,
  deleteSessionComment,
  editSessionComment,
  listSessionComments,
} from '@ai-coaching/application';
import { coachingSessionCommentOperations as op } from '@ai-coaching/contracts';
import { readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// Manager review (docs/programs.md): whoever reads sessions may reach the comments; the use cases decide, per session,
// who the caller is to them: a reviewer (another's session, `coaching-session-check-other`) comments, its learner
// reads what is for them and replies, anyone else finds no session. Guests' tokens do not open them.
export const coachingSessionCommentRoutes = [
  defineRoute(op.list, { access: permission('coaching-session-read'), handler: readHandler(listSessionComments) }),
  defineRoute(op.create, {
    access: permission('coaching-session-read'),
    handler: async ({ params, body, origin, services, ctx }) => ({
      status: 201,
      body: await addSessionComment(services, origin, params.id, {
        ...body,
        idempotencyKey: ctx.get('idempotency-key'),
      }),
    }),
    // A comment judges the learner: the answer kept for retries goes with the session.
    subjectOf: ({ params }) => params.id,
  }),
  defineRoute(op.update, {
    access: permission('coaching-session-read'),
    handler: async ({ params, body, origin, services }) => ({
      body: await editSessionComment(services, origin, params, body),
    }),
  }),
  defineRoute(op.delete, {
    access: permission('coaching-session-read'),
    handler: ({ params, origin, services }) => deleteSessionComment(services, origin, params),
  }),
];

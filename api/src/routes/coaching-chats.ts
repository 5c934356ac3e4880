import {
  askCoachingChat,
  deleteCoachingChat,
  listCoachingChats,
  readCoachingChat,
  renameCoachingChat,
  startCoachingChat,
} from '@ai-coaching/application';
import { coachingChatOperations as op } from '@ai-coaching/contracts';
import { deleteHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

// The spec's chat-* permissions guard the operation; the use cases decide, per session, who may: readers of the
// session read its conversations, and only its player starts, asks, renames and deletes them.
export const coachingChatRoutes = [
  defineRoute(op.list, { access: permission('chat-read'), handler: readHandler(listCoachingChats) }),
  defineRoute(op.create, {
    access: permission('chat-create'),
    handler: async ({ params, body, origin, services }) => ({
      status: 201,
      body: await startCoachingChat(services, origin, params.id, body),
    }),
    // A conversation about the session (its title included) is the session's personal data.
    subjectOf: ({ params }) => params.id,
  }),
  defineRoute(op.read, { access: permission('chat-read'), handler: readHandler(readCoachingChat) }),
  defineRoute(op.rename, { access: permission('chat-update'), handler: updateHandler(renameCoachingChat) }),
  defineRoute(op.delete, { access: permission('chat-delete'), handler: deleteHandler(deleteCoachingChat) }),
  // Asking adds to the conversation: the spec's `chat-update`.
  defineRoute(op.ask, { access: permission('chat-update'), handler: updateHandler(askCoachingChat) }),
];

import {
  askCoachingChat,
  deleteCoachingChat,
  listCoachingChats,
  readCoachingChat,
  renameCoachingChat,
  startCoachingChat,
} from '@ai-coaching/application';
import { coachingChatOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

// The spec's chat-* permissions guard the operation; the use cases decide, per session, who may: readers of the
// session read its conversations, and only its player starts, asks, renames and deletes them.
export const coachingChatRoutes = [
  defineRoute(op.list, {
    access: permission('chat-read'),
    handler: async ({ params, origin, services }) => ({ body: await listCoachingChats(services, origin, params.id) }),
  }),
  defineRoute(op.create, {
    access: permission('chat-create'),
    handler: async ({ params, body, origin, services }) => ({
      status: 201,
      body: await startCoachingChat(services, origin, params.id, body),
    }),
    // A conversation about the session (its title included) is the session's personal data.
    subjectOf: ({ params }) => params.id,
  }),
  defineRoute(op.read, {
    access: permission('chat-read'),
    handler: async ({ params, origin, services }) => ({ body: await readCoachingChat(services, origin, params.id) }),
  }),
  defineRoute(op.rename, {
    access: permission('chat-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await renameCoachingChat(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.delete, {
    access: permission('chat-delete'),
    handler: ({ params, origin, services }) => deleteCoachingChat(services, origin, params.id),
  }),
  // Asking adds to the conversation: the spec's `chat-update`.
  defineRoute(op.ask, {
    access: permission('chat-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await askCoachingChat(services, origin, params.id, body),
    }),
  }),
];

import { COACHING_CHAT_QUESTION_MAX, COACHING_CHAT_TITLE_MAX } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// "Ask the coach" (docs/coaching-sessions.md): conversations with an AI coach about one ended session, guarded by
// the spec's chat-* permissions. A question and the coach's answer are one exchange, recorded together.

const exchangeSchema = z.strictObject({
  /** The client's message id: the same question resent under it is answered once. */
  id: text(),
  question: text(),
  answer: text(),
  at: text(),
});

const chatShape = {
  id: text(),
  session_id: text(),
  organization_id: text(),
  /** The session's player, who asks; readers of the session only read. */
  user_id: text(),
  /** null: untitled (the client shows a title of its own in the reader's language). */
  title: text().nullable(),
  exchange_count: z.number().int(),
  created_at: text(),
  updated_at: text(),
};

export const coachingChatSchema = z.strictObject({ ...chatShape, exchanges: z.array(exchangeSchema) });
export const coachingChatSummarySchema = z.strictObject(chatShape);
export const coachingChatListSchema = z.strictObject({ items: z.array(coachingChatSummarySchema) });
export const coachingChatExchangeSchema = exchangeSchema;

const titleField = text().trim().min(1).max(COACHING_CHAT_TITLE_MAX);

const sessionNotFound = {
  description: '`coaching_session_not_found`: no session with this id that the caller may read.',
};
const chatNotFound = {
  description:
    '`coaching_chat_not_found`: no conversation with this id about a session the caller may read (or, to change it, play).',
};
const chatAnswer = { description: 'The conversation.', schema: coachingChatSchema };

export const coachingChatOperations = defineOperations(
  { name: 'coachingChats', tag: 'Coaching: ask the coach' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/chats',
      summary: 'The conversations with the coach about a session the caller may read, newest first.',
      params: idParams,
      responses: {
        200: { description: 'The conversations, without their exchanges.', schema: coachingChatListSchema },
        404: sessionNotFound,
      },
    },
    create: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/chats',
      summary: 'Start a conversation with the coach about one of the caller’s own ended sessions.',
      params: idParams,
      idempotent: true,
      body: closed(z.object({ title: titleField.optional() })),
      responses: {
        201: chatAnswer,
        404: {
          description:
            '`coaching_session_not_found`: no session with this id that the caller may read; `idempotent_answer_erased`: a retry with the `Idempotency-Key` of a request whose session was deleted since (its kept answer went with it).',
        },
        409: { description: '`coaching_chat_session_playing`: the session has not ended yet.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/chats/:id',
      summary: 'One conversation with every exchange, oldest first.',
      params: idParams,
      responses: { 200: chatAnswer, 404: chatNotFound },
    },
    rename: {
      method: 'PATCH',
      path: '/v1/chats/:id',
      summary: 'Rename one of the caller’s conversations.',
      params: idParams,
      body: closed(z.object({ title: titleField })),
      responses: { 200: chatAnswer, 404: chatNotFound },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/chats/:id',
      summary: 'Delete one of the caller’s conversations.',
      params: idParams,
      responses: { 204: { description: 'Deleted.' }, 404: chatNotFound },
    },
    ask: {
      method: 'POST',
      path: '/v1/chats/:id/messages',
      summary:
        'Ask the coach a question and get its whole answer. Resend under the same `message_id` after a failure: it is answered and recorded once.',
      params: idParams,
      body: closed(
        z.object({
          text: text().trim().min(1).max(COACHING_CHAT_QUESTION_MAX),
          message_id: idSchema.optional(),
        }),
      ),
      responses: {
        200: { description: 'The question with the coach’s answer.', schema: coachingChatExchangeSchema },
        404: chatNotFound,
        409: {
          description:
            '`coaching_chat_message_id_reused` (`details.message_id`): that id was used for another question; `coaching_chat_full` (`details.max`).',
        },
        503: {
          description:
            '`coaching_chat_reply_failed`: the AI provider did not answer (`details.reason`, `details.message_id`); nothing was recorded, send the same message again.',
        },
      },
    },
  },
);

export type CoachingChatAnswer = z.input<typeof coachingChatSchema>;
export type CoachingChatSummaryAnswer = z.input<typeof coachingChatSummarySchema>;
export type CoachingChatListAnswer = z.input<typeof coachingChatListSchema>;
export type CoachingChatExchangeAnswer = z.input<typeof coachingChatExchangeSchema>;

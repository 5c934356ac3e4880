import { SESSION_COMMENT_BODY_MAX, SESSION_COMMENT_VISIBILITIES } from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { defineOperations } from './http/operation.js';

// Manager review (docs/programs.md, "Manager review"): comments on a coaching session, on the whole session or on one
// turn of its transcript, by the readers of others' sessions (`coaching-session-check-other`), read by its learner
// when they are for the learner, and answered by them.

export const coachingSessionCommentSchema = z.strictObject({
  id: text(),
  session_id: text(),
  /** The turn it is about, by its position in the session's `turns` (from 0); null: the whole session. */
  turn_index: z.number().int().nullable(),
  body: text(),
  /** `learner`: the session's learner reads it too; `managers`: its reviewers only. A reply has its thread's. */
  visibility: z.enum(SESSION_COMMENT_VISIBILITIES),
  /** The comment it answers; null for one that starts a thread. */
  reply_to: text().nullable(),
  /** Empty names: the account is gone. */
  author: z.strictObject({ user_id: text(), first_name: text(), last_name: text() }),
  created_at: text(),
  /** null: never edited. */
  edited_at: text().nullable(),
});
export const coachingSessionCommentListSchema = z.strictObject({ items: z.array(coachingSessionCommentSchema) });

const bodyField = text().trim().min(1).max(SESSION_COMMENT_BODY_MAX);
const commentParams = z.object({ id: idSchema, comment_id: idSchema });

const sessionNotFound =
  '`coaching_session_not_found`: no session with this id whose comments the caller reads (their own, or another’s of their organization with `coaching-session-check-other`)';
const commentNotFound = {
  description: `${sessionNotFound}; \`session_comment_not_found\`: no comment with this id that the caller reads.`,
};
const commentAnswer = { description: 'The comment.', schema: coachingSessionCommentSchema };
const notAuthor = { description: '`session_comment_not_author`: only its author changes or deletes a comment.' };

export const coachingSessionCommentOperations = defineOperations(
  { name: 'coachingSessionComments', tag: 'Coaching: sessions' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/sessions/:id/comments',
      summary:
        'The comments on a session, oldest first: every comment for its reviewers; for its learner, those visible to the learner (their replies included).',
      params: z.object({ id: idSchema }),
      responses: {
        200: { description: 'The comments.', schema: coachingSessionCommentListSchema },
        404: { description: `${sessionNotFound}.` },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/coaching/sessions/:id/comments',
      summary:
        'Comment on an ended session, or on one of its turns (a reviewer, for the learner or the managers only), or answer a comment (a reviewer, or the learner on a comment they read). The learner is mailed a reviewer’s comment they read, and a comment’s author the learner’s reply. Send it again with the same `Idempotency-Key` and it is added once.',
      idempotent: true,
      params: z.object({ id: idSchema }),
      body: closed(
        z.object({
          body: bodyField,
          turn_index: z.number().int().min(0).nullable().optional(),
          visibility: z.enum(SESSION_COMMENT_VISIBILITIES).optional(),
          reply_to: idSchema.optional(),
        }),
      ),
      responses: {
        201: commentAnswer,
        400: {
          description:
            '`session_comment_turn_unknown` (`details.turns`), `session_comment_nested_reply`, `session_comment_reply_mismatch`, each naming its field in `details.issues`.',
        },
        403: {
          description:
            '`session_comment_learner_reply_only`: the learner answers comments, they do not start threads; `session_comment_visibility_forbidden`: a learner’s reply is never for the managers only.',
        },
        404: {
          description: `${sessionNotFound}; \`session_comment_not_found\`: \`reply_to\` names no comment the caller reads; \`idempotent_answer_erased\`: a retry with the \`Idempotency-Key\` of a request whose session was deleted since.`,
        },
        409: {
          description:
            '`session_comment_session_playing`: the session has not ended yet; `session_comment_exists`: the `Idempotency-Key` of another comment.',
        },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/coaching/sessions/:id/comments/:comment_id',
      summary: 'Change the body of one of the caller’s comments.',
      params: commentParams,
      body: closed(z.object({ body: bodyField })),
      responses: { 200: commentAnswer, 403: notAuthor, 404: commentNotFound },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/coaching/sessions/:id/comments/:comment_id',
      summary: 'Delete one of the caller’s comments, with the replies it has.',
      params: commentParams,
      responses: { 204: { description: 'Deleted.' }, 403: notAuthor, 404: commentNotFound },
    },
  },
);

export type CoachingSessionCommentAnswer = z.input<typeof coachingSessionCommentSchema>;
export type CoachingSessionCommentListAnswer = z.input<typeof coachingSessionCommentListSchema>;

import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import type { CoachingSessionCommentCommand } from './commands.js';
import {
  SESSION_COMMENT_BODY_MAX,
  type CoachingSessionCommentEvent,
  type SessionCommentFields,
  type SessionCommentVisibility,
} from './events.js';

export type SessionComment = Omit<SessionCommentFields, 'sessionId' | 'organizationId'> & { deleted: boolean };

/** A session's comment thread: every comment ever added, a deleted one marked so (its id is never reused). */
export type CoachingSessionCommentsState = { comments: Readonly<Record<string, SessionComment>> };

const commentNotFound = (field?: string) =>
  new NotFoundError('session_comment_not_found', 'This comment does not exist.', field ? { field } : undefined);

const checkedBody = (body: string): string =>
  boundedText(body, SESSION_COMMENT_BODY_MAX, {
    code: 'invalid_session_comment_body',
    message: `A comment has 1 to ${SESSION_COMMENT_BODY_MAX} characters.`,
    details: { max: SESSION_COMMENT_BODY_MAX, field: 'body' },
  });

const liveComment = (state: CoachingSessionCommentsState, commentId: string, field?: string): SessionComment => {
  const comment = state.comments[commentId];
  if (!comment || comment.deleted) throw commentNotFound(field);
  return comment;
};

const ownComment = (state: CoachingSessionCommentsState, commentId: string, userId: string): SessionComment => {
  const comment = liveComment(state, commentId);
  if (comment.authorId !== userId) {
    throw new ForbiddenError('session_comment_not_author', 'Only its author changes or deletes a comment.');
  }
  return comment;
};

const mismatch = (field: 'turn_index' | 'visibility') =>
  new ValidationError(
    'session_comment_reply_mismatch',
    'A reply is about the turn of the comment it answers, and is read by the same people.',
    { field },
  );

/** Where a new comment goes: a reply takes its thread's turn and visibility; a new thread names a turn or none. */
const placeOf = (
  state: CoachingSessionCommentsState,
  data: Extract<CoachingSessionCommentCommand, { type: 'AddCoachingSessionComment' }>['data'],
): { turnIndex: number | null; visibility: SessionCommentVisibility } => {
  const learner = data.authorRole === 'learner';
  if (data.replyTo !== null) {
    const thread = liveComment(state, data.replyTo, 'reply_to');
    // A learner never learns of a comment kept for the managers: answering one is answering a missing comment.
    if (learner && thread.visibility !== 'learner') throw commentNotFound('reply_to');
    if (thread.replyTo !== null) {
      throw new ValidationError(
        'session_comment_nested_reply',
        'Reply to the comment that starts the thread: a reply is not answered on its own.',
        { field: 'reply_to' },
      );
    }
    if (data.turnIndex !== null && data.turnIndex !== thread.turnIndex) throw mismatch('turn_index');
    if (data.visibility !== null && data.visibility !== thread.visibility) throw mismatch('visibility');
    return { turnIndex: thread.turnIndex, visibility: thread.visibility };
  }
  if (learner) {
    throw new ForbiddenError(
      'session_comment_learner_reply_only',
      'As the session’s learner, you reply to your reviewers’ comments: choose the comment you answer.',
      { field: 'reply_to' },
    );
  }
  if (data.turnIndex !== null && (data.turnIndex < 0 || data.turnIndex >= data.turnCount)) {
    throw new ValidationError('session_comment_turn_unknown', 'This session has no turn at this position.', {
      field: 'turn_index',
      turns: data.turnCount,
    });
  }
  return { turnIndex: data.turnIndex, visibility: data.visibility ?? 'learner' };
};

/**
 * The comments of one session (docs/programs.md, "Manager review"). Reviewers start threads, on the session or on a
 * turn, for the learner or for the managers only; the learner answers the threads they read; each author edits and
 * deletes their own. Every command is safe to repeat: a retried add, edit or delete appends nothing the second time.
 */
export const coachingSessionCommentsDecider: Decider<
  CoachingSessionCommentCommand,
  CoachingSessionCommentEvent,
  CoachingSessionCommentsState
> = {
  decide: decideByType({
    AddCoachingSessionComment: ({ data, metadata: { now } }, state) => {
      const body = checkedBody(data.body);
      const existing = state.comments[data.commentId];
      if (existing) {
        if (existing.authorId === data.authorId && existing.body === body && existing.replyTo === data.replyTo) {
          return [];
        }
        throw new ConflictError('session_comment_exists', 'This comment already exists.');
      }
      if (data.authorRole === 'learner' && data.visibility === 'managers') {
        throw new ForbiddenError(
          'session_comment_visibility_forbidden',
          'A learner’s reply is read by the learner and the reviewers: it cannot be for the managers only.',
          { field: 'visibility' },
        );
      }
      const { turnIndex, visibility } = placeOf(state, data);
      return [
        {
          type: 'CoachingSessionCommentAdded',
          data: {
            commentId: data.commentId,
            sessionId: data.sessionId,
            organizationId: data.organizationId,
            authorId: data.authorId,
            authorRole: data.authorRole,
            body,
            turnIndex,
            visibility,
            replyTo: data.replyTo,
            addedAt: now,
          },
        },
      ];
    },
    EditCoachingSessionComment: ({ data, metadata: { now } }, state) => {
      const comment = ownComment(state, data.commentId, data.editorId);
      const body = checkedBody(data.body);
      if (comment.body === body) return [];
      return [
        {
          type: 'CoachingSessionCommentEdited',
          data: { commentId: data.commentId, sessionId: data.sessionId, body, editedAt: now },
        },
      ];
    },
    DeleteCoachingSessionComment: ({ data, metadata: { now } }, state) => {
      if (state.comments[data.commentId]?.deleted) return [];
      ownComment(state, data.commentId, data.deleterId);
      return [
        {
          type: 'CoachingSessionCommentDeleted',
          data: { commentId: data.commentId, sessionId: data.sessionId, deletedAt: now },
        },
      ];
    },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CoachingSessionCommentAdded': {
        const { commentId, authorId, authorRole, body, turnIndex, visibility, replyTo } = event.data;
        const comment = { commentId, authorId, authorRole, body, turnIndex, visibility, replyTo, deleted: false };
        return { comments: { ...state.comments, [commentId]: comment } };
      }
      case 'CoachingSessionCommentEdited': {
        const comment = state.comments[event.data.commentId];
        if (!comment) return state;
        return { comments: { ...state.comments, [comment.commentId]: { ...comment, body: event.data.body } } };
      }
      case 'CoachingSessionCommentDeleted': {
        const gone = event.data.commentId;
        const comments = Object.fromEntries(
          Object.entries(state.comments).map(([id, comment]) => [
            id,
            id === gone || comment.replyTo === gone ? { ...comment, deleted: true } : comment,
          ]),
        );
        return { comments };
      }
      default:
        return state;
    }
  },
  initialState: () => ({ comments: {} }),
};

import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { AddCoachingSessionComment, CoachingSessionCommentCommand } from './commands.js';
import { coachingSessionCommentsDecider } from './decider.js';
import { SESSION_COMMENT_BODY_MAX, type CoachingSessionCommentEvent } from './events.js';

const given = DeciderSpecification.for(coachingSessionCommentsDecider);
const now = '2026-11-25T10:00:00.000Z';
const earlier = '2026-11-25T09:00:00.000Z';

type AddData = AddCoachingSessionComment['data'];
const add = (data: Partial<AddData> = {}): CoachingSessionCommentCommand => ({
  type: 'AddCoachingSessionComment',
  data: {
    commentId: 'c1',
    sessionId: 's1',
    organizationId: 'org-1',
    authorId: 'manager',
    authorRole: 'reviewer',
    body: 'Good open question.',
    turnIndex: null,
    turnCount: 4,
    visibility: null,
    replyTo: null,
    ...data,
  },
  metadata: { now },
});
const added = (data: Partial<AddData> & { addedAt?: string } = {}): CoachingSessionCommentEvent => {
  const {
    turnCount: _turns,
    visibility = 'learner',
    addedAt = earlier,
    ...rest
  } = {
    commentId: 'c1',
    sessionId: 's1',
    organizationId: 'org-1',
    authorId: 'manager',
    authorRole: 'reviewer' as const,
    body: 'Good open question.',
    turnIndex: null as number | null,
    turnCount: 4,
    replyTo: null as string | null,
    ...data,
  };
  return {
    type: 'CoachingSessionCommentAdded',
    data: {
      commentId: rest.commentId,
      sessionId: rest.sessionId,
      organizationId: rest.organizationId,
      authorId: rest.authorId,
      authorRole: rest.authorRole,
      body: rest.body,
      turnIndex: rest.turnIndex,
      visibility: visibility ?? 'learner',
      replyTo: rest.replyTo,
      addedAt,
    },
  };
};
const learnerReply = (data: Partial<AddData> = {}) =>
  add({ commentId: 'r1', authorId: 'learner', authorRole: 'learner', body: 'Thanks!', replyTo: 'c1', ...data });
const edit = (editorId: string, body: string, commentId = 'c1'): CoachingSessionCommentCommand => ({
  type: 'EditCoachingSessionComment',
  data: { sessionId: 's1', commentId, editorId, body },
  metadata: { now },
});
const remove = (deleterId: string, commentId = 'c1'): CoachingSessionCommentCommand => ({
  type: 'DeleteCoachingSessionComment',
  data: { sessionId: 's1', commentId, deleterId },
  metadata: { now },
});
const deleted = (commentId = 'c1'): CoachingSessionCommentEvent => ({
  type: 'CoachingSessionCommentDeleted',
  data: { commentId, sessionId: 's1', deletedAt: earlier },
});

describe('the comments of a coaching session', () => {
  describe('a reviewer’s comment', () => {
    it('is on the whole session and for the learner unless said otherwise, trimmed', () => {
      given([])
        .when(add({ body: '  Good open question.  ' }))
        .then([added({ addedAt: now })]);
    });

    it('names a turn of the transcript, for the learner or the managers only', () => {
      given([])
        .when(add({ turnIndex: 3, visibility: 'managers' }))
        .then([added({ turnIndex: 3, visibility: 'managers', addedAt: now })]);
    });

    it('refuses a turn the session does not have', () => {
      given([])
        .when(add({ turnIndex: 4 }))
        .thenThrows(ValidationError, isCode('session_comment_turn_unknown'));
      given([])
        .when(add({ turnIndex: -1 }))
        .thenThrows(ValidationError, isCode('session_comment_turn_unknown'));
    });

    it(`refuses an empty body, or one over ${SESSION_COMMENT_BODY_MAX} characters`, () => {
      given([])
        .when(add({ body: '   ' }))
        .thenThrows(ValidationError, isCode('invalid_session_comment_body'));
      given([])
        .when(add({ body: 'x'.repeat(SESSION_COMMENT_BODY_MAX + 1) }))
        .thenThrows(ValidationError, isCode('invalid_session_comment_body'));
      given([])
        .when(add({ body: 'x'.repeat(SESSION_COMMENT_BODY_MAX) }))
        .then([added({ body: 'x'.repeat(SESSION_COMMENT_BODY_MAX), addedAt: now })]);
    });

    it('is added once when the same request is retried, and its id is never another comment’s', () => {
      given([added()]).when(add()).thenNothing();
      given([added()])
        .when(add({ body: 'Something else.' }))
        .thenThrows(ConflictError, isCode('session_comment_exists'));
      given([added(), deleted()])
        .when(add({ body: 'Something else.' }))
        .thenThrows(ConflictError, isCode('session_comment_exists'));
    });
  });

  describe('a reply', () => {
    it('by the learner answers a comment they read, on its turn and for the same readers', () => {
      given([added({ turnIndex: 2 })])
        .when(learnerReply())
        .then([
          added({
            commentId: 'r1',
            authorId: 'learner',
            authorRole: 'learner',
            body: 'Thanks!',
            turnIndex: 2,
            replyTo: 'c1',
            addedAt: now,
          }),
        ]);
    });

    it('by a reviewer goes in the thread too, managers-only when the thread is', () => {
      given([added({ visibility: 'managers' })])
        .when(add({ commentId: 'r2', authorId: 'other-manager', replyTo: 'c1' }))
        .then([
          added({ commentId: 'r2', authorId: 'other-manager', visibility: 'managers', replyTo: 'c1', addedAt: now }),
        ]);
    });

    it('is not the learner’s to start a thread with, nor to keep for the managers', () => {
      given([])
        .when(learnerReply({ replyTo: null }))
        .thenThrows(ForbiddenError, isCode('session_comment_learner_reply_only'));
      given([added()])
        .when(learnerReply({ visibility: 'managers' }))
        .thenThrows(ForbiddenError, isCode('session_comment_visibility_forbidden'));
    });

    it('answers a managers-only comment, for the learner, as a missing comment', () => {
      given([added({ visibility: 'managers' })])
        .when(learnerReply())
        .thenThrows(NotFoundError, isCode('session_comment_not_found'));
      given([]).when(learnerReply()).thenThrows(NotFoundError, isCode('session_comment_not_found'));
      given([added(), deleted()]).when(learnerReply()).thenThrows(NotFoundError, isCode('session_comment_not_found'));
    });

    it('answers the comment that starts the thread, on its turn and for its readers', () => {
      const reply = added({ commentId: 'r1', authorId: 'learner', authorRole: 'learner', replyTo: 'c1' });
      given([added(), reply])
        .when(add({ commentId: 'r2', replyTo: 'r1' }))
        .thenThrows(ValidationError, isCode('session_comment_nested_reply'));
      given([added({ turnIndex: 1 })])
        .when(add({ commentId: 'r2', replyTo: 'c1', turnIndex: 2 }))
        .thenThrows(
          ValidationError,
          (e) => e.code === 'session_comment_reply_mismatch' && e.details?.field === 'turn_index',
        );
      given([added()])
        .when(add({ commentId: 'r2', replyTo: 'c1', visibility: 'managers' }))
        .thenThrows(
          ValidationError,
          (e) => e.code === 'session_comment_reply_mismatch' && e.details?.field === 'visibility',
        );
    });
  });

  describe('editing and deleting', () => {
    it('lets the author change the body; the same body again changes nothing', () => {
      given([added()])
        .when(edit('manager', ' Better: an open question. '))
        .then([
          {
            type: 'CoachingSessionCommentEdited',
            data: { commentId: 'c1', sessionId: 's1', body: 'Better: an open question.', editedAt: now },
          },
        ]);
      given([added()]).when(edit('manager', 'Good open question.')).thenNothing();
      given([added()]).when(edit('manager', '')).thenThrows(ValidationError, isCode('invalid_session_comment_body'));
    });

    it('refuses anyone but the author', () => {
      given([added()])
        .when(edit('learner', 'Mine now.'))
        .thenThrows(ForbiddenError, isCode('session_comment_not_author'));
      given([added()]).when(remove('other-manager')).thenThrows(ForbiddenError, isCode('session_comment_not_author'));
    });

    it('deletes once, and a deleted comment is neither edited nor answered, nor are its replies', () => {
      const reply = added({ commentId: 'r1', authorId: 'learner', authorRole: 'learner', replyTo: 'c1' });
      given([added(), reply])
        .when(remove('manager'))
        .then([{ type: 'CoachingSessionCommentDeleted', data: { commentId: 'c1', sessionId: 's1', deletedAt: now } }]);
      given([added(), deleted()]).when(remove('manager')).thenNothing();
      given([added(), deleted()])
        .when(edit('manager', 'Again.'))
        .thenThrows(NotFoundError, isCode('session_comment_not_found'));
      given([added(), reply, deleted()])
        .when(edit('learner', 'Still here?', 'r1'))
        .thenThrows(NotFoundError, isCode('session_comment_not_found'));
      given([]).when(remove('manager')).thenThrows(NotFoundError, isCode('session_comment_not_found'));
    });
  });
});

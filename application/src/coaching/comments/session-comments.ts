import type { CoachingSessionCommentAnswer, CoachingSessionCommentListAnswer } from '@ai-coaching/contracts';
import {
  coachingSessionCommentsDecider,
  coachingSessionCommentsStreamId,
  ConflictError,
  isTerminalCoachingSessionStatus,
  NotFoundError,
  type SessionCommentAuthorRole,
  type SessionCommentVisibility,
} from '@ai-coaching/domain';
import {
  findCoachingSessionComment,
  findUser,
  listCoachingSessionComments as queryComments,
  type CoachingSessionCommentView,
  type CoachingSessionView,
} from '@ai-coaching/projections';
import { deterministicId } from '@ai-coaching/platform';
import type { AppServices, Origin } from '../../app-services.js';
import { streamCommandRunner } from '../../commands/stream-commands.js';
import { signedInUser, type UserCaller } from '../../tenancy/scope.js';
import { mayCheckOthers, sessionNotFound, visibleSession } from '../sessions/visibility.js';
import { noticeComment } from './comment-notices.js';

// Manager review (docs/programs.md, "Manager review"): the readers of another's session with
// `coaching-session-check-other` comment on it, on the session or on one of its turns, for its learner or for the
// managers only; its learner reads what is for them and answers it. One thread per session, on its own stream.

const run = streamCommandRunner(coachingSessionCommentsStreamId, coachingSessionCommentsDecider);

const commentNotFound = () => new NotFoundError('session_comment_not_found', 'This comment does not exist.');

type Commenter = { session: CoachingSessionView; role: SessionCommentAuthorRole };

/**
 * Who the caller is to the session's comments: its learner (the player), or a reviewer (another's session of their
 * own organization, with `coaching-session-check-other`). Anyone else, a sharer of a guest's link or a super-admin of
 * another organization included, finds no session, as for a missing one.
 */
const commenterOf = async (services: AppServices, caller: UserCaller, sessionId: string): Promise<Commenter> => {
  const session = await visibleSession(services, caller, sessionId, 'read');
  if (session.userId === caller.userId) return { session, role: 'learner' };
  if (mayCheckOthers(caller) && session.organizationId === caller.organizationId) {
    return { session, role: 'reviewer' };
  }
  throw sessionNotFound();
};

/** What the learner reads: the comments for them (their own replies are, since a reply has its thread's readers). */
const readsComment = (role: SessionCommentAuthorRole, visibility: SessionCommentVisibility) =>
  role === 'reviewer' || visibility === 'learner';

const authorsOf = async (services: AppServices, comments: readonly CoachingSessionCommentView[]) => {
  const names = new Map<string, { first_name: string; last_name: string }>();
  for (const authorId of new Set(comments.map((comment) => comment.authorId))) {
    const user = await findUser(services.db, authorId);
    names.set(authorId, { first_name: user?.firstName ?? '', last_name: user?.lastName ?? '' });
  }
  return names;
};

const answersOf = async (
  services: AppServices,
  comments: readonly CoachingSessionCommentView[],
): Promise<CoachingSessionCommentAnswer[]> => {
  const authors = await authorsOf(services, comments);
  return comments.map((comment) => ({
    id: comment.commentId,
    session_id: comment.sessionId,
    turn_index: comment.turnIndex,
    body: comment.body,
    visibility: comment.visibility,
    reply_to: comment.replyTo,
    author: { user_id: comment.authorId, ...(authors.get(comment.authorId) ?? { first_name: '', last_name: '' }) },
    created_at: comment.createdAt,
    edited_at: comment.editedAt,
  }));
};

const answerOf = async (services: AppServices, commentId: string): Promise<CoachingSessionCommentAnswer> => {
  const comment = await findCoachingSessionComment(services.db, commentId);
  if (!comment) throw commentNotFound();
  return (await answersOf(services, [comment]))[0]!;
};

/** The session's comments the caller reads, oldest first. */
export const listSessionComments = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingSessionCommentListAnswer> => {
  const { role } = await commenterOf(services, signedInUser(origin.caller), sessionId);
  const comments = await queryComments(services.db, sessionId, { learnerOnly: role === 'learner' });
  return { items: await answersOf(services, comments) };
};

/**
 * A reviewer's comment, or a reply (a reviewer's, or the learner's to a comment they read), on an ended session. Its id
 * derives from the request's `Idempotency-Key` when it has one, so a retried request comments, and mails, once.
 */
export const addSessionComment = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
  input: {
    body: string;
    turn_index?: number | null | undefined;
    visibility?: SessionCommentVisibility | undefined;
    reply_to?: string | undefined;
    idempotencyKey?: string | undefined;
  },
): Promise<CoachingSessionCommentAnswer> => {
  const caller = signedInUser(origin.caller);
  const { session, role } = await commenterOf(services, caller, sessionId);
  if (!isTerminalCoachingSessionStatus(session.status)) {
    throw new ConflictError(
      'session_comment_session_playing',
      'This session is still playing: comment on it once it has ended.',
      { status: session.status },
    );
  }
  const commentId = input.idempotencyKey
    ? deterministicId('session-comment', caller.userId, sessionId, input.idempotencyKey)
    : services.ids.newId();
  await run(
    services,
    origin,
    sessionId,
    {
      type: 'AddCoachingSessionComment',
      data: {
        commentId,
        sessionId,
        organizationId: session.organizationId,
        authorId: caller.userId,
        authorRole: role,
        body: input.body,
        turnIndex: input.turn_index ?? null,
        turnCount: session.turnCount,
        visibility: input.visibility ?? null,
        replyTo: input.reply_to ?? null,
      },
    },
    `session-comment-${commentId}`,
  );
  const comment = await findCoachingSessionComment(services.db, commentId);
  if (!comment) throw commentNotFound();
  await noticeComment(services, session, comment);
  return answerOf(services, commentId);
};

/** A comment of the session the caller reads; their own, to change it (the decider says who its author is). */
const readableComment = async (services: AppServices, caller: UserCaller, sessionId: string, commentId: string) => {
  const { role } = await commenterOf(services, caller, sessionId);
  const comment = await findCoachingSessionComment(services.db, commentId);
  if (!comment || comment.sessionId !== sessionId || !readsComment(role, comment.visibility)) throw commentNotFound();
  return comment;
};

export const editSessionComment = async (
  services: AppServices,
  origin: Origin,
  ids: { id: string; comment_id: string },
  input: { body: string },
): Promise<CoachingSessionCommentAnswer> => {
  const caller = signedInUser(origin.caller);
  await readableComment(services, caller, ids.id, ids.comment_id);
  await run(services, origin, ids.id, {
    type: 'EditCoachingSessionComment',
    data: { sessionId: ids.id, commentId: ids.comment_id, editorId: caller.userId, body: input.body },
  });
  return answerOf(services, ids.comment_id);
};

export const deleteSessionComment = async (
  services: AppServices,
  origin: Origin,
  ids: { id: string; comment_id: string },
): Promise<void> => {
  const caller = signedInUser(origin.caller);
  await readableComment(services, caller, ids.id, ids.comment_id);
  await run(services, origin, ids.id, {
    type: 'DeleteCoachingSessionComment',
    data: { sessionId: ids.id, commentId: ids.comment_id, deleterId: caller.userId },
  });
};

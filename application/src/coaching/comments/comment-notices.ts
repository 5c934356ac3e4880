import {
  findCoachingSessionComment,
  findUser,
  type CoachingSessionCommentView,
  type CoachingSessionView,
} from '@ai-coaching/projections';
import type { AppServices } from '../../app-services.js';
import { postNotice } from '../../notices/notices.js';
import { MAIL_NAME_MAX, mailGreetingOf, mailRecipientOf, sendMailJob } from '../../jobs/mail/send-mail.job.js';

/** Who hears of a new comment: its session's learner of a reviewer's comment for them; a comment's author of a reply. */
const recipientOf = async (
  services: AppServices,
  session: CoachingSessionView,
  comment: CoachingSessionCommentView,
): Promise<{ userId: string; reply: boolean } | null> => {
  if (comment.authorRole === 'reviewer') {
    // A guest's session has no learner to tell; a managers-only comment is not theirs to hear of.
    if (comment.visibility !== 'learner' || session.userId === null || session.userId === comment.authorId) return null;
    return { userId: session.userId, reply: false };
  }
  if (comment.replyTo === null) return null;
  const thread = await findCoachingSessionComment(services.db, comment.replyTo);
  if (!thread || thread.authorId === comment.authorId) return null;
  return { userId: thread.authorId, reply: true };
};

const nameOf = (user: { firstName: string; lastName: string; email: string }) =>
  (`${user.firstName} ${user.lastName}`.trim() || user.email).slice(0, MAIL_NAME_MAX);

/**
 * Tells the one person a new comment is for, in the app and by mail (docs/programs.md, "Manager review"), in their language, once: the job's
 * id is the comment's, so a retried request sends nothing twice. An account that is not active is not mailed. A
 * failure to queue is logged, never the comment's failure.
 */
export const noticeComment = async (
  services: AppServices,
  session: CoachingSessionView,
  comment: CoachingSessionCommentView,
): Promise<void> => {
  const recipient = await recipientOf(services, session, comment);
  if (!recipient) return;
  const [to, author] = await Promise.all([
    findUser(services.db, recipient.userId),
    findUser(services.db, comment.authorId),
  ]);
  if (!to || to.status !== 'active' || !author) return;
  await postNotice(services, {
    userId: to.userId,
    organizationId: session.organizationId,
    noticeId: `comment-${comment.commentId}`,
    kind: recipient.reply ? 'session_comment_reply' : 'session_comment',
    params: { authorName: nameOf(author) },
    link: `/apps/ai-coaching/session/result-${session.sessionId}`,
  });
  await services.queue
    .enqueue(
      sendMailJob,
      {
        template: 'session-comment',
        ...mailRecipientOf(to),
        organizationId: session.organizationId,
        params: {
          firstName: mailGreetingOf(to),
          authorName: nameOf(author),
          reply: recipient.reply,
          sessionUrl: `${services.config.publicUrl}/apps/ai-coaching/session/result-${session.sessionId}`,
          playedAt: session.startedAt,
        },
      },
      { jobId: `session-comment-${comment.commentId}` },
    )
    .catch((error: unknown) =>
      services.logger.error({ err: error, commentId: comment.commentId }, 'could not queue a session comment notice'),
    );
};

import type { Command } from '../../shared/command.js';
import type { SessionCommentAuthorRole, SessionCommentVisibility } from './events.js';

export type AddCoachingSessionComment = Command<
  'AddCoachingSessionComment',
  {
    commentId: string;
    sessionId: string;
    organizationId: string;
    authorId: string;
    authorRole: SessionCommentAuthorRole;
    body: string;
    /** As asked; a reply takes the turn of the comment it answers. */
    turnIndex: number | null;
    /** How many turns the session's transcript has: a comment names one of them. */
    turnCount: number;
    /** As asked; absent: the thread's for a reply, else `learner`. */
    visibility: SessionCommentVisibility | null;
    replyTo: string | null;
  }
>;

export type EditCoachingSessionComment = Command<
  'EditCoachingSessionComment',
  { sessionId: string; commentId: string; editorId: string; body: string }
>;

export type DeleteCoachingSessionComment = Command<
  'DeleteCoachingSessionComment',
  { sessionId: string; commentId: string; deleterId: string }
>;

export type CoachingSessionCommentCommand =
  AddCoachingSessionComment | EditCoachingSessionComment | DeleteCoachingSessionComment;

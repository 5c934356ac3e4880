import type { Command } from '../../shared/command.js';
import type { SessionCommentFields, SessionCommentVisibility } from './events.js';

/** `turnIndex` as asked (a reply takes the turn of the comment it answers). */
export type AddCoachingSessionComment = Command<
  'AddCoachingSessionComment',
  Omit<SessionCommentFields, 'visibility'> & {
    /** How many turns the session's transcript has: a comment names one of them. */
    turnCount: number;
    /** As asked; absent: the thread's for a reply, else `learner`. */
    visibility: SessionCommentVisibility | null;
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

// Manager review (docs/programs.md, "Manager review"): the comments on one coaching session, on the session or on one
// of its turns, are one thread per session on a stream of their own, apart from the session's, so commenting never
// races the session, its reports or its chats.

export const coachingSessionCommentsStreamId = (sessionId: string): string => `coaching-session-comments-${sessionId}`;

export const SESSION_COMMENT_BODY_MAX = 2000;

/** Who reads a comment: the session's learner and its reviewers, or the reviewers only. */
export const SESSION_COMMENT_VISIBILITIES = ['learner', 'managers'] as const;
export type SessionCommentVisibility = (typeof SESSION_COMMENT_VISIBILITIES)[number];

/**
 * Who wrote it: a reviewer (a reader of another's session with `coaching-session-check-other`), or the session's
 * learner, who only replies. The use case decides which the caller is; the decider holds each to its rules.
 */
export type SessionCommentAuthorRole = 'reviewer' | 'learner';

/** A comment as added: what the decider keeps of it, the read model shows, and a command asks for. */
export type SessionCommentFields = {
  commentId: string;
  /** Its session: the body judges the learner, so it is that session's personal data, shredded with it. */
  sessionId: string;
  organizationId: string;
  authorId: string;
  authorRole: SessionCommentAuthorRole;
  body: string;
  /** The turn it is about, by its position in the session's transcript (from 0); null: the whole session. */
  turnIndex: number | null;
  visibility: SessionCommentVisibility;
  /** The comment it answers (a thread is one level deep); null for a comment that starts a thread. */
  replyTo: string | null;
};

export type CoachingSessionCommentAdded = {
  type: 'CoachingSessionCommentAdded';
  data: SessionCommentFields & { addedAt: string };
};

export type CoachingSessionCommentEdited = {
  type: 'CoachingSessionCommentEdited';
  data: { commentId: string; sessionId: string; body: string; editedAt: string };
};

/** A comment that starts a thread takes its replies with it. */
export type CoachingSessionCommentDeleted = {
  type: 'CoachingSessionCommentDeleted';
  data: { commentId: string; sessionId: string; deletedAt: string };
};

export type CoachingSessionCommentEvent =
  CoachingSessionCommentAdded | CoachingSessionCommentEdited | CoachingSessionCommentDeleted;

// Notices in the app (docs/notices.md): what a user is told of, besides the mail, on a stream per user. A notice holds
// what its text needs (a program's name, a due date), never a comment or a transcript: those stay with their session.

export const userNoticesStreamId = (userId: string): string => `user-notices-${userId}`;

/** What a notice is about; the client words each in the reader's language from its kind and params. */
export const USER_NOTICE_KINDS = [
  'assignment_assigned',
  'assignment_reminder',
  'assignment_passed',
  'session_comment',
  'session_comment_reply',
] as const;
export type UserNoticeKind = (typeof USER_NOTICE_KINDS)[number];

/** A notice's words: short strings and numbers only. */
export type UserNoticeParams = Readonly<Record<string, string | number>>;

export type UserNoticePosted = {
  type: 'UserNoticePosted';
  data: {
    userId: string;
    organizationId: string;
    /** Given by its cause (the assignment and reminder, the comment): posting it again adds nothing. */
    noticeId: string;
    kind: UserNoticeKind;
    params: UserNoticeParams;
    /** Where it leads in the app: a path of the client. */
    link: string;
    postedAt: string;
  };
};

export type UserNoticesRead = {
  type: 'UserNoticesRead';
  data: { userId: string; noticeIds: string[]; readAt: string };
};

export type UserNoticeEvent = UserNoticePosted | UserNoticesRead;

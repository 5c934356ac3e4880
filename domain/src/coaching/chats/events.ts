// A conversation with the coach about one ended coaching session (docs/coaching-sessions.md, "Ask the coach"): one
// stream per chat, apart from the session's, so asking the coach never races the session or its reports.

export const coachingChatStreamId = (chatId: string): string => `coaching-chat-${chatId}`;

export const COACHING_CHAT_TITLE_MAX = 200;
export const COACHING_CHAT_QUESTION_MAX = 2000;
/** A bound on what one conversation sends a provider: the whole conversation goes with every question. */
export const COACHING_CHAT_MAX_EXCHANGES = 50;

export type CoachingChatStarted = {
  type: 'CoachingChatStarted';
  data: {
    chatId: string;
    sessionId: string;
    organizationId: string;
    /** The session's player: the only one who asks; readers of the session only read. */
    userId: string;
    /** null: the client shows its own default title, in the reader's language. */
    title: string | null;
    startedAt: string;
  };
};

/**
 * A question and the coach's whole answer, recorded together: a provider that fails records nothing, so a
 * conversation never holds a question without its answer, and resending the same message id asks again.
 */
export type CoachingChatExchangeRecorded = {
  type: 'CoachingChatExchangeRecorded';
  /** `sessionId` too: the exchange quotes the session's transcript, so it is that session's personal data. */
  data: { chatId: string; sessionId: string; messageId: string; question: string; answer: string; askedAt: string };
};

export type CoachingChatRenamed = {
  type: 'CoachingChatRenamed';
  data: { chatId: string; sessionId: string; title: string; renamedAt: string };
};

export type CoachingChatDeleted = {
  type: 'CoachingChatDeleted';
  data: { chatId: string; deletedAt: string };
};

export type CoachingChatEvent =
  CoachingChatStarted | CoachingChatExchangeRecorded | CoachingChatRenamed | CoachingChatDeleted;

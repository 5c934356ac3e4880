import type { Command } from '../../shared/command.js';

export type StartCoachingChat = Command<
  'StartCoachingChat',
  { chatId: string; sessionId: string; organizationId: string; userId: string; title: string | null }
>;

/** Sent once the provider has answered in full: the question and its answer are recorded together, or not at all. */
export type RecordCoachingChatExchange = Command<
  'RecordCoachingChatExchange',
  { chatId: string; messageId: string; question: string; answer: string }
>;

export type RenameCoachingChat = Command<'RenameCoachingChat', { chatId: string; title: string }>;

export type DeleteCoachingChat = Command<'DeleteCoachingChat', { chatId: string }>;

export type CoachingChatCommand =
  StartCoachingChat | RecordCoachingChatExchange | RenameCoachingChat | DeleteCoachingChat;

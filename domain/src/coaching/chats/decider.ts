import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import type { CoachingChatCommand } from './commands.js';
import {
  COACHING_CHAT_MAX_EXCHANGES,
  COACHING_CHAT_QUESTION_MAX,
  COACHING_CHAT_TITLE_MAX,
  type CoachingChatEvent,
} from './events.js';

export type CoachingChatExchange = { messageId: string; question: string; answer: string; askedAt: string };

export type ExistingCoachingChat = {
  status: 'active' | 'deleted';
  chatId: string;
  sessionId: string;
  organizationId: string;
  userId: string;
  title: string | null;
  exchanges: CoachingChatExchange[];
};

export type CoachingChatState = { status: 'none' } | ExistingCoachingChat;

const chatNotFound = () => new NotFoundError('coaching_chat_not_found', 'This conversation does not exist.');

const checkedTitle = (title: string): string =>
  boundedText(title, COACHING_CHAT_TITLE_MAX, {
    code: 'invalid_coaching_chat_title',
    message: `A conversation title has 1 to ${COACHING_CHAT_TITLE_MAX} characters.`,
    details: { max: COACHING_CHAT_TITLE_MAX, field: 'title' },
  });

/** The chat a command may act on: a deleted one, like one never started, is not found. */
const activeChat = (state: CoachingChatState): ExistingCoachingChat => {
  if (state.status !== 'active') throw chatNotFound();
  return state;
};

/**
 * What asking `question` under `messageId` would do, before anyone asks a provider: the exchange already recorded
 * (a resent message, answered again without asking), or null for a new one. Refuses what the decider would refuse,
 * so a refused question never costs a provider call.
 */
export const coachingChatExchangeFor = (
  state: CoachingChatState,
  messageId: string,
  question: string,
): CoachingChatExchange | null => {
  const chat = activeChat(state);
  const text = boundedText(question, COACHING_CHAT_QUESTION_MAX, {
    code: 'invalid_coaching_chat_question',
    message: `A question has 1 to ${COACHING_CHAT_QUESTION_MAX} characters.`,
    details: { max: COACHING_CHAT_QUESTION_MAX, field: 'text' },
  });
  const recorded = chat.exchanges.find((exchange) => exchange.messageId === messageId);
  if (recorded) {
    if (recorded.question !== text) {
      throw new ConflictError(
        'coaching_chat_message_id_reused',
        'This message id was already used for another question.',
        { message_id: messageId },
      );
    }
    return recorded;
  }
  if (chat.exchanges.length >= COACHING_CHAT_MAX_EXCHANGES) {
    throw new ConflictError(
      'coaching_chat_full',
      `A conversation holds at most ${COACHING_CHAT_MAX_EXCHANGES} questions: start a new one.`,
      { max: COACHING_CHAT_MAX_EXCHANGES },
    );
  }
  return null;
};

/**
 * One conversation with the coach. Every command is safe to repeat: a retried start, message, rename or delete
 * appends nothing the second time, so a client that lost an answer sends the same request again.
 */
export const coachingChatDecider: Decider<CoachingChatCommand, CoachingChatEvent, CoachingChatState> = {
  decide: decideByType({
    StartCoachingChat: ({ data, metadata: { now } }, state) => {
      const { chatId, sessionId, organizationId, userId } = data;
      const title = data.title === null ? null : checkedTitle(data.title);
      if (state.status !== 'none') {
        if (state.status === 'active' && state.sessionId === sessionId && state.userId === userId) return [];
        throw new ConflictError('coaching_chat_exists', 'This conversation already exists.');
      }
      return [
        { type: 'CoachingChatStarted', data: { chatId, sessionId, organizationId, userId, title, startedAt: now } },
      ];
    },
    RecordCoachingChatExchange: ({ data, metadata: { now } }, state) => {
      const { chatId, messageId } = data;
      const question = data.question.trim();
      if (coachingChatExchangeFor(state, messageId, question) || state.status !== 'active') return [];
      const answer = data.answer.trim();
      if (answer.length === 0) {
        throw new ValidationError('coaching_chat_answer_empty', 'The coach’s answer is empty: ask again.');
      }
      return [
        {
          type: 'CoachingChatExchangeRecorded',
          data: { chatId, sessionId: state.sessionId, messageId, question, answer, askedAt: now },
        },
      ];
    },
    RenameCoachingChat: ({ data, metadata: { now } }, state) => {
      const chat = activeChat(state);
      const title = checkedTitle(data.title);
      if (chat.title === title) return [];
      return [
        {
          type: 'CoachingChatRenamed',
          data: { chatId: chat.chatId, sessionId: chat.sessionId, title, renamedAt: now },
        },
      ];
    },
    DeleteCoachingChat: ({ metadata: { now } }, state) => {
      if (state.status === 'deleted') return [];
      const chat = activeChat(state);
      return [{ type: 'CoachingChatDeleted', data: { chatId: chat.chatId, deletedAt: now } }];
    },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CoachingChatStarted':
        return {
          status: 'active',
          chatId: event.data.chatId,
          sessionId: event.data.sessionId,
          organizationId: event.data.organizationId,
          userId: event.data.userId,
          title: event.data.title,
          exchanges: [],
        };
      case 'CoachingChatExchangeRecorded':
        if (state.status === 'none') return state;
        return {
          ...state,
          exchanges: [
            ...state.exchanges,
            {
              messageId: event.data.messageId,
              question: event.data.question,
              answer: event.data.answer,
              askedAt: event.data.askedAt,
            },
          ],
        };
      case 'CoachingChatRenamed':
        return state.status === 'none' ? state : { ...state, title: event.data.title };
      case 'CoachingChatDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  initialState: () => ({ status: 'none' }),
};

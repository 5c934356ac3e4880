import type { CoachingChatEvent, CoachingSessionEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import {
  coachingChatsProjection,
  findCoachingChat,
  listCoachingChatExchanges,
  listCoachingChatsOfSession,
} from './index.js';

const started = (chatId: string, sessionId: string, day: number): CoachingChatEvent => ({
  type: 'CoachingChatStarted',
  data: { chatId, sessionId, organizationId: 'org-1', userId: 'u1', title: null, startedAt: at(day) },
});
const asked = (chatId: string, sessionId: string, messageId: string, day: number): CoachingChatEvent => ({
  type: 'CoachingChatExchangeRecorded',
  data: { chatId, sessionId, messageId, question: `Q ${messageId}`, answer: `A ${messageId}`, askedAt: at(day) },
});

describe('coaching-chats read model', () => {
  const { db, reapplyTwice } = seededReadModel<CoachingChatEvent | CoachingSessionEvent>(
    coachingChatsProjection,
    async ({ append }) => {
      await append('coaching-chat-c1', started('c1', 's1', 1), asked('c1', 's1', 'm2', 2), asked('c1', 's1', 'm1', 2));
      await append('coaching-chat-c1', {
        type: 'CoachingChatRenamed',
        data: { chatId: 'c1', sessionId: 's1', title: 'Prices', renamedAt: at(3) },
      });
      await append('coaching-chat-c2', started('c2', 's1', 4), asked('c2', 's1', 'm1', 4));
      await append('coaching-chat-c3', started('c3', 's1', 5), {
        type: 'CoachingChatDeleted',
        data: { chatId: 'c3', deletedAt: at(6) },
      });
      await append('coaching-chat-c4', started('c4', 's2', 5), asked('c4', 's2', 'm1', 5));
      await append('coaching-session-s2', {
        type: 'CoachingSessionDeleted',
        data: { sessionId: 's2', deletedBy: 'u1', deletedAt: at(7) },
      });
    },
  );

  it('keeps a session’s conversations newest first, with their exchanges in the order recorded', async () => {
    expect((await listCoachingChatsOfSession(db, 's1')).map((chat) => chat.chatId)).toEqual(['c2', 'c1']);
    expect(await findCoachingChat(db, 'c1')).toMatchObject({
      title: 'Prices',
      exchangeCount: 2,
      createdAt: at(1),
      updatedAt: at(3),
    });
    expect((await listCoachingChatExchanges(db, 'c1')).map((exchange) => exchange.messageId)).toEqual(['m2', 'm1']);
  });

  it('forgets deleted conversations, and the conversations of a deleted session', async () => {
    expect(await findCoachingChat(db, 'c3')).toBeUndefined();
    expect(await findCoachingChat(db, 'c4')).toBeUndefined();
    expect(await listCoachingChatExchanges(db, 'c4')).toEqual([]);
  });

  it('changes nothing when its events are applied again', async () => {
    await reapplyTwice();
    expect(await findCoachingChat(db, 'c1')).toMatchObject({ exchangeCount: 2 });
    expect(await listCoachingChatExchanges(db, 'c1')).toHaveLength(2);
  });
});

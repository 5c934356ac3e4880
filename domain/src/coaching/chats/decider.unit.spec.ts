import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification } from '../../testing/decider-specification.js';
import type { CoachingChatCommand } from './commands.js';
import { coachingChatDecider, coachingChatExchangeFor } from './decider.js';
import { COACHING_CHAT_MAX_EXCHANGES, type CoachingChatEvent } from './events.js';

const given = DeciderSpecification.for(coachingChatDecider);
const now = '2026-11-25T10:00:00.000Z';
const earlier = '2026-11-25T09:00:00.000Z';

const start = (title: string | null = null, userId = 'u1'): CoachingChatCommand => ({
  type: 'StartCoachingChat',
  data: { chatId: 'c1', sessionId: 's1', organizationId: 'org-1', userId, title },
  metadata: { now },
});
const started: CoachingChatEvent = {
  type: 'CoachingChatStarted',
  data: { chatId: 'c1', sessionId: 's1', organizationId: 'org-1', userId: 'u1', title: null, startedAt: earlier },
};
const ask = (messageId: string, question: string, answer = 'Ask open questions.'): CoachingChatCommand => ({
  type: 'RecordCoachingChatExchange',
  data: { chatId: 'c1', messageId, question, answer },
  metadata: { now },
});
const asked = (messageId: string, question: string, answer = 'Ask open questions.'): CoachingChatEvent => ({
  type: 'CoachingChatExchangeRecorded',
  data: { chatId: 'c1', sessionId: 's1', messageId, question, answer, askedAt: earlier },
});
const deleted: CoachingChatEvent = { type: 'CoachingChatDeleted', data: { chatId: 'c1', deletedAt: earlier } };
const fold = (events: CoachingChatEvent[]) =>
  events.reduce(coachingChatDecider.evolve, coachingChatDecider.initialState());

describe('a coaching chat', () => {
  describe('starting', () => {
    it('starts a conversation about one session, for its player', () => {
      given([])
        .when(start())
        .then([{ type: 'CoachingChatStarted', data: { ...started.data, startedAt: now } }]);
    });

    it('keeps a trimmed title', () => {
      given([])
        .when(start('  Pricing  '))
        .then([{ type: 'CoachingChatStarted', data: { ...started.data, title: 'Pricing', startedAt: now } }]);
    });

    it('refuses an empty or overlong title', () => {
      given([])
        .when(start('   '))
        .thenThrows(ValidationError, (e) => e.code === 'invalid_coaching_chat_title');
      given([])
        .when(start('x'.repeat(201)))
        .thenThrows(ValidationError, (e) => e.code === 'invalid_coaching_chat_title');
    });

    it('does nothing when the same start is retried', () => {
      given([started]).when(start()).thenNothing();
    });

    it('refuses the id of another conversation, or of a deleted one', () => {
      given([started])
        .when(start(null, 'u2'))
        .thenThrows(ConflictError, (e) => e.code === 'coaching_chat_exists');
      given([started, deleted])
        .when(start())
        .thenThrows(ConflictError, (e) => e.code === 'coaching_chat_exists');
    });
  });

  describe('asking', () => {
    it('records the question and the whole answer together, trimmed', () => {
      given([started])
        .when(ask('m1', '  What should I have said?  ', ' Say the price first. '))
        .then([
          {
            type: 'CoachingChatExchangeRecorded',
            data: {
              chatId: 'c1',
              sessionId: 's1',
              messageId: 'm1',
              question: 'What should I have said?',
              answer: 'Say the price first.',
              askedAt: now,
            },
          },
        ]);
    });

    it('records a resent message once, and the first answer stands', () => {
      given([started, asked('m1', 'Why?')])
        .when(ask('m1', 'Why?', 'Another run of the model.'))
        .thenNothing();
    });

    it('refuses a message id already used for another question', () => {
      given([started, asked('m1', 'Why?')])
        .when(ask('m1', 'How?'))
        .thenThrows(ConflictError, (e) => e.code === 'coaching_chat_message_id_reused');
    });

    it('refuses an empty question, and an empty answer', () => {
      given([started])
        .when(ask('m1', '   '))
        .thenThrows(ValidationError, (e) => e.code === 'invalid_coaching_chat_question');
      given([started])
        .when(ask('m1', 'Why?', '  '))
        .thenThrows(ValidationError, (e) => e.code === 'coaching_chat_answer_empty');
    });

    it(`holds at most ${COACHING_CHAT_MAX_EXCHANGES} questions`, () => {
      const full = Array.from({ length: COACHING_CHAT_MAX_EXCHANGES }, (_, i) => asked(`m${i}`, `Q${i}`));
      given([started, ...full])
        .when(ask('next', 'One more?'))
        .thenThrows(ConflictError, (e) => e.code === 'coaching_chat_full');
      // A resent message of a full conversation still answers what was recorded.
      given([started, ...full])
        .when(ask('m3', 'Q3'))
        .thenNothing();
    });

    it('finds nothing to ask in a conversation never started, or deleted', () => {
      given([])
        .when(ask('m1', 'Why?'))
        .thenThrows(NotFoundError, (e) => e.code === 'coaching_chat_not_found');
      given([started, deleted])
        .when(ask('m1', 'Why?'))
        .thenThrows(NotFoundError, (e) => e.code === 'coaching_chat_not_found');
    });

    it('tells the application, before any provider is asked, what a message would do', () => {
      const state = fold([started, asked('m1', 'Why?', 'Because.')]);
      expect(coachingChatExchangeFor(state, 'm1', ' Why? ')).toMatchObject({ answer: 'Because.' });
      expect(coachingChatExchangeFor(state, 'm2', 'How?')).toBeNull();
      expect(() => coachingChatExchangeFor(state, 'm1', 'How?')).toThrow(ConflictError);
    });
  });

  describe('renaming and deleting', () => {
    const rename = (title: string): CoachingChatCommand => ({
      type: 'RenameCoachingChat',
      data: { chatId: 'c1', title },
      metadata: { now },
    });
    const del: CoachingChatCommand = { type: 'DeleteCoachingChat', data: { chatId: 'c1' }, metadata: { now } };

    it('renames, and a rename to the same title does nothing', () => {
      given([started])
        .when(rename(' Prices '))
        .then([
          { type: 'CoachingChatRenamed', data: { chatId: 'c1', sessionId: 's1', title: 'Prices', renamedAt: now } },
        ]);
      given([
        started,
        { type: 'CoachingChatRenamed', data: { chatId: 'c1', sessionId: 's1', title: 'Prices', renamedAt: now } },
      ])
        .when(rename('Prices'))
        .thenNothing();
      given([started]).when(rename('')).thenThrows(ValidationError);
    });

    it('deletes once; a deleted conversation cannot be renamed', () => {
      given([started])
        .when(del)
        .then([{ type: 'CoachingChatDeleted', data: { chatId: 'c1', deletedAt: now } }]);
      given([started, deleted]).when(del).thenNothing();
      given([started, deleted]).when(rename('Prices')).thenThrows(NotFoundError);
      given([]).when(del).thenThrows(NotFoundError);
    });
  });
});

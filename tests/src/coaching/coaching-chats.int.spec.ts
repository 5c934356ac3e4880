import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingChatOperations as chats,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
} from '@ai-coaching/contracts';
import { coachingChatStreamId } from '@ai-coaching/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectFakeChatModel } from '../fakes/fake-chat-model.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { coachingTeam, publishedScenario, unique } from './session-fixtures.js';

const FAKE_KEY = 'sk-fake-chats-0123456789';
const FR = { headers: { 'accept-language': 'fr-FR' } };

let fake: FakeOpenAiServer;
const a = { operator: '', learner: '', learnerId: '', colleague: '' };

await describeApi(
  '[COACHING]: ask the coach about a session',
  (context) => {
    const b = { learner: '', operator: '' };
    let englishScenario = '';
    let frenchScenario = '';
    /** An own scenario played on the fake OpenAI-compatible server; its observer on the built-in model. */
    let fakeScenario = '';
    const { api } = context;

    const start = async (token: string, scenarioId: string) => {
      const started = await api(token).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      return started.body.id!;
    };
    const say = (token: string, id: string, text: string) =>
      api(token).call(sessions.turn, { params: { id }, body: { text } });
    const newChat = (token: string, sessionId: string, title?: string) =>
      api(token).call(chats.create, { params: { id: sessionId }, body: title === undefined ? {} : { title } });
    const ask = (token: string, chatId: string, text: string, messageId?: string, options = {}) =>
      api(token).call(
        chats.ask,
        { params: { id: chatId }, body: { text, ...(messageId === undefined ? {} : { message_id: messageId }) } },
        options,
      );
    const readChat = (token: string, id: string) => api(token).call(chats.read, { params: { id } });
    const chatEvents = async (id: string) =>
      (await context.server.platform.store.readStream(coachingChatStreamId(id))).map((event) => event.type);

    /** A library scenario played to a loss: the learner says the failure phrase. */
    const lostSession = async (scenarioId: string, lines: string[]) => {
      const id = await start(a.learner, scenarioId);
      for (const line of lines) await say(a.learner, id, line);
      return id;
    };

    beforeAll(async () => {
      const superAdmin = context.superAdmin.token;
      const team = await coachingTeam(context.server);
      Object.assign(a, {
        operator: team.operator,
        learner: team.learner,
        learnerId: team.learnerId,
        colleague: team.colleague,
      });
      const other = await createTestOrganization(context.server, unique('Beta'));
      b.learner = (await signInAs(context.server, { role: 'user', organizationId: other })).token;
      b.operator = (await signInAs(context.server, { role: 'operator', organizationId: other })).token;
      englishScenario = starterLibraryItemId('scenario', 'price', 'en-GB');
      frenchScenario = starterLibraryItemId('scenario', 'price', 'fr-FR');

      const fakeModel = await connectFakeChatModel(api(superAdmin), fake, { apiKey: FAKE_KEY, modelId: 'llama3.1' });
      // Judged by the built-in observer, so the report never takes a completion scripted for the coach.
      fakeScenario = await publishedScenario(context.server, team.editor, {
        modelId: fakeModel.modelId,
        timeLimitSeconds: 300,
      });
    }, 180_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('answers with the built-in coach from the transcript, the mission and the report, once per message', async () => {
      const sessionId = await lostSession(englishScenario, [
        'Um, do you have a budget?',
        'This is our final price, take it or leave it.',
      ]);
      await expect
        .poll(
          async () => {
            const report = await api(a.learner).call(analyses.analysis, { params: { id: sessionId }, query: {} });
            return report.status === 200 ? report.body.status : undefined;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toMatch(/^(done|failed)$/);

      const created = await newChat(a.learner, sessionId);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        session_id: sessionId,
        user_id: a.learnerId,
        title: null,
        exchange_count: 0,
        exchanges: [],
      });
      const chatId = created.body.id!;

      const asked = await ask(a.learner, chatId, 'What should I have said differently?', 'm-1');
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({
        id: 'm-1',
        question: 'What should I have said differently?',
        answer: expect.stringContaining('in your turn 2 you said “This is our final price, take it or leave it.”'),
        at: expect.any(String),
      });
      const improve = await ask(a.learner, chatId, 'How do I improve?', 'm-2');
      expect(improve.body.answer).toMatch(/Your overall score is \d+\/100\./);

      // Resent after a lost answer: the same exchange, asked and recorded once.
      const resent = await ask(a.learner, chatId, 'What should I have said differently?', 'm-1');
      expect(resent.body).toEqual(asked.body);
      const reused = await ask(a.learner, chatId, 'Something else?', 'm-1');
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ code: 'coaching_chat_message_id_reused', details: { message_id: 'm-1' } });
      const chat = await readChat(a.learner, chatId);
      expect(chat.body.exchanges.map((exchange) => exchange.id)).toEqual(['m-1', 'm-2']);
      expect(chat.body.exchange_count).toBe(2);
      expect(await chatEvents(chatId)).toEqual([
        'CoachingChatStarted',
        'CoachingChatExchangeRecorded',
        'CoachingChatExchangeRecorded',
      ]);
      const empty = await ask(a.learner, chatId, '   ');
      expect(empty.status).toBe(400);
    });

    it('coaches in the session’s language', async () => {
      const sessionId = await lostSession(frenchScenario, ['C’est notre prix final, à prendre ou à laisser.']);
      const chatId = (await newChat(a.learner, sessionId)).body.id!;
      const asked = await ask(a.learner, chatId, 'Qu’aurais-je dû dire autrement ?');
      expect(asked.status).toBe(200);
      expect(asked.body.answer).toMatch(
        /^Le tour à changer\u00a0: à votre tour 1, vous avez dit «\u00a0C’est notre prix final/,
      );
      expect(asked.body.answer).toContain('La mission a été perdue sur une pression qui ne laissait pas d’issue.');
    });

    it('waits for the session to end before a conversation starts', async () => {
      const sessionId = await start(a.learner, englishScenario);
      const refused = await newChat(a.learner, sessionId);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('coaching_chat_session_playing');
      const french = await api(a.learner).call(chats.create, { params: { id: sessionId }, body: {} }, FR);
      expect(french.body.message).toMatch(/^Cette session est encore en cours/);
      await api(a.learner).call(sessions.abort, { params: { id: sessionId } });
      expect((await newChat(a.learner, sessionId)).status).toBe(201);
    });

    it('records nothing when the session’s provider fails, says so in French, and answers the resent message', async () => {
      const sessionId = await start(a.learner, fakeScenario);
      fake.reset();
      fake.script({ kind: 'reply', text: 'Fine.' });
      await say(a.learner, sessionId, 'Can we agree on twelve months?');
      await api(a.learner).call(sessions.end, { params: { id: sessionId } });
      const chatId = (await newChat(a.learner, sessionId, 'Twelve months')).body.id!;

      fake.reset();
      fake.script({ kind: 'error', status: 400, body: { error: { message: 'broken' } } });
      const failed = await ask(a.learner, chatId, 'What should I have said?', 'q-1', FR);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({
        code: 'coaching_chat_reply_failed',
        details: { message_id: 'q-1', reason: expect.any(String) },
      });
      expect(failed.body.message).toMatch(/^Le coach n’a pas pu répondre/);
      expect((await readChat(a.learner, chatId)).body.exchanges).toEqual([]);
      expect(await chatEvents(chatId)).toEqual(['CoachingChatStarted']);
      // A stream cut halfway records nothing either: half an answer is no answer.
      fake.reset();
      fake.script({ kind: 'cut', text: 'Ask what matters to them before', afterChunks: 2 });
      const cut = await ask(a.learner, chatId, 'What should I have said?', 'q-1');
      expect(cut.status).toBe(503);
      expect(cut.body.code).toBe('coaching_chat_reply_failed');
      expect(await chatEvents(chatId)).toEqual(['CoachingChatStarted']);

      fake.reset();
      fake.script({ kind: 'reply', text: 'Ask what matters to them before naming a term.' });
      const retried = await ask(a.learner, chatId, 'What should I have said?', 'q-1');
      expect(retried.body).toMatchObject({ id: 'q-1', answer: 'Ask what matters to them before naming a term.' });
      // The model read the coach's brief: the mission and the learner's words.
      const prompt = (fake.completions()[0]!.body!['messages'] as { role: string; content: string }[])[0]!;
      expect(prompt.role).toBe('system');
      expect(prompt.content).toContain('Close the deal');
      expect(prompt.content).toContain('Learner (turn 1): Can we agree on twelve months?');
      expect((await ask(a.learner, chatId, 'What should I have said?', 'q-1')).body).toEqual(retried.body);
      expect(fake.completions()).toHaveLength(1);
    });

    it('lets readers of the session read its conversations, and only its player change them', async () => {
      const sessionId = await lostSession(englishScenario, ['Take it or leave it.']);
      const chatId = (await newChat(a.learner, sessionId)).body.id!;
      await ask(a.learner, chatId, 'How were my questions?', 'r-1');

      // The operator checks others' sessions: reads, never asks, renames or deletes.
      expect((await readChat(a.operator, chatId)).body.exchanges).toHaveLength(1);
      const listed = await api(a.operator).call(chats.list, { params: { id: sessionId } });
      expect(listed.body.items.map((item) => item.id)).toContain(chatId);
      expect((await ask(a.operator, chatId, 'And me?')).status).toBe(404);
      expect((await newChat(a.operator, sessionId)).status).toBe(404);
      expect((await api(a.operator).call(chats.rename, { params: { id: chatId }, body: { title: 'X' } })).status).toBe(
        404,
      );
      expect((await api(a.operator).call(chats.delete, { params: { id: chatId } })).status).toBe(404);

      // A colleague without `coaching-session-check-other`, and another organization, see nothing.
      for (const token of [a.colleague, b.learner, b.operator]) {
        expect((await readChat(token, chatId)).status).toBe(404);
        expect((await api(token).call(chats.list, { params: { id: sessionId } })).status).toBe(404);
        expect((await ask(token, chatId, 'Hello?')).status).toBe(404);
        expect((await newChat(token, sessionId)).status).toBe(404);
      }
      expect((await readChat(b.learner, chatId)).body.code).toBe('coaching_chat_not_found');
    });

    it('renames and deletes a conversation, and deleting the session takes its conversations along', async () => {
      const sessionId = await lostSession(englishScenario, ['Take it or leave it.']);
      const first = (await newChat(a.learner, sessionId)).body.id!;
      const second = (await newChat(a.learner, sessionId)).body.id!;
      const renamed = await api(a.learner).call(chats.rename, { params: { id: first }, body: { title: ' Prices ' } });
      expect(renamed.body.title).toBe('Prices');
      expect((await api(a.learner).call(chats.delete, { params: { id: first } })).status).toBe(204);
      expect((await readChat(a.learner, first)).status).toBe(404);
      const listed = await api(a.learner).call(chats.list, { params: { id: sessionId } });
      expect(listed.body.items.map((item) => item.id)).toEqual([second]);

      expect((await api(a.learner).call(sessions.delete, { params: { id: sessionId } })).status).toBe(204);
      expect((await readChat(a.learner, second)).status).toBe(404);
    });
  },
  {
    env: async () => {
      fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['llama3.1'] });
      // The fake listens on 127.0.0.1, which only AI_ALLOW_PRIVATE_NETWORK lets a provider use.
      return { AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
  },
);

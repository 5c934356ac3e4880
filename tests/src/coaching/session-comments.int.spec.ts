import { starterLibraryItemId } from '@ai-coaching/application';
import { describeApi, signInAs, type SignedInUser } from '@ai-coaching/api/testing';
import {
  coachingSessionCommentOperations as comments,
  coachingSessionOperations as sessions,
  scenarioContent,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';
import { winStarterPrice } from './session-fixtures.js';

// Manager review (docs/programs.md, "Manager review"): reviewers comment on a learner's session, on a turn or on the
// whole session, for the learner or the managers only; the learner reads what is for them, replies, and is mailed.

const APP = 'http://app.test';
const FR = { headers: { 'accept-language': 'fr-FR' } };
const isTo = (email: string) => (message: { to?: unknown }) => JSON.stringify(message.to).includes(email);
let sink: SmtpSink;
type CommentBody = {
  body: string;
  turn_index?: number;
  visibility?: 'learner' | 'managers';
  reply_to?: string;
};

await describeApi(
  '[COACHING]: manager review comments on a session',
  (context) => {
    const { api } = context;
    let reviewer: SignedInUser;
    let learner: SignedInUser;
    let colleague: SignedInUser;
    let editor: SignedInUser;
    let stranger: SignedInUser;
    let scenarioId = '';
    let sessionId = '';

    const list = (token: string, id = sessionId) => api(token).call(comments.list, { params: { id } });
    const post = (token: string, body: CommentBody, id = sessionId) =>
      api(token).call(comments.create, { params: { id }, body });

    beforeAll(async () => {
      const a = await context.tenant({ members: { learner: { role: 'user' } } });
      const member = (role: 'operator' | 'user' | 'editor', firstName: string, lastName: string) =>
        signInAs(context.server, {
          role,
          organizationId: a.organizationId,
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}-${newId().slice(-10)}@comments.test`,
        });
      reviewer = await member('operator', 'Rosa', 'Reviewer');
      learner = await member('user', 'Lena', 'Learner');
      colleague = await member('user', 'Colin', 'Colleague');
      editor = await member('editor', 'Eddie', 'Editor');
      stranger = (await context.tenant()).operator;
      const library = await api(learner.token).call(scenarioContent.operations.list, {
        query: { source: 'library', page_size: 48 },
      });
      scenarioId = library.body.items.find(
        (item) => item.id === starterLibraryItemId('scenario', 'price', 'en-GB'),
      )!.id;
      const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenarioId } });
      sessionId = started.body.id!;
      const say = (text: string) =>
        api(learner.token).call(sessions.turn, { params: { id: sessionId }, body: { text } });
      expect((await winStarterPrice(say)).body.status).toBe('win');
    }, 120_000);
    afterAll(async () => {
      await sink?.close();
    });

    let onTurn = '';
    let managersOnly = '';
    let reply = '';

    it('lets a reviewer comment on a turn for the learner, who is mailed a link to the result', async () => {
      const answer = await post(reviewer.token, { body: '  Good open question here.  ', turn_index: 1 });
      expect(answer.status).toBe(201);
      onTurn = answer.body.id;
      expect(answer.body).toMatchObject({
        session_id: sessionId,
        turn_index: 1,
        body: 'Good open question here.',
        visibility: 'learner',
        reply_to: null,
        author: { user_id: reviewer.userId, first_name: 'Rosa', last_name: 'Reviewer' },
        edited_at: null,
      });
      const mail = await sink.waitFor(isTo(learner.email), 10_000);
      expect(mail.subject).toBe('Rosa Reviewer commented on your practice session');
      expect(mail.text).toContain('Hello Lena,');
      expect(mail.text).toContain(`${APP}/apps/ai-coaching/session/result-${sessionId}`);
      // The comment stays with the session: the mail does not quote it.
      expect(mail.text).not.toContain('Good open question');
    });

    it('keeps a managers-only comment from the learner, and does not mail them of it', async () => {
      const answer = await post(reviewer.token, { body: 'Watch the discount next time.', visibility: 'managers' });
      expect(answer.status).toBe(201);
      managersOnly = answer.body.id;
      expect(answer.body).toMatchObject({ turn_index: null, visibility: 'managers' });

      const asReviewer = await list(reviewer.token);
      expect(asReviewer.body.items.map((comment) => comment.id)).toEqual([onTurn, managersOnly]);
      const asLearner = await list(learner.token);
      expect(asLearner.status).toBe(200);
      expect(asLearner.body.items.map((comment) => comment.id)).toEqual([onTurn]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sink.messages.filter(isTo(learner.email))).toHaveLength(1);
    });

    it('lets the learner reply to what they read, in its thread; the comment’s author is mailed', async () => {
      const answer = await post(learner.token, { body: 'Thanks, I will keep asking why.', reply_to: onTurn });
      expect(answer.status).toBe(201);
      reply = answer.body.id;
      expect(answer.body).toMatchObject({
        turn_index: 1,
        visibility: 'learner',
        reply_to: onTurn,
        author: { user_id: learner.userId, first_name: 'Lena', last_name: 'Learner' },
      });
      const mail = await sink.waitFor(isTo(reviewer.email), 10_000);
      expect(mail.subject).toBe('Lena Learner replied to your comment');
      expect(mail.text).toContain(`${APP}/apps/ai-coaching/session/result-${sessionId}`);
      expect((await list(learner.token)).body.items.map((comment) => comment.id)).toEqual([onTurn, reply]);
    });

    it('refuses the learner a managers-only thread, a thread of their own and a managers-only reply', async () => {
      const hidden = await post(learner.token, { body: 'What discount?', reply_to: managersOnly });
      expect([hidden.status, hidden.body.code]).toEqual([404, 'session_comment_not_found']);
      const own = await post(learner.token, { body: 'My own remark.' });
      expect([own.status, own.body.code]).toEqual([403, 'session_comment_learner_reply_only']);
      const secret = await post(learner.token, { body: 'Just for you.', reply_to: onTurn, visibility: 'managers' });
      expect([secret.status, secret.body.code]).toEqual([403, 'session_comment_visibility_forbidden']);
      const french = await api(learner.token).call(
        comments.create,
        { params: { id: sessionId }, body: { body: 'Mon avis.' } },
        FR,
      );
      expect(french.body.message).toContain('vous répondez aux commentaires de vos relecteurs');
    });

    it('refuses a turn the session does not have, naming the field', async () => {
      const answer = await post(reviewer.token, { body: 'Where?', turn_index: 999 });
      expect([answer.status, answer.body.code]).toEqual([400, 'session_comment_turn_unknown']);
      expect(answer.body.details?.issues?.[0]?.path).toBe('turn_index');
    });

    it('answers 404 to another learner, an editor without check-other, and another organization’s operator', async () => {
      for (const outsider of [colleague, editor, stranger]) {
        const read = await list(outsider.token);
        expect([read.status, read.body.code], outsider.email).toEqual([404, 'coaching_session_not_found']);
        const write = await post(outsider.token, { body: 'Mine.' });
        expect(write.status, outsider.email).toBe(404);
        const params = { id: sessionId, comment_id: onTurn };
        expect((await api(outsider.token).call(comments.update, { params, body: { body: 'Taken.' } })).status).toBe(
          404,
        );
        expect((await api(outsider.token).call(comments.delete, { params })).status).toBe(404);
      }
      expect((await list(reviewer.token)).body.items.find((comment) => comment.id === onTurn)?.body).toBe(
        'Good open question here.',
      );
    });

    it('lets only the author edit or delete a comment; deleting a thread takes its replies', async () => {
      const params = { id: sessionId, comment_id: onTurn };
      const notMine = await api(learner.token).call(comments.update, { params, body: { body: 'Changed.' } });
      expect([notMine.status, notMine.body.code]).toEqual([403, 'session_comment_not_author']);
      const hidden = await api(learner.token).call(comments.delete, {
        params: { id: sessionId, comment_id: managersOnly },
      });
      expect([hidden.status, hidden.body.code]).toEqual([404, 'session_comment_not_found']);

      const edited = await api(reviewer.token).call(comments.update, {
        params,
        body: { body: 'Great open question.' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.body).toBe('Great open question.');
      expect(edited.body.edited_at).not.toBeNull();
      const ownReply = await api(learner.token).call(comments.update, {
        params: { id: sessionId, comment_id: reply },
        body: { body: 'Thanks!' },
      });
      expect(ownReply.body.body).toBe('Thanks!');

      expect((await api(reviewer.token).call(comments.delete, { params })).status).toBe(204);
      expect((await list(reviewer.token)).body.items.map((comment) => comment.id)).toEqual([managersOnly]);
      expect((await list(learner.token)).body.items).toEqual([]);
    });

    it('adds one comment, and sends one mail, for a request retried with its Idempotency-Key', async () => {
      const key = newId();
      const send = () =>
        api(reviewer.token).call(
          comments.create,
          { params: { id: sessionId }, body: { body: 'Once only.' } },
          { headers: { 'idempotency-key': key } },
        );
      const first = await send();
      const second = await send();
      expect(first.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      expect((await list(learner.token)).body.items.filter((comment) => comment.body === 'Once only.')).toHaveLength(1);
      await sink.waitFor(
        (message) => isTo(learner.email)(message) && sink.messages.filter(isTo(learner.email)).length >= 2,
        10_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sink.messages.filter(isTo(learner.email))).toHaveLength(2);
    });

    it('waits for a session to end before it is commented on', async () => {
      const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenarioId } });
      const playing = await post(reviewer.token, { body: 'Too early.' }, started.body.id!);
      expect([playing.status, playing.body.code]).toEqual([409, 'session_comment_session_playing']);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: APP };
    },
  },
);

import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { BUILTIN_AI_MODEL_ID, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingObserverTrialOperations as trials,
  coachingSessionOperations as sessions,
  observerContent,
  type ObserverTrialBody,
  personaContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectFakeChatModel } from '../fakes/fake-chat-model.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { unique, winStarterPrice } from './session-fixtures.js';

// "Try an observer on a transcript" (issue 25 item 9, docs/coaching-content.md "Trying an observer").

/** A draft observer as its editor holds it, on the built-in model: never saved. */
const draftObserver: ObserverTrialBody['observer'] = {
  name: 'Negotiation coach',
  model_id: BUILTIN_AI_MODEL_ID,
  rubric: [
    { name: 'Discovery', description: 'Asks open questions about the buyer’s needs before pitching.', scale: '1_5' },
    { name: 'Objection handling', description: 'Acknowledges each objection and answers it with value.' },
    { name: 'Next step', description: 'Agrees a concrete next step.', scale: 'pass_fail' },
  ],
};

/** The learner's lines of a corpus conversation, each answered by a neutral persona line. */
const transcriptOf = (lines: readonly string[]) =>
  lines.flatMap((text, index) => [
    { role: 'learner' as const, text },
    { role: 'persona' as const, text: `I see. (${index + 1})` },
  ]);

const FAKE_KEY = 'sk-fake-trials-0123456789';
let fake: FakeOpenAiServer;

const STRONG = STARTER_CORPUS.price['en-GB'].strong[0]!;
const WEAK = STARTER_CORPUS.price['en-GB'].weak[0]!;

await describeApi(
  '[COACHING]: try an observer on a transcript',
  (context) => {
    const { api } = context;
    const a = { editor: '', learner: '', fakeModel: '' };
    const b = { editor: '', scenario: '' };

    const tryIt = (token: string, body: Record<string, unknown>, options = {}) =>
      api(token).call(trials.create, { body: body as never }, options);

    beforeAll(async () => {
      const organization = await createTestOrganization(context.server, unique('Acme'));
      a.editor = (await signInAs(context.server, { role: 'editor', organizationId: organization })).token;
      a.learner = (await signInAs(context.server, { role: 'user', organizationId: organization })).token;
      const other = await createTestOrganization(context.server, unique('Beta'));
      b.editor = (await signInAs(context.server, { role: 'editor', organizationId: other })).token;
      const persona = await api(b.editor).call(personaContent.operations.create, {
        body: { name: unique('Sam'), language: 'en-GB' },
      });
      const observer = await api(b.editor).call(observerContent.operations.create, { body: draftObserver });
      const scenario = await api(b.editor).call(scenarioContent.operations.create, {
        body: {
          name: unique('Draft'),
          persona_id: persona.body.id!,
          observer_ids: [observer.body.id!],
          language: 'en-GB',
          model_id: BUILTIN_AI_MODEL_ID,
        },
      });
      expect(scenario.status).toBe(201);
      b.scenario = scenario.body.id!;
      a.fakeModel = (
        await connectFakeChatModel(api(context.superAdmin.token), fake, { apiKey: FAKE_KEY, modelId: 'llama3.1' })
      ).modelId;
    }, 120_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('scores a strong pasted conversation above a weak one, with evidence quoted from its turns', async () => {
      const price = starterLibraryItemId('scenario', 'price', 'en-GB');
      const strong = await tryIt(a.editor, { observer: draftObserver, transcript: transcriptOf(STRONG) });
      const weak = await tryIt(a.editor, { observer: draftObserver, transcript: transcriptOf(WEAK) });
      expect(strong.status).toBe(200);
      expect(weak.status).toBe(200);
      expect(strong.body.scripted).toBe(true);
      expect(strong.body.criteria.map((criterion) => [criterion.name, criterion.scale, criterion.weight])).toEqual([
        ['Discovery', '1_5', 1],
        ['Objection handling', '1_5', 1],
        ['Next step', 'pass_fail', 1],
      ]);
      expect(strong.body.overall).toBeGreaterThan(weak.body.overall!);
      expect(strong.body.summary.length).toBeGreaterThan(0);
      // Every quote is pinned on a turn of the transcript the answer gives back, and is the learner's.
      const turns = new Map(strong.body.transcript.map((turn) => [turn.id, turn]));
      const evidence = strong.body.criteria.flatMap((criterion) => criterion.evidence);
      expect(evidence.length).toBeGreaterThan(0);
      for (const quote of evidence) {
        const turn = turns.get(quote.turn_id);
        expect(turn?.role).toBe('learner');
        expect(turn?.text).toContain(quote.quote.replace(/[.?!…]+$/, ''));
      }

      // Judged against a scenario's persona and mission (the library's price renewal): the order holds.
      const strongThere = await tryIt(a.editor, {
        observer: draftObserver,
        transcript: transcriptOf(STRONG),
        scenario_id: price,
      });
      const weakThere = await tryIt(a.editor, {
        observer: draftObserver,
        transcript: transcriptOf(WEAK),
        scenario_id: price,
      });
      expect(strongThere.status).toBe(200);
      expect(strongThere.body.overall).toBeGreaterThan(weakThere.body.overall!);
    });

    it('writes its summary in the transcript’s language, the same scores for the same conversation in French', async () => {
      const english = await tryIt(a.editor, { observer: draftObserver, transcript: transcriptOf(STRONG) });
      const french = await tryIt(
        a.editor,
        { observer: draftObserver, transcript: transcriptOf(STARTER_CORPUS.price['fr-FR'].strong[0]!) },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(french.status).toBe(200);
      expect(french.body.overall).toBe(english.body.overall);
      expect(french.body.summary).not.toBe(english.body.summary);
    });

    it('judges a session the caller may read, its own turns, and nobody else’s', async () => {
      const price = starterLibraryItemId('scenario', 'price', 'en-GB');
      const started = await api(a.editor).call(sessions.create, { body: { scenario_id: price } });
      expect(started.status).toBe(201);
      const sessionId = started.body.id!;
      await winStarterPrice((text) => api(a.editor).call(sessions.turn, { params: { id: sessionId }, body: { text } }));
      const session = await api(a.editor).call(sessions.read, { params: { id: sessionId } });

      const judged = await tryIt(a.editor, { observer: draftObserver, session_id: sessionId });
      expect(judged.status).toBe(200);
      expect(judged.body.transcript.map((turn) => turn.id)).toEqual(session.body.turns.map((turn) => turn.id));
      expect(judged.body.overall).toBeGreaterThanOrEqual(50);

      // Another organization's editor: no such session.
      const stranger = await tryIt(b.editor, { observer: draftObserver, session_id: sessionId });
      expect(stranger.status).toBe(404);
      expect(stranger.body).toMatchObject({ code: 'coaching_session_not_found' });
      // Nor another organization's scenario, draft or not.
      const foreign = await tryIt(a.editor, {
        observer: draftObserver,
        transcript: transcriptOf(STRONG),
        scenario_id: b.scenario,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({
        code: 'coaching_item_not_found',
        details: { issues: [{ path: 'scenario_id' }] },
      });
      const unknownModel = await tryIt(a.editor, {
        observer: { ...draftObserver, model_id: 'no-such-model' },
        transcript: transcriptOf(WEAK),
      });
      expect(unknownModel.status).toBe(404);
      expect(unknownModel.body).toMatchObject({
        code: 'coaching_reference_not_found',
        details: { issues: [{ path: 'observer.model_id' }] },
      });
    });

    it('is for those who write observers: a learner is refused', async () => {
      const refused = await tryIt(a.learner, { observer: draftObserver, transcript: transcriptOf(STRONG) });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'forbidden' });
    });

    it('refuses a malformed request with the issues of its fields, never a 500', async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ observer: draftObserver }, 'transcript'],
        [{ observer: draftObserver, transcript: transcriptOf(WEAK), session_id: 'some-session' }, 'transcript'],
        [{ observer: draftObserver, session_id: 'some-session', scenario_id: 'some-scenario' }, 'scenario_id'],
        [{ observer: draftObserver, transcript: [] }, 'transcript'],
        [{ observer: draftObserver, transcript: [{ role: 'user', text: 'Hello' }] }, 'transcript.0.role'],
        [{ observer: draftObserver, transcript: [{ role: 'learner', text: '   ' }] }, 'transcript.0.text'],
        [{ observer: draftObserver, transcript: transcriptOf(Array(101).fill('Hello')) }, 'transcript'],
        [{ observer: { ...draftObserver, rubric: [] }, transcript: transcriptOf(WEAK) }, 'observer.rubric'],
        [
          { observer: { name: 'No model', rubric: draftObserver.rubric }, transcript: transcriptOf(WEAK) },
          'observer.model_id',
        ],
        [{ observer: draftObserver, transcript: transcriptOf(WEAK), extra: true }, 'extra'],
        [{ observer: draftObserver, transcript: transcriptOf(WEAK), language: 'de-DE' }, 'language'],
      ];
      for (const [body, path] of refusals) {
        const refused = await api(a.editor).send<{ code: string; details: { issues: { path: string }[] } }>(
          'POST',
          '/v1/coaching/observer_trials',
          { body },
        );
        expect([refused.status, refused.body.code], path).toEqual([400, 'invalid_request']);
        expect(refused.body.details.issues.map((issue) => issue.path)).toContain(path);
      }
      const french = await api(a.editor).send<{ details: { issues: { path: string; message: string }[] } }>(
        'POST',
        '/v1/coaching/observer_trials',
        { body: { observer: draftObserver }, headers: { 'accept-language': 'fr-FR' } },
      );
      expect(french.body.details.issues).toContainEqual({
        path: 'transcript',
        message: 'Collez une transcription ou choisissez une session, l’une des deux.',
      });
    });

    it('asks a real model through the port with the observer’s prompt, and answers 503 when the provider fails', async () => {
      const observer = { ...draftObserver, model_id: a.fakeModel };
      fake.reset();
      fake.script({
        kind: 'reply',
        text: JSON.stringify({
          criteria: {
            Discovery: {
              relevant: true,
              score: 4,
              evidence: [{ turn_id: 't1', quote: 'how has the scheduling software been working' }],
            },
            'Objection handling': { relevant: true, score: 3, evidence: [] },
            'Next step': { relevant: false, score: 0, evidence: [{ turn_id: 'nowhere', quote: 'Invented' }] },
          },
          went_well: ['Opened with a question.'],
          to_improve: ['  '],
          summary: 'A fair start.',
        }),
      });
      const judged = await tryIt(a.editor, { observer, transcript: transcriptOf(STRONG) });
      expect(judged.status).toBe(200);
      expect(judged.body).toMatchObject({
        scripted: false,
        summary: 'A fair start.',
        went_well: ['Opened with a question.'],
        to_improve: [],
        // (4-1)/4 = 75 and (3-1)/4 = 50, equally weighted; "Next step" did not apply.
        overall: 63,
      });
      expect(judged.body.criteria).toEqual([
        expect.objectContaining({
          name: 'Discovery',
          score: 4,
          evidence: [{ turn_id: 't1', quote: 'how has the scheduling software been working' }],
        }),
        expect.objectContaining({ name: 'Objection handling', score: 3, evidence: [] }),
        // A quote pinned on no turn of the transcript is dropped.
        expect.objectContaining({ name: 'Next step', relevant: false, score: null, evidence: [] }),
      ]);
      // The model read the observer's rubric and the pasted turns with their ids.
      const prompt = JSON.stringify(fake.completions().at(-1)?.body);
      expect(prompt).toContain('Agrees a concrete next step.');
      expect(prompt).toContain(`[t1] Learner: ${STRONG[0]}`);

      fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
      const failed = await tryIt(a.editor, { observer, transcript: transcriptOf(WEAK) });
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({
        code: 'coaching_observer_trial_failed',
        details: { reason: expect.any(String) },
      });
      fake.reset();
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

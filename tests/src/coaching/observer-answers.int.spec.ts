import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  observerContent,
  personaContent,
  scenarioContent,
  type CoachingSessionAnalysisAnswer,
} from '@ai-coaching/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectFakeChatModel } from '../fakes/fake-chat-model.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { unique } from './session-fixtures.js';

const FAKE_KEY = 'sk-observer-answers-0123456789';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean;
};

/**
 * Issue 23 item 9: what an editor may leave out of an observer, and an observer's answer that leaves a criterion out.
 * The observer runs on an OpenAI-compatible fake speaking the real wire protocol; the persona on the built-in model.
 */

let fake: FakeOpenAiServer;

await describeApi(
  '[COACHING]: observer rubrics and the answers they ask for',
  (context) => {
    let editor = '';
    let learner = '';
    let fakeModelId = '';
    const { api } = context;

    beforeAll(async () => {
      const superAdmin = context.superAdmin.token;
      const organizationId = await createTestOrganization(context.server, unique('Acme'));
      editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      learner = (await signInAs(context.server, { role: 'user', organizationId })).token;
      fakeModelId = (await connectFakeChatModel(api(superAdmin), fake, { apiKey: FAKE_KEY, modelId: 'judge-1' }))
        .modelId;
    }, 180_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('takes a criterion given by its name alone, each left-out field at its default; a scenario without voice settings too', async () => {
      const observer = await api(editor).call(observerContent.operations.create, {
        body: { name: unique('Minimal'), rubric: [{ name: 'Listens' }], model_id: fakeModelId },
      });
      expect(observer.status).toBe(201);
      expect(observer.body.rubric).toEqual([
        { name: 'Listens', description: '', scale: '1_5', weight: 1, not_relevant_when: null },
      ]);
      const changed = await api(editor).call(observerContent.operations.update, {
        params: { id: observer.body.id },
        body: { rubric: [{ name: 'Listens', scale: 'pass_fail' }, { name: 'Closes' }] },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.rubric.map((criterion) => [criterion.scale, criterion.not_relevant_when])).toEqual([
        ['pass_fail', null],
        ['1_5', null],
      ]);
      const persona = await api(editor).call(personaContent.operations.create, {
        body: { name: unique('Margaret'), language: 'en-GB' },
      });
      const scenario = await api(editor).call(scenarioContent.operations.create, {
        body: {
          name: unique('Defaults'),
          persona_id: persona.body.id,
          observer_ids: [observer.body.id],
          language: 'en-GB',
          model_id: BUILTIN_AI_MODEL_ID,
          voice_settings: { speed: 1.2 },
        },
      });
      expect(scenario.status).toBe(201);
      expect(scenario.body.voice_settings).toEqual({
        speed: 1.2,
        turn_detection: 'voice_activity',
        silence_ms: expect.any(Number),
        recognition_model_id: null,
      });
    });

    it('asks for every criterion by a bounded schema, and marks one the answer leaves out as not assessed', async () => {
      const observer = await api(editor).call(observerContent.operations.create, {
        body: {
          name: unique('Judge'),
          rubric: [
            { name: 'Listens', scale: '1_10', weight: 2 },
            { name: 'Closes', scale: 'pass_fail' },
            { name: 'Listens', description: 'The second one, named alike' },
          ],
          model_id: fakeModelId,
        },
      });
      const persona = await api(editor).call(personaContent.operations.create, {
        body: { name: unique('Margaret'), language: 'en-GB' },
      });
      for (const [operations, id] of [
        [observerContent.operations, observer.body.id],
        [personaContent.operations, persona.body.id],
      ] as const) {
        expect((await api(editor).call(operations.publish, { params: { id } })).status).toBe(200);
      }
      const scenario = await api(editor).call(scenarioContent.operations.create, {
        body: {
          name: unique('Judged'),
          persona_id: persona.body.id,
          observer_ids: [observer.body.id],
          language: 'en-GB',
          model_id: BUILTIN_AI_MODEL_ID,
        },
      });
      expect(
        (await api(editor).call(scenarioContent.operations.publish, { params: { id: scenario.body.id } })).status,
      ).toBe(200);

      const started = await api(learner).call(sessions.create, { body: { scenario_id: scenario.body.id } });
      expect(started.status).toBe(201);
      const id = started.body.id!;
      const turn = await api(learner).call(sessions.turn, {
        params: { id },
        body: { text: 'What would make this year easier for your team?' },
      });
      expect(turn.status).toBe(200);
      const played = await api(learner).call(sessions.read, { params: { id } });
      const learnerTurn = played.body.turns.find((entry) => entry.role === 'learner')!;
      // The model scores two criteria and leaves "Closes" out.
      fake.script({
        kind: 'reply',
        text: JSON.stringify({
          criteria: {
            Listens: {
              relevant: true,
              score: 8,
              evidence: [{ turn_id: learnerTurn.id, quote: 'What would make this year easier' }],
            },
            'Listens (2)': { relevant: true, score: 3, evidence: [] },
          },
          went_well: ['An open question.'],
          to_improve: ['Ask for the order.'],
          summary: 'A good start.',
        }),
      });
      expect((await api(learner).call(sessions.end, { params: { id } })).status).toBe(200);

      let report: CoachingSessionAnalysisAnswer | undefined;
      await expect
        .poll(
          async () => {
            const answer = await api(learner).call(analyses.analysis, { params: { id }, query: {} });
            report = answer.status === 200 ? answer.body : undefined;
            return report?.status;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe('done');

      // What was asked: one required property per criterion, whole scores within each criterion's scale.
      const request = fake.completions().at(-1)!.body as {
        response_format: { json_schema: { schema: JsonSchema; strict: boolean } };
      };
      expect(request.response_format.json_schema.strict).toBe(true);
      const criteria = request.response_format.json_schema.schema.properties!.criteria!;
      expect(criteria.required).toEqual(['Listens', 'Closes', 'Listens (2)']);
      expect(criteria.additionalProperties).toBe(false);
      const score = (key: string) => criteria.properties![key]!.properties!.score!;
      expect([score('Listens'), score('Closes'), score('Listens (2)')]).toEqual([
        { type: 'integer', minimum: 1, maximum: 10 },
        { type: 'integer', minimum: 0, maximum: 1 },
        { type: 'integer', minimum: 1, maximum: 5 },
      ]);

      // What was kept: the left-out criterion is not assessed and does not count; the report is not failed.
      const observerReport = report!.observers[0]!;
      expect(observerReport.status).toBe('done');
      expect(
        observerReport.criteria.map(({ name, score: given, relevant, assessed }) => [name, given, relevant, assessed]),
      ).toEqual([
        ['Listens', 8, true, true],
        ['Closes', null, false, false],
        ['Listens', 3, true, true],
      ]);
      expect(observerReport.criteria[0]!.evidence).toEqual([
        { turn_id: learnerTurn.id, quote: 'What would make this year easier' },
      ]);
      // (8 − 1) / 9 × 100 weighted 2, (3 − 1) / 4 × 100 weighted 1.
      expect(observerReport.score).toBe(Math.round(((7 / 9) * 100 * 2 + 50) / 3));
    });
  },
  {
    env: async () => {
      fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['judge-1'] });
      return { AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
  },
);

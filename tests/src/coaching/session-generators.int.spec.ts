import {
  BUILTIN_AI_MODEL_ID,
  generatedDraftItemId,
  generatedDraftScenarioId,
  queueBackgroundJob,
  runSessionGeneration,
} from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  backgroundJobOperations as jobs,
  coachingSessionOperations as sessions,
  missionContent,
  observerContent,
  personaContent,
  scenarioContent,
  sessionGeneratorOperations as generators,
  type BackgroundJobAnswer,
} from '@ai-coaching/contracts';
import { builtinScenarioDraft, coachingItemDecider, coachingItemStreamId } from '@ai-coaching/domain';
import { handleCommand, newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectFakeChatModel } from '../fakes/fake-chat-model.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';

// The session generator (docs/coaching-session-generators.md) through the API, with its runs in this process's
// queue: three drafts with the built-in provider, three with the fake OpenAI-compatible server (one scripted draft
// invalid), drafts opened, one published and played to a win; tenancy and roles.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const FAKE_KEY = 'sk-fake-generator-0123456789';

const brief = {
  skill: 'handling price objections',
  audience: 'new account managers',
  industry: 'logistics',
  difficulty: 2,
  language: 'en-GB' as const,
  count: 3,
};

/** A draft as the fake model answers it; `persona` overrides its persona's fields (a field out of bounds). */
const fakeDraft = (n: number, persona: Record<string, unknown> = {}) =>
  JSON.stringify({
    ...builtinScenarioDraft({ ...brief, index: n }),
    persona: { ...builtinScenarioDraft({ ...brief, index: n }).persona, name: `Fake persona ${n}`, ...persona },
    scenario: { name: `Fake scenario ${n}`, description: 'Drafted by the fake model.' },
  });

let fake: FakeOpenAiServer;
const a = { editor: '', operator: '', learner: '', editorId: '' };

await describeApi(
  '[COACHING]: session generators',
  (context) => {
    const b = { editor: '', operator: '' };
    let fakeModelId = '';
    const { api } = context;

    const finished = async (token: string, id: string) => {
      let job: BackgroundJobAnswer | undefined;
      await expect
        .poll(
          async () => {
            const read = await api(token).call(jobs.read, { params: { id } });
            job = read.status === 200 ? read.body : undefined;
            return job?.status;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toMatch(/^(completed|failed)$/);
      return job!;
    };
    const generate = (token: string, id: string, key?: string) =>
      api(token).call(
        generators.generate,
        { params: { id } },
        key === undefined ? {} : { headers: { 'idempotency-key': key } },
      );

    beforeAll(async () => {
      const superAdmin = context.superAdmin.token;
      const organizationId = await createTestOrganization(context.server, unique('Acme'));
      const editor = await signInAs(context.server, { role: 'editor', organizationId });
      a.editor = editor.token;
      a.editorId = editor.userId;
      a.operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
      a.learner = (await signInAs(context.server, { role: 'user', organizationId })).token;
      const other = await createTestOrganization(context.server, unique('Beta'));
      b.editor = (await signInAs(context.server, { role: 'editor', organizationId: other })).token;
      b.operator = (await signInAs(context.server, { role: 'operator', organizationId: other })).token;
      fakeModelId = (await connectFakeChatModel(api(superAdmin), fake, { apiKey: FAKE_KEY, modelId: 'llama3.1' }))
        .modelId;
    }, 180_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('saves, reads, changes and deletes a brief, on the built-in model unless told; bad input names its field', async () => {
      const created = await api(a.editor).call(generators.create, { body: { name: unique('Price'), ...brief } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...brief, model_id: BUILTIN_AI_MODEL_ID, created_by: a.editorId });
      const id = created.body.id;

      const tooMany = await api(a.editor).call(generators.create, {
        body: { name: 'Too many', ...brief, count: 11 },
      });
      expect(tooMany.status).toBe(400);
      expect(JSON.stringify(tooMany.body)).toContain('count');
      const unknownModel = await api(a.editor).call(generators.create, {
        body: { name: 'Unknown model', ...brief, model_id: newId() },
      });
      expect([unknownModel.status, unknownModel.body]).toMatchObject([
        404,
        { code: 'coaching_reference_not_found', details: { issues: [{ path: 'model_id' }] } },
      ]);

      const changed = await api(a.editor).call(generators.update, {
        params: { id },
        body: { count: 2, language: 'fr-FR' },
      });
      expect([changed.status, changed.body.count, changed.body.language]).toEqual([200, 2, 'fr-FR']);
      const listed = await api(a.operator).call(generators.list, { query: {} });
      expect(listed.body.items.map((item) => item.id)).toContain(id);
      expect((await api(b.operator).call(generators.list, { query: {} })).body.items.map((i) => i.id)).not.toContain(
        id,
      );

      expect((await api(a.editor).call(generators.delete, { params: { id } })).status).toBe(204);
      expect((await api(a.editor).call(generators.read, { params: { id } })).status).toBe(404);
    });

    it('keeps each organization to its own generators and each role to its permissions', async () => {
      const id = (await api(a.editor).call(generators.create, { body: { name: unique('Mine'), ...brief } })).body.id;
      for (const token of [b.editor, b.operator]) {
        expect((await api(token).call(generators.read, { params: { id } })).status).toBe(404);
        expect((await api(token).call(generators.update, { params: { id }, body: { count: 1 } })).status).toBe(404);
        expect((await generate(token, id)).status).toBe(404);
        expect((await api(token).call(generators.delete, { params: { id } })).status).toBe(404);
      }
      // Learners play content; they neither manage nor run generators.
      expect((await api(a.learner).call(generators.list, { query: {} })).status).toBe(403);
      expect((await api(a.learner).call(generators.create, { body: { name: 'No', ...brief } })).status).toBe(403);
      expect((await generate(a.learner, id)).status).toBe(403);
      expect((await api(a.editor).call(generators.read, { params: { id } })).status).toBe(200);
    });

    let builtinDrafts: string[] = [];
    let builtinGenerator = '';

    it('drafts three scenarios with the built-in provider as a job with progress, once per Idempotency-Key', async () => {
      const id = (await api(a.editor).call(generators.create, { body: { name: unique('Offline'), ...brief } })).body.id;
      builtinGenerator = id;
      const key = newId();
      const started = await generate(a.editor, id, key);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ kind: 'coaching.session-generation', total: 3 });
      expect(['queued', 'running', 'completed']).toContain(started.body.status);
      const again = await generate(a.editor, id, key);
      expect(again.body.id).toBe(started.body.id);

      const job = await finished(a.editor, started.body.id);
      expect(job).toMatchObject({ status: 'completed', progress: 100, succeeded: 3, failed: 0 });
      expect(job.input).toMatchObject({ generator_id: id, ...brief, model_id: BUILTIN_AI_MODEL_ID });
      builtinDrafts = job.results.map((result) => result.item);
      expect(job.results.every((result) => result.outcome === 'succeeded')).toBe(true);

      // Each draft opens as a draft, with its persona, mission and observer drafts, all the organization's.
      const names = new Set<string>();
      for (const scenarioId of builtinDrafts) {
        const scenario = await api(a.editor).call(scenarioContent.operations.read, { params: { id: scenarioId } });
        expect(scenario.status).toBe(200);
        expect(scenario.body).toMatchObject({ status: 'draft', editable: true, language: 'en-GB', mode: 'text' });
        names.add(String(scenario.body['name']));
        const persona = await api(a.editor).call(personaContent.operations.read, {
          params: { id: String(scenario.body['persona_id']) },
        });
        expect(persona.body).toMatchObject({ status: 'draft', difficulty: 2 });
        const mission = await api(a.editor).call(missionContent.operations.read, {
          params: { id: String(scenario.body['mission_id']) },
        });
        expect(mission.body['status']).toBe('draft');
        const observer = await api(a.editor).call(observerContent.operations.read, {
          params: { id: (scenario.body['observer_ids'] as string[])[0]! },
        });
        expect(observer.body).toMatchObject({ status: 'draft', model_id: BUILTIN_AI_MODEL_ID });
        // Drafts are nobody else's business: not the learners', not another organization's.
        expect(
          (await api(a.learner).call(scenarioContent.operations.read, { params: { id: scenarioId } })).status,
        ).toBe(404);
        expect((await api(b.editor).call(scenarioContent.operations.read, { params: { id: scenarioId } })).status).toBe(
          404,
        );
      }
      expect(names.size).toBe(3);

      // The starter and the organization's operators follow the job; another organization does not.
      expect((await api(a.operator).call(jobs.read, { params: { id: job.id } })).status).toBe(200);
      expect((await api(b.operator).call(jobs.read, { params: { id: job.id } })).status).toBe(404);
      expect((await api(a.learner).call(jobs.read, { params: { id: job.id } })).status).toBe(404);
    });

    it('publishes a draft with its persona, mission and observer in one call, idempotently, and a learner plays it to a win', async () => {
      const scenarioId = builtinDrafts[0]!;
      const scenario = (await api(a.editor).call(scenarioContent.operations.read, { params: { id: scenarioId } })).body;
      const personaId = String(scenario['persona_id']);
      const missionId = String(scenario['mission_id']);
      const observerId = (scenario['observer_ids'] as string[])[0]!;
      const publishDraft = (token: string, id = builtinGenerator, draftId = scenarioId) =>
        api(token).call(generators.publishDraft, { params: { id, draft_id: draftId } });

      // Not another organization's, not a learner's, not a scenario this generator did not draft.
      const foreign = await publishDraft(b.editor);
      expect([foreign.status, foreign.body]).toMatchObject([404, { code: 'session_generator_not_found' }]);
      // Nor through a generator of its own: its runs did not save that draft.
      const theirs = (await api(b.editor).call(generators.create, { body: { name: unique('Theirs'), ...brief } })).body;
      const sideways = await publishDraft(b.editor, theirs.id);
      expect([sideways.status, sideways.body]).toMatchObject([404, { code: 'session_generator_draft_not_found' }]);
      expect((await publishDraft(a.learner)).status).toBe(403);
      const unknown = await publishDraft(a.editor, builtinGenerator, newId());
      expect([unknown.status, unknown.body]).toMatchObject([404, { code: 'session_generator_draft_not_found' }]);
      const still = await api(a.editor).call(personaContent.operations.read, { params: { id: personaId } });
      expect(still.body['status']).toBe('draft');

      const published = await publishDraft(a.editor);
      expect(published.status).toBe(200);
      expect(published.body).toEqual({
        scenario_id: scenarioId,
        items: [
          { kind: 'persona', id: personaId, version: 1, published_now: true },
          { kind: 'mission', id: missionId, version: 1, published_now: true },
          { kind: 'observer', id: observerId, version: 1, published_now: true },
          { kind: 'scenario', id: scenarioId, version: 1, published_now: true },
        ],
      });
      for (const [operations, id] of [
        [personaContent.operations, personaId],
        [missionContent.operations, missionId],
        [observerContent.operations, observerId],
        [scenarioContent.operations, scenarioId],
      ] as const) {
        const read = await api(a.editor).call(operations.read, { params: { id } });
        expect([id, read.body['status'], read.body['published_version']]).toEqual([id, 'published', 1]);
      }
      // A retry publishes nothing more and answers the same items.
      const again = await publishDraft(a.editor);
      expect(again.status).toBe(200);
      expect(again.body.items.map((item) => [item.id, item.version, item.published_now])).toEqual(
        published.body.items.map((item) => [item.id, item.version, false]),
      );
      expect(
        (await context.server.platform.store.readStream(coachingItemStreamId(scenarioId))).map((event) => event.type),
      ).toEqual(['CoachingItemCreated', 'CoachingItemPublished']);

      // A learner plays it on the built-in engine and wins with a sensible conversation.
      const started = await api(a.learner).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      let status: string | undefined;
      for (const text of [
        'Thanks for making time today. How has the last year gone for your team?',
        'What is behind the low usage in the rest of the team?',
        'I hear you, an increase is hard to accept when half the team is not using it.',
        'If you commit to a two-year term, we can hold the price and include a training day for your team.',
        'Customers like you cut their reporting time by 30% within three months; I can send you the case study.',
        'Shall we book a call with your finance director next Tuesday at 10 to go through the figures?',
      ]) {
        const turn = await api(a.learner).call(sessions.turn, { params: { id: started.body.id! }, body: { text } });
        expect(turn.status).toBe(200);
        status = turn.body.status;
        if (status === 'win' || status === 'loose' || status === 'end') break;
      }
      expect(status).toBe('win');
    });

    it('publishes nothing of a draft when one of its items is refused', async () => {
      const scenarioId = builtinDrafts[1]!;
      const scenario = (await api(a.editor).call(scenarioContent.operations.read, { params: { id: scenarioId } })).body;
      const observerId = (scenario['observer_ids'] as string[])[0]!;
      expect((await api(a.editor).send('POST', `/v1/coaching/observers/${observerId}/archive`)).status).toBe(200);

      const refused = await api(a.editor).call(generators.publishDraft, {
        params: { id: builtinGenerator, draft_id: scenarioId },
      });
      expect([refused.status, refused.body]).toMatchObject([
        409,
        { code: 'coaching_item_archived', details: { id: observerId } },
      ]);
      for (const [operations, id] of [
        [personaContent.operations, String(scenario['persona_id'])],
        [missionContent.operations, String(scenario['mission_id'])],
        [scenarioContent.operations, scenarioId],
      ] as const) {
        const read = await api(a.editor).call(operations.read, { params: { id } });
        expect([id, read.body['status']]).toEqual([id, 'draft']);
      }

      // Restored, the same call publishes all four.
      expect((await api(a.editor).send('POST', `/v1/coaching/observers/${observerId}/restore`)).status).toBe(200);
      const published = await api(a.editor).call(generators.publishDraft, {
        params: { id: builtinGenerator, draft_id: scenarioId },
      });
      expect([published.status, published.body.items?.length]).toEqual([200, 4]);
    });

    it('resumes a run cut short after a draft’s first item, saving each item once, and a run again changes nothing', async () => {
      const generator = (
        await api(a.editor).call(generators.create, { body: { name: unique('Resumed'), ...brief, count: 2 } })
      ).body;
      // What a start records, without its queue job: the try that "crashed" is played by hand below.
      const jobId = newId();
      const items = [0, 1].map((index) => generatedDraftScenarioId(jobId, index));
      await queueBackgroundJob(
        context.server.platform,
        { correlationId: 'test' },
        {
          jobId,
          kind: 'coaching.session-generation',
          organizationId: generator.organization_id,
          startedBy: a.editorId,
          input: { generator_id: generator.id, ...brief, count: 2, model_id: BUILTIN_AI_MODEL_ID },
          items,
        },
      );
      // The crashed try had created the first draft's persona, under the ids and command id a try uses.
      const personaId = generatedDraftItemId(items[0]!, 'persona');
      const draft = builtinScenarioDraft({ ...brief, index: 0 });
      await handleCommand(
        context.server.platform.store,
        coachingItemStreamId(personaId),
        coachingItemDecider,
        {
          type: 'CreateCoachingItem',
          data: {
            itemId: personaId,
            kind: 'persona',
            organizationId: generator.organization_id,
            fields: { ...draft.persona, language: 'en-GB', avatar_image_id: null, voice_id: null },
            userId: a.editorId,
          },
          metadata: { now: new Date().toISOString() },
        },
        { commandId: `session-generation-${personaId}` },
      );

      const payload = { organizationId: generator.organization_id, jobId };
      const run = { lastAttempt: false, causationId: 'test' };
      expect(await runSessionGeneration(context.server.platform, payload, run)).toBe('completed');
      const job = await finished(a.editor, jobId);
      expect(job).toMatchObject({ status: 'completed', succeeded: 2, failed: 0 });
      const persona = await context.server.platform.store.readStream(coachingItemStreamId(personaId));
      expect(persona.map((event) => event.type)).toEqual(['CoachingItemCreated']);
      const scenario = await api(a.editor).call(scenarioContent.operations.read, { params: { id: items[0]! } });
      expect(scenario.body['persona_id']).toBe(personaId);

      // The queue job run again (a retry after the last item) finds nothing to do.
      expect(await runSessionGeneration(context.server.platform, payload, run)).toBe('nothing');
      for (const item of items) {
        expect((await context.server.platform.store.readStream(coachingItemStreamId(item))).length).toBe(1);
      }
    });

    it('drafts through the fake OpenAI-compatible server: an invalid draft is reported failed and nothing of it is saved', async () => {
      const id = (
        await api(a.editor).call(generators.create, {
          body: { name: unique('Online'), ...brief, model_id: fakeModelId },
        })
      ).body.id;
      fake.reset();
      // The second draft's persona is harder than any persona may be: the model's JSON has the right shape,
      // the content is not valid content.
      fake.script(
        { kind: 'reply', text: fakeDraft(0) },
        { kind: 'reply', text: fakeDraft(1, { difficulty: 9, name: 'Invalid persona' }) },
        { kind: 'reply', text: fakeDraft(2) },
      );
      const started = await generate(a.editor, id, newId());
      expect(started.status).toBe(202);
      const job = await finished(a.editor, started.body.id);
      expect(job).toMatchObject({ status: 'completed', progress: 100, succeeded: 2, failed: 1 });
      const [first, invalid, third] = job.results;
      expect([first!.outcome, invalid!.outcome, third!.outcome]).toEqual(['succeeded', 'failed', 'succeeded']);
      expect(invalid!.detail).toBe('generated_draft_invalid');

      const request = fake.completions()[0]!.body!;
      expect(request['response_format']).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'scenario_draft' },
      });
      expect(JSON.stringify(request['messages'])).toContain('handling price objections');

      for (const [result, n] of [
        [first!, 0],
        [third!, 2],
      ] as const) {
        const scenario = await api(a.editor).call(scenarioContent.operations.read, { params: { id: result.item } });
        expect(scenario.body).toMatchObject({ status: 'draft', name: `Fake scenario ${n}`, model_id: fakeModelId });
      }
      expect(
        (await api(a.editor).call(scenarioContent.operations.read, { params: { id: invalid!.item } })).status,
      ).toBe(404);
      expect(await context.server.platform.store.readStream(coachingItemStreamId(invalid!.item))).toEqual([]);
      const personas = await api(a.editor).call(personaContent.operations.list, {
        query: { q: 'Invalid persona' },
      });
      expect(personas.body.items).toEqual([]);
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

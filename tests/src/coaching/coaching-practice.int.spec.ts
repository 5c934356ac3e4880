import { BUILTIN_AI_MODEL_ID, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingPracticeOperations as practice,
  coachingSessionOperations as sessions,
  observerContent,
  personaContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { beforeAll, expect, it } from 'vitest';
import { unique } from './session-fixtures.js';

/** Issue 23 item 3: what a learner's home shows them, theirs alone. */
await describeApi("[COACHING]: the learner's practice home", (context) => {
  const a = { editor: '', learner: '', scenario: '' };
  const b = { learner: '' };
  const { api } = context;

  beforeAll(async () => {
    const organization = await createTestOrganization(context.server, unique('Acme'));
    a.editor = (await signInAs(context.server, { role: 'editor', organizationId: organization })).token;
    a.learner = (await signInAs(context.server, { role: 'user', organizationId: organization })).token;
    b.learner = (
      await signInAs(context.server, { role: 'user', organizationId: await createTestOrganization(context.server) })
    ).token;
    // An organization's own voice scenario, on a hard persona, for Acme's people only.
    const publish = async (
      operations: { create: { path: string }; publish: { path: string } },
      body: Record<string, unknown>,
    ) => {
      const created = await api(a.editor).send<{ id: string }>('POST', operations.create.path, { body });
      await api(a.editor).send('POST', operations.publish.path.replace(':id', created.body.id));
      return created.body.id;
    };
    const persona = await publish(personaContent.operations, {
      name: unique('Harriet'),
      language: 'fr-FR',
      difficulty: 5,
    });
    const observer = await publish(observerContent.operations, {
      name: unique('Coach'),
      rubric: [{ name: 'Écoute' }],
      model_id: BUILTIN_AI_MODEL_ID,
    });
    a.scenario = await publish(scenarioContent.operations, {
      name: unique('Appel difficile'),
      persona_id: persona,
      observer_ids: [observer],
      language: 'fr-FR',
      mode: 'voice',
      time_limit_seconds: 600,
      model_id: BUILTIN_AI_MODEL_ID,
    });
  }, 120_000);

  it('lists the scenarios the caller may play with what each means, in their language first', async () => {
    const french = await api(a.learner).call(practice.home, { query: { language: 'fr-FR' } });
    expect(french.status).toBe(200);
    const languages = french.body.scenarios.map((scenario) => scenario.language);
    const firstOther = languages.findIndex((language) => language !== 'fr-FR');
    expect(languages.slice(firstOther).every((language) => language !== 'fr-FR')).toBe(true);
    expect(french.body.scenarios.find((scenario) => scenario.id === a.scenario)).toMatchObject({
      mode: 'voice',
      language: 'fr-FR',
      difficulty: 5,
      time_limit_seconds: 600,
      price_credits: 0,
      best_status: null,
      best_score: null,
      sessions: 0,
    });
    // The starter library is there too; another organization's scenario is not.
    const library = starterLibraryItemId('scenario', 'price', 'en-GB');
    expect(french.body.scenarios.map((scenario) => scenario.id)).toContain(library);
    const other = await api(b.learner).call(practice.home, { query: {} });
    expect(other.body.scenarios.map((scenario) => scenario.id)).not.toContain(a.scenario);
    expect(other.body.scenarios.map((scenario) => scenario.id)).toContain(library);
  });

  it('gives the caller’s best result and latest sessions, and nobody else’s', async () => {
    const library = starterLibraryItemId('scenario', 'price', 'en-GB');
    const started = await api(a.learner).call(sessions.create, { body: { scenario_id: library } });
    expect(started.status).toBe(201);
    const id = started.body.id!;
    expect((await api(a.learner).call(sessions.end, { params: { id } })).status).toBe(200);

    const home = await api(a.learner).call(practice.home, { query: { language: 'en-GB' } });
    expect(home.body.scenarios.find((scenario) => scenario.id === library)).toMatchObject({
      best_status: 'end',
      sessions: 1,
    });
    expect(home.body.recent_sessions[0]).toMatchObject({ id, scenario_id: library, status: 'end' });
    expect(home.body.available_credits).toEqual(expect.any(Number));
    const other = await api(b.learner).call(practice.home, { query: {} });
    expect(other.body.recent_sessions).toEqual([]);
    expect(other.body.scenarios.find((scenario) => scenario.id === library)).toMatchObject({
      best_status: null,
      sessions: 0,
    });
  });
});

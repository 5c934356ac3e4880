import { BUILTIN_AI_MODEL_ID, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingAnalysisRerunOperations as reruns,
  observerContent,
  personaContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

// What a bulk re-run of reports may target (`POST /v1/coaching/analysis_reruns`, docs/coaching-sessions.md
// "Reports"): a scenario or an observer the caller's organization may use. An unknown one, or another
// organization's, answers 404 naming the field, role by role, and no job is made for it.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const period = { from: '2026-01-01', to: '2026-02-01' };

await describeApi('[COACHING]: the targets of a bulk re-run of reports', (context) => {
  const { api } = context;
  const tokens = { superAdmin: '', operatorA: '', editorA: '', learnerA: '', operatorB: '' };
  /** Content of each organization: a draft persona, observer and scenario. */
  const content = {
    a: { persona: '', observer: '', scenario: '' },
    b: { persona: '', observer: '', scenario: '' },
  };
  const library = {
    scenario: starterLibraryItemId('scenario', 'price', 'en-GB'),
    observer: starterLibraryItemId('observer', 'negotiation', 'en-GB'),
  };

  const start = (token: string, target: { scenario_id?: string; observer_id?: string }) =>
    api(token).call(reruns.start, { body: { ...target, ...period } });
  const jobCount = async () =>
    Number(
      (await context.server.platform.db.query<{ count: string }>('SELECT count(*) AS count FROM rm_background_jobs'))
        .rows[0]!.count,
    );
  /** A 404 naming the field, and no job started for it. */
  const notFound = async (token: string, target: { scenario_id?: string; observer_id?: string }, field: string) => {
    const jobs = await jobCount();
    const answer = await start(token, target);
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toEqual({
      code: 'coaching_item_not_found',
      message: 'This item does not exist.',
      details: { issues: [{ path: field, message: 'This item does not exist.' }] },
    });
    expect(await jobCount()).toBe(jobs);
  };

  const made = async (token: string) => {
    const persona = await api(token).call(personaContent.operations.create, {
      body: { name: unique('Sam'), language: 'en-GB' },
    });
    const observer = await api(token).call(observerContent.operations.create, {
      body: {
        name: unique('Coach'),
        model_id: BUILTIN_AI_MODEL_ID,
        rubric: [{ name: 'Close', description: 'Asks', scale: '1_5', weight: 1, not_relevant_when: null }],
      },
    });
    const scenario = await api(token).call(scenarioContent.operations.create, {
      body: {
        name: unique('Call'),
        persona_id: persona.body.id,
        observer_ids: [observer.body.id],
        language: 'en-GB',
        model_id: BUILTIN_AI_MODEL_ID,
      },
    });
    expect(scenario.status).toBe(201);
    return { persona: persona.body.id, observer: observer.body.id, scenario: scenario.body.id };
  };

  beforeAll(async () => {
    tokens.superAdmin = context.superAdmin.token;
    const a = await createTestOrganization(context.server, unique('Acme'));
    const b = await createTestOrganization(context.server, unique('Beta'));
    tokens.operatorA = (await signInAs(context.server, { role: 'operator', organizationId: a })).token;
    tokens.editorA = (await signInAs(context.server, { role: 'editor', organizationId: a })).token;
    tokens.learnerA = (await signInAs(context.server, { role: 'user', organizationId: a })).token;
    tokens.operatorB = (await signInAs(context.server, { role: 'operator', organizationId: b })).token;
    content.a = await made(tokens.editorA);
    content.b = await made((await signInAs(context.server, { role: 'editor', organizationId: b })).token);
  }, 120_000);

  it('starts a job for the organization’s own content, drafts and archived included, and the library’s', async () => {
    expect((await start(tokens.operatorA, { scenario_id: content.a.scenario })).status).toBe(202);
    expect((await start(tokens.operatorA, { observer_id: content.a.observer })).status).toBe(202);
    const archiving = await api(tokens.editorA).call(scenarioContent.operations.archive, {
      params: { id: content.a.scenario },
    });
    expect(archiving.body.status).toBe('archived');
    const archived = await start(tokens.operatorA, { scenario_id: content.a.scenario });
    expect(archived.status).toBe(202);
    expect(archived.body).toMatchObject({ kind: 'coaching.analysis-rerun', total: 0 });
    expect(
      (await start(tokens.operatorA, { scenario_id: library.scenario, observer_id: library.observer })).status,
    ).toBe(202);
    expect((await start(tokens.operatorB, { scenario_id: content.b.scenario })).status).toBe(202);
    // A super-admin re-runs the reports of their own (platform) organization's sessions: the library's content.
    expect((await start(tokens.superAdmin, { scenario_id: library.scenario })).status).toBe(202);
  });

  it('answers 404 naming the field for an unknown scenario or observer, or one of the wrong kind', async () => {
    await notFound(tokens.operatorA, { scenario_id: newId() }, 'scenario_id');
    await notFound(tokens.operatorA, { observer_id: newId() }, 'observer_id');
    await notFound(tokens.operatorA, { scenario_id: content.a.persona }, 'scenario_id');
    await notFound(tokens.operatorA, { observer_id: content.a.scenario }, 'observer_id');
    await notFound(tokens.operatorA, { scenario_id: content.a.scenario, observer_id: newId() }, 'observer_id');
  });

  it('answers 404 for another organization’s scenario or observer, to operators and super-admins alike', async () => {
    for (const token of [tokens.operatorA, tokens.superAdmin]) {
      await notFound(token, { scenario_id: content.b.scenario }, 'scenario_id');
      await notFound(token, { observer_id: content.b.observer }, 'observer_id');
      await notFound(token, { scenario_id: library.scenario, observer_id: content.b.observer }, 'observer_id');
    }
    await notFound(tokens.operatorB, { scenario_id: content.a.scenario }, 'scenario_id');
  });

  it('refuses the roles that may not re-run reports before looking at the target (403)', async () => {
    for (const token of [tokens.editorA, tokens.learnerA]) {
      expect((await start(token, { scenario_id: content.b.scenario })).status).toBe(403);
      expect((await start(token, { scenario_id: newId() })).status).toBe(403);
    }
  });
});

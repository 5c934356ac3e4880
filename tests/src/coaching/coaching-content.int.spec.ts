import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiSpeechVoiceOperations as voices,
  coachingForkOperations as forks,
  coachingShareOperations as shares,
  missionContent,
  observerContent,
  personaContent,
  playlistContent,
  scenarioContent,
  userGroupOperations as groups,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const personas = personaContent.operations;
const missions = missionContent.operations;
const observers = observerContent.operations;
const scenarios = scenarioContent.operations;
const playlists = playlistContent.operations;

const rubric = [
  {
    name: 'Opening',
    description: 'Greets and states the purpose',
    scale: 'pass_fail',
    weight: 1,
    not_relevant_when: null,
  },
  { name: 'Discovery', description: 'Asks open questions', scale: '1_5', weight: 2, not_relevant_when: null },
  {
    name: 'Closing',
    description: 'Agrees a next step',
    scale: '1_10',
    weight: 1,
    not_relevant_when: 'The prospect ends the call early',
  },
] as const;

await describeApi('[COACHING]: personas, missions, observers, scenarios and playlists', (context) => {
  const a = { organizationId: '', editor: '', learner: '', learnerId: '' };
  const b = { organizationId: '', editor: '', learner: '' };
  const { api } = context;

  const persona = (token: string, name = unique('Alex')) =>
    api(token).call(personas.create, { body: { name, language: 'en-GB', personality: 'Sceptical buyer' } });
  const observer = (token: string) =>
    api(token).call(observers.create, {
      body: { name: unique('Sales coach'), rubric: [...rubric], model_id: BUILTIN_AI_MODEL_ID },
    });
  const scenario = (token: string, personaId: string, observerIds: string[], missionId: string | null = null) =>
    api(token).call(scenarios.create, {
      body: {
        name: unique('Cold call'),
        persona_id: personaId,
        mission_id: missionId,
        observer_ids: observerIds,
        language: 'en-GB',
        model_id: BUILTIN_AI_MODEL_ID,
      },
    });

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    a.editor = (await signInAs(context.server, { role: 'editor', organizationId: a.organizationId })).token;
    const learner = await signInAs(context.server, { role: 'user', organizationId: a.organizationId });
    a.learner = learner.token;
    a.learnerId = learner.userId;
    b.organizationId = await createTestOrganization(context.server, unique('Beta'));
    b.editor = (await signInAs(context.server, { role: 'editor', organizationId: b.organizationId })).token;
    b.learner = (await signInAs(context.server, { role: 'user', organizationId: b.organizationId })).token;
  }, 120_000);

  it('creates a draft with the kind’s defaults, versions it on publish, and keeps each version', async () => {
    const created = await persona(a.editor, 'Alex Martin');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      organization_id: a.organizationId,
      status: 'draft',
      version: 1,
      published_version: null,
      origin: null,
      editable: true,
      created_by: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      name: 'Alex Martin',
      language: 'en-GB',
      avatar_image_id: null,
      job_title: '',
      company: '',
      personality: 'Sceptical buyer',
      background: '',
      difficulty: 3,
      mood: 'neutral',
      speaking_style: '',
      voice_id: null,
      instructions: '',
      // What the built-in practice engine plays from (issue 25), at their defaults.
      knowledge: [],
      motivations: [],
      patience: 3,
      openness: 3,
    });
    const id = created.body.id;
    // A draft is for those who edit: a learner of the organization does not see it.
    const hidden = await api(a.learner).call(personas.list, { query: { q: 'Alex Martin' } });
    expect(hidden.body.items).toEqual([]);

    const edited = await api(a.editor).call(personas.update, { params: { id }, body: { difficulty: 4 } });
    expect(edited.body).toMatchObject({ version: 1, difficulty: 4, status: 'draft' });
    const published = await api(a.editor).call(personas.publish, { params: { id } });
    expect(published.body).toMatchObject({ status: 'published', version: 1, published_version: 1 });
    // Publishing again changes nothing.
    expect((await api(a.editor).call(personas.publish, { params: { id } })).body.published_version).toBe(1);

    const next = await api(a.editor).call(personas.update, { params: { id }, body: { mood: 'irritated' } });
    expect(next.body).toMatchObject({ version: 2, published_version: 1, mood: 'irritated' });
    // The learner sees version 1 as it was published, not the changes under way.
    const seen = await api(a.learner).call(personas.read, { params: { id } });
    expect(seen.body).toMatchObject({ version: 1, mood: 'neutral', difficulty: 4, editable: false });

    await api(a.editor).call(personas.publish, { params: { id } });
    const versions = await api(a.editor).call(personas.versions, { params: { id } });
    expect(versions.body.items.map((version) => version.version)).toEqual([2, 1]);
    const first = await api(a.learner).call(personas.version, { params: { id, version: 1 } });
    expect(first.body).toMatchObject({ id, version: 1, mood: 'neutral', name: 'Alex Martin' });
    expect((await api(a.learner).call(personas.version, { params: { id, version: 9 } })).body).toMatchObject({
      code: 'coaching_version_not_found',
    });
    expect((await api(a.learner).call(personas.read, { params: { id } })).body).toMatchObject({
      version: 2,
      mood: 'irritated',
    });
  });

  it('keeps each organization’s content its own: 404 across organizations, 403 without the permission', async () => {
    const own = (await persona(a.editor)).body;
    await api(a.editor).call(personas.publish, { params: { id: own.id } });
    for (const call of [
      api(b.editor).call(personas.read, { params: { id: own.id } }),
      api(b.editor).call(personas.update, { params: { id: own.id }, body: { name: 'Taken' } }),
      api(b.editor).call(personas.delete, { params: { id: own.id } }),
      api(b.editor).call(personas.publish, { params: { id: own.id } }),
      api(b.editor).call(forks.persona, { params: { id: own.id } }),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect((await api(b.editor).call(personas.list, { query: { q: own.name } })).body.items).toEqual([]);
    // A learner reads but does not write.
    expect((await persona(a.learner)).status).toBe(403);
    expect((await api(a.learner).call(personas.update, { params: { id: own.id }, body: { name: 'x' } })).status).toBe(
      403,
    );
    expect((await api(a.learner).call(personas.read, { params: { id: own.id } })).status).toBe(200);
  });

  it('forks library content into an organization, records its origin, and copies what it may edit', async () => {
    const library = (await persona(context.superAdmin.token, unique('Library Lee'))).body;
    expect(library.organization_id).toBeNull();
    // Unpublished library content is the super-admins’ alone.
    expect((await api(a.editor).call(personas.read, { params: { id: library.id } })).status).toBe(404);
    await api(context.superAdmin.token).call(personas.publish, { params: { id: library.id } });
    const read = await api(a.editor).call(personas.read, { params: { id: library.id } });
    expect(read.body.editable).toBe(false);
    expect(
      (await api(a.editor).call(personas.update, { params: { id: library.id }, body: { name: 'Mine' } })).status,
    ).toBe(404);

    const fork = await api(a.editor).call(forks.persona, { params: { id: library.id } });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({
      organization_id: a.organizationId,
      status: 'draft',
      editable: true,
      // Named apart from its source, in the caller's language, so pickers never list two alike.
      name: `${library.name} (fork)`,
      origin: { type: 'fork', id: library.id, version: 1, title: library.name },
    });
    const frenchFork = await api(a.editor).call(
      forks.persona,
      { params: { id: library.id } },
      { headers: { 'accept-language': 'fr-FR' } },
    );
    expect(frenchFork.body.name).toBe(`${library.name} (duplicata)`);
    const forkedAgain = await api(a.editor).call(forks.persona, { params: { id: fork.body.id } });
    expect(forkedAgain.status).toBe(409);
    expect(forkedAgain.body).toMatchObject({ code: 'coaching_fork_own_item' });

    const copy = await api(a.editor).call(personas.create, {
      body: { copy_from: fork.body.id, name: 'Lee, softer', mood: 'friendly', language: 'fr-FR' },
    });
    expect(copy.body).toMatchObject({
      name: 'Lee, softer',
      mood: 'friendly',
      language: 'fr-FR',
      origin: { type: 'copy', id: fork.body.id, version: 1 },
    });
    const plainCopy = await api(a.editor).call(personas.create, {
      body: { copy_from: fork.body.id, name: `${library.name} (copy)`, language: 'en-GB' },
    });
    expect(plainCopy.body.personality).toBe('Sceptical buyer');

    // The list's source filter tells the library from the organization's own content.
    const named = async (source: 'own' | 'library' | 'shared') =>
      (await api(a.editor).call(personas.list, { query: { q: library.name, source, page_size: 48 } })).body.items.map(
        (item) => item.id,
      );
    expect(await named('library')).toEqual([library.id]);
    expect((await named('own')).sort()).toEqual([fork.body.id, frenchFork.body.id, plainCopy.body.id].sort());
    expect(await named('shared')).toEqual([]);
    expect(
      (await api(context.superAdmin.token).call(personas.list, { query: { q: library.name, source: 'library' } })).body
        .items,
    ).toHaveLength(1);
  });

  it('combines a persona, a mission and two observers into a scenario, published only once they are', async () => {
    const alex = (await persona(a.editor)).body;
    const mission = await api(a.editor).call(missions.create, {
      body: {
        title: unique('Book a demo'),
        goal: 'Get a meeting',
        success_criteria: ['next Tuesday'],
        failure_conditions: ['not interested'],
        turn_limit: 12,
      },
    });
    expect(mission.body).toMatchObject({ time_limit_seconds: null, turn_limit: 12, briefing: '' });
    const coach = (await observer(a.editor)).body;
    expect(coach.rubric).toHaveLength(3);
    const second = (await observer(a.editor)).body;
    const made = await scenario(a.editor, alex.id, [coach.id, second.id], mission.body.id);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      mode: 'text',
      voice_id: null,
      shares: { user_group_ids: [], user_ids: [], organization_ids: [] },
    });

    const early = await api(a.editor).call(scenarios.publish, { params: { id: made.body.id } });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'coaching_reference_unpublished' });
    for (const [operations, id] of [
      [personas, alex.id],
      [missions, mission.body.id],
      [observers, coach.id],
      [observers, second.id],
    ] as const) {
      expect((await api(a.editor).call(operations.publish, { params: { id } })).status).toBe(200);
    }
    expect((await api(a.editor).call(scenarios.publish, { params: { id: made.body.id } })).body.status).toBe(
      'published',
    );

    const playlist = await api(a.editor).call(playlists.create, {
      body: { name: unique('Onboarding'), scenario_ids: [made.body.id] },
    });
    expect(playlist.body).toMatchObject({ scenario_ids: [made.body.id], status: 'draft' });

    // What another organization owns cannot be used, and the field says which.
    const foreign = (await persona(b.editor)).body;
    const refused = await scenario(a.editor, foreign.id, [coach.id]);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({
      code: 'coaching_reference_not_found',
      details: { issues: [{ path: 'persona_id', message: 'Nothing with this id can be used here.' }] },
    });
    const invalid = await api(a.editor).send('POST', '/v1/coaching/scenarios', {
      body: { name: 'x', persona_id: alex.id, observer_ids: [], language: 'de-DE', model_id: BUILTIN_AI_MODEL_ID },
    });
    expect(invalid.status).toBe(400);

    // In use: the persona cannot be deleted, and the answer names the scenario; archiving hides it instead.
    const inUse = await api(a.editor).call(personas.delete, { params: { id: alex.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      code: 'coaching_item_in_use',
      details: { used_by: [{ kind: 'scenario', id: made.body.id, title: made.body.name }] },
    });
    expect(inUse.body.message).toContain(made.body.name);
    const inFrench = await api(a.editor).call(
      personas.delete,
      { params: { id: alex.id } },
      { headers: { 'accept-language': 'fr-FR' } },
    );
    expect(inFrench.body.message).toBe(
      `Encore utilisé par ${made.body.name}\u00a0: archivez-le plutôt, ou retirez-le d’abord de ces éléments.`,
    );
    // The AI model the observers run on cannot go either.
    const modelDelete = await api(context.superAdmin.token).call(models.delete, {
      params: { id: BUILTIN_AI_MODEL_ID },
    });
    expect(modelDelete.status).toBe(409);

    const archived = await api(a.editor).call(personas.archive, { params: { id: alex.id } });
    expect(archived.body.status).toBe('archived');
    const locked = await api(a.editor).call(personas.update, { params: { id: alex.id }, body: { name: 'x' } });
    expect(locked.body).toMatchObject({ code: 'coaching_item_archived' });
    expect((await api(a.learner).call(personas.read, { params: { id: alex.id } })).status).toBe(404);
    expect((await api(a.editor).call(personas.restore, { params: { id: alex.id } })).body.status).toBe('published');

    const unused = (await persona(a.editor)).body;
    expect((await api(a.editor).call(personas.delete, { params: { id: unused.id } })).status).toBe(204);
    expect((await api(a.editor).call(personas.read, { params: { id: unused.id } })).status).toBe(404);
  });

  it('keeps a voice a persona speaks with: deleting it is refused, naming the persona', async () => {
    const speech = await api(context.superAdmin.token).call(providers.create, {
      body: { name: unique('Azure Speech'), kind: 'azure_microsoft', region: 'westeurope', enabled: true },
    });
    const voice = await api(context.superAdmin.token).call(voices.create, {
      body: {
        provider_id: speech.body.id,
        voice_id: 'en-GB-SoniaNeural',
        display_name: 'Sonia',
        languages: ['en-GB'],
      },
    });
    const speaker = (await persona(a.editor)).body;
    await api(a.editor).call(personas.update, { params: { id: speaker.id }, body: { voice_id: voice.body.id } });

    const refused = await api(context.superAdmin.token).call(voices.delete, { params: { id: voice.body.id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ai_voice_in_use',
      details: { used_by: [{ kind: 'persona', id: speaker.id, name: speaker.name }] },
    });
    const inFrench = await api(context.superAdmin.token).call(
      voices.delete,
      { params: { id: voice.body.id } },
      { headers: { 'accept-language': 'fr-FR' } },
    );
    expect(inFrench.body.message).toBe(
      `Cette voix est encore utilisée par persona "${speaker.name}"\u00a0; supprimez-les ou modifiez-les d’abord.`,
    );

    await api(a.editor).call(personas.update, { params: { id: speaker.id }, body: { voice_id: null } });
    expect((await api(context.superAdmin.token).call(voices.delete, { params: { id: voice.body.id } })).status).toBe(
      204,
    );
  });

  it('shares a scenario with a group of its organization, and only super-admins with other organizations', async () => {
    const alex = (await persona(a.editor)).body;
    const coach = (await observer(a.editor)).body;
    await api(a.editor).call(personas.publish, { params: { id: alex.id } });
    await api(a.editor).call(observers.publish, { params: { id: coach.id } });
    const made = (await scenario(a.editor, alex.id, [coach.id])).body;
    await api(a.editor).call(scenarios.publish, { params: { id: made.id } });

    const operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
    const group = await api(operator).call(groups.create, {
      body: { name: unique('Sales'), organization_id: a.organizationId },
    });
    const shared = await api(a.editor).call(shares.scenario, {
      params: { id: made.id },
      body: { user_group_ids: [group.body.id], user_ids: [a.learnerId] },
    });
    expect(shared.body.shares).toEqual({
      user_group_ids: [group.body.id],
      user_ids: [a.learnerId],
      organization_ids: [],
    });

    const otherGroup = await api(context.superAdmin.token).call(groups.create, {
      body: { name: unique('Other'), organization_id: b.organizationId },
    });
    const wrongGroup = await api(a.editor).call(shares.scenario, {
      params: { id: made.id },
      body: { user_group_ids: [otherGroup.body.id], user_ids: [] },
    });
    expect(wrongGroup.status).toBe(404);
    const toOrganization = await api(a.editor).call(shares.scenario, {
      params: { id: made.id },
      body: { user_group_ids: [], user_ids: [], organization_ids: [b.organizationId] },
    });
    expect(toOrganization.status).toBe(403);
    expect(toOrganization.body).toMatchObject({ code: 'coaching_share_organizations_forbidden' });
    expect((await api(b.learner).call(scenarios.read, { params: { id: made.id } })).status).toBe(404);

    const bySuperAdmin = await api(context.superAdmin.token).call(shares.scenario, {
      params: { id: made.id },
      body: { user_group_ids: [], user_ids: [], organization_ids: [b.organizationId] },
    });
    expect(bySuperAdmin.body.shares.organization_ids).toEqual([b.organizationId]);
    const seen = await api(b.learner).call(scenarios.read, { params: { id: made.id } });
    expect(seen.body).toMatchObject({ id: made.id, editable: false });
    expect((await api(b.learner).call(scenarios.list, { query: { q: made.name } })).body.items).toHaveLength(1);
    // Seeing is not editing.
    expect(
      (await api(b.editor).call(scenarios.update, { params: { id: made.id }, body: { name: 'Taken' } })).status,
    ).toBe(404);
    // An editor changing the groups keeps the organizations a super-admin chose.
    const kept = await api(a.editor).call(shares.scenario, {
      params: { id: made.id },
      body: { user_group_ids: [], user_ids: [] },
    });
    expect(kept.body.shares.organization_ids).toEqual([b.organizationId]);
  });

  it('lists with the spec’s page sizes, sorts and filters', async () => {
    const names = [unique('Zed'), unique('Amy'), unique('Max')];
    const tag = names.map((name) => name.split(' ')[1]);
    for (const name of names) await persona(a.editor, `${name} list`);
    const page = await api(a.editor).call(personas.list, { query: { q: 'list', sort: 'name', page_size: 12 } });
    const listed = page.body.items.map((item) => item.name).filter((name) => tag.some((t) => name.includes(t!)));
    expect(listed).toEqual([...listed].sort((x, y) => x.localeCompare(y)));
    expect(page.body.page_size).toBe(12);
    const drafts = await api(a.editor).call(personas.list, { query: { status: 'draft', page_size: 48 } });
    expect(drafts.body.items.every((item) => item.status === 'draft')).toBe(true);
    const refused = await api(a.editor).send('GET', '/v1/coaching/personas?page_size=13');
    expect(refused.status).toBe(400);
  });
});

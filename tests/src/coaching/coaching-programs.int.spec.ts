import { BUILTIN_AI_MODEL_ID, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { observerContent, personaContent, programContent, scenarioContent } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';

// Programs (issue 27, docs/programs.md): ordered scenarios and playlists with a pass rule, versioned and published
// with the coaching content kit.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const programs = programContent.operations;
const libraryScenario = starterLibraryItemId('scenario', 'price', 'en-GB');
const libraryPlaylist = starterLibraryItemId('playlist', 'first-steps', 'en-GB');

await describeApi('[COACHING]: programs', (context) => {
  const a = { organizationId: '', editor: '', operator: '', learner: '' };
  const b = { editor: '', operator: '' };
  const { api } = context;

  const create = (token: string, body: Record<string, unknown>) =>
    api(token).send('POST', programs.create.path, { body: { name: unique('Onboarding'), ...body } });

  /** A draft scenario of organization A, unpublished, playing a persona and observer of its own. */
  const draftScenario = async () => {
    const persona = await api(a.editor).call(personaContent.operations.create, {
      body: { name: unique('Alex'), language: 'en-GB' },
    });
    const observer = await api(a.editor).call(observerContent.operations.create, {
      body: {
        name: unique('Coach'),
        model_id: BUILTIN_AI_MODEL_ID,
        rubric: [{ name: 'Discovery', description: 'Asks open questions', scale: '1_5', weight: 1 }],
      },
    });
    const scenario = await api(a.editor).call(scenarioContent.operations.create, {
      body: {
        name: unique('Cold call'),
        persona_id: persona.body.id!,
        observer_ids: [observer.body.id!],
        language: 'en-GB',
        model_id: BUILTIN_AI_MODEL_ID,
      },
    });
    expect(scenario.status).toBe(201);
    return scenario.body.id!;
  };

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    a.editor = (await signInAs(context.server, { role: 'editor', organizationId: a.organizationId })).token;
    a.operator = (await signInAs(context.server, { role: 'operator', organizationId: a.organizationId })).token;
    a.learner = (await signInAs(context.server, { role: 'user', organizationId: a.organizationId })).token;
    const other = await createTestOrganization(context.server, unique('Beta'));
    b.editor = (await signInAs(context.server, { role: 'editor', organizationId: other })).token;
    b.operator = (await signInAs(context.server, { role: 'operator', organizationId: other })).token;
  }, 120_000);

  it('creates a draft with the default pass rule, publishes it as version 1, and keeps the order of its items', async () => {
    const created = await api(a.editor).call(programs.create, {
      body: {
        name: 'Sales onboarding',
        items: [{ playlist_id: libraryPlaylist }, { scenario_id: libraryScenario }],
        pass_rule: { min_score: 80 },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Sales onboarding',
      description: '',
      image_id: null,
      status: 'draft',
      version: 1,
      published_version: null,
      items: [{ playlist_id: libraryPlaylist }, { scenario_id: libraryScenario }],
      // What the request left out of the rule takes its default.
      pass_rule: { min_score: 80, attempts: null, counts: 'best', in_order: false },
    });
    const id = created.body.id!;
    const published = await api(a.editor).call(programs.publish, { params: { id } });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', published_version: 1 });

    const changed = await api(a.editor).call(programs.update, {
      params: { id },
      body: { pass_rule: { min_score: 60, attempts: 3, counts: 'last', in_order: true } },
    });
    expect(changed.body).toMatchObject({ version: 2, published_version: 1 });
    const version1 = await api(a.operator).call(programs.version, { params: { id, version: 1 } });
    expect(version1.body.pass_rule).toEqual({ min_score: 80, attempts: null, counts: 'best', in_order: false });
    const listed = await api(a.operator).call(programs.list, { query: { q: 'Sales onboarding' } });
    expect(listed.body.items.map((item) => item.id)).toContain(id);
  });

  it('refuses a rule out of its bounds and an item twice, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pass_rule: { min_score: 101 } }, 'pass_rule.min_score'],
      [{ pass_rule: { attempts: 11 } }, 'pass_rule.attempts'],
      [{ pass_rule: { attempts: 0 } }, 'pass_rule.attempts'],
      [{ pass_rule: { counts: 'first' } }, 'pass_rule.counts'],
      [{ items: [{ scenario_id: libraryScenario }, { scenario_id: libraryScenario }] }, 'items'],
      [{ items: [{ scenario_id: libraryScenario, playlist_id: libraryPlaylist }] }, 'items.0'],
    ];
    for (const [body, field] of cases) {
      const refused = await create(a.editor, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      const issues = (refused.body as { details?: { issues?: { path: string }[] } }).details?.issues ?? [];
      expect(
        issues.map((issue) => issue.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    const french = await api(a.editor).send('POST', programs.create.path, {
      body: { name: 'Doublon', items: [{ playlist_id: libraryPlaylist }, { playlist_id: libraryPlaylist }] },
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(JSON.stringify(french.body)).toContain(
      'Chaque scénario ou playlist figure une seule fois dans un programme.',
    );
  });

  it('refuses what the editor may not use, publishing nothing to play, and a draft item before it is published', async () => {
    const unknown = await create(a.editor, { items: [{ scenario_id: 'no-such-scenario' }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'coaching_reference_not_found',
      details: { issues: [{ path: 'items' }] },
    });

    const empty = await create(a.editor, {});
    expect(empty.status).toBe(201);
    const emptyPublish = await api(a.editor).call(programs.publish, {
      params: { id: (empty.body as { id: string }).id },
    });
    expect(emptyPublish.status).toBe(409);
    expect(emptyPublish.body).toMatchObject({
      code: 'coaching_program_empty',
      details: { issues: [{ path: 'items' }] },
    });

    const draft = await draftScenario();
    const early = await create(a.editor, { items: [{ scenario_id: draft }] });
    expect(early.status).toBe(201);
    const earlyPublish = await api(a.editor).call(programs.publish, {
      params: { id: (early.body as { id: string }).id },
    });
    expect(earlyPublish.status).toBe(409);
    expect(earlyPublish.body).toMatchObject({
      code: 'coaching_reference_unpublished',
      details: { id: draft, issues: [{ path: 'items' }] },
    });
    // Nor may the scenario go while a program holds it.
    const deleted = await api(a.editor).call(scenarioContent.operations.delete, { params: { id: draft } });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'coaching_item_in_use' });
  });

  it('is written by editors and operators of its organization only, and read by no learner', async () => {
    const created = await create(a.editor, { items: [{ scenario_id: libraryScenario }] });
    const id = (created.body as { id: string }).id;
    expect((await api(a.operator).call(programs.read, { params: { id } })).status).toBe(200);
    expect(
      (await api(a.operator).call(programs.update, { params: { id }, body: { description: 'Week one' } })).status,
    ).toBe(200);
    for (const token of [a.learner]) {
      expect((await api(token).call(programs.read, { params: { id } })).status).toBe(403);
      expect((await api(token).call(programs.list, { query: {} })).status).toBe(403);
      expect((await create(token, {})).status).toBe(403);
    }
    // Another organization's editor and operator: as if it did not exist.
    for (const token of [b.editor, b.operator]) {
      expect((await api(token).call(programs.read, { params: { id } })).status).toBe(404);
      expect((await api(token).call(programs.update, { params: { id }, body: { name: 'Taken' } })).status).toBe(404);
      expect((await api(token).call(programs.publish, { params: { id } })).status).toBe(404);
      expect((await api(token).call(programs.delete, { params: { id } })).status).toBe(404);
      const theirs = await api(token).call(programs.list, { query: {} });
      expect(theirs.body.items.map((item) => item.id)).not.toContain(id);
    }
  });
});

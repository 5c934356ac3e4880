import { ensureStarterLibrary, starterLibraryItems, STARTER_LANGUAGES } from '@ai-coaching/application';
import { openTestApp } from '@ai-coaching/application/testing';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingForkOperations as forks,
  missionContent,
  observerContent,
  personaContent,
  playlistContent,
  scenarioContent,
} from '@ai-coaching/contracts';
import { coachingItemStreamId } from '@ai-coaching/domain';
import type { EventStore, GlobalPosition } from '@ai-coaching/platform';
import { coachingContentProjection, waitForProjections } from '@ai-coaching/projections';
import { beforeAll, expect, it } from 'vitest';

const items = starterLibraryItems();
const idsOf = (kind: string) =>
  items
    .filter((item) => item.kind === kind)
    .map((item) => item.itemId)
    .sort();

const KINDS = [
  { kind: 'persona', operations: personaContent.operations, count: 12 },
  { kind: 'mission', operations: missionContent.operations, count: 12 },
  { kind: 'observer', operations: observerContent.operations, count: 4 },
  { kind: 'scenario', operations: scenarioContent.operations, count: 12 },
  { kind: 'playlist', operations: playlistContent.operations, count: 2 },
] as const;

/** The events of every starter item's stream, by type: what a start appended, whatever the global order. */
const seededEvents = async (store: EventStore) => {
  const types: string[][] = [];
  for (const item of items) {
    types.push((await store.readStream(coachingItemStreamId(item.itemId))).map((event) => event.type));
  }
  return types;
};

const latest = (...positions: (GlobalPosition | undefined)[]) =>
  positions.filter((position) => position !== undefined).sort((a, b) => (a < b ? 1 : -1))[0];

await describeApi('[COACHING]: the starter library', (context) => {
  let operator: string;
  const { api } = context;
  const ensure = () =>
    ensureStarterLibrary({
      ...context.server.platform,
      wakeProjections: (names) => context.server.projections.wake(names),
    });

  beforeAll(async () => {
    // An organization admin of an organization created after the start: the library is there for everyone.
    const organizationId = await createTestOrganization(context.server);
    operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
  }, 120_000);

  it('is there after the start: published platform content, in English and French, read but not edited', async () => {
    expect(items).toHaveLength(42);
    for (const { kind, operations, count } of KINDS) {
      const page = await api(operator).call(operations.list, { query: { page_size: 48 } });
      expect(page.status).toBe(200);
      const library = page.body.items.filter((item) => item.organization_id === null);
      expect(library.map((item) => item.id).sort(), kind).toEqual(idsOf(kind));
      expect(library, kind).toHaveLength(count);
      for (const item of library) {
        expect(item, `${kind} ${item.id}`).toMatchObject({
          status: 'published',
          version: 1,
          published_version: 1,
          editable: false,
          organization_id: null,
          created_by: null,
        });
      }
    }
    const personas = await api(operator).call(personaContent.operations.list, { query: { page_size: 48 } });
    expect(new Set(personas.body.items.map((persona) => persona.language))).toEqual(new Set(STARTER_LANGUAGES));
    const french = personas.body.items.find((persona) => persona.name === 'Catherine Lefèvre');
    expect(french).toMatchObject({ language: 'fr-FR', mood: 'sceptical', avatar_image_id: null });
    // An update by an organization is refused like anything it may not change: library content is forked.
    const refused = await api(operator).call(personaContent.operations.update, {
      params: { id: french!.id },
      body: { name: 'Mine' },
    });
    expect(refused.status).toBe(404);
  });

  it('appends nothing at the next start', async () => {
    const before = await seededEvents(context.server.platform.store);
    expect(before.every((types) => types.join() === 'CoachingItemCreated,CoachingItemPublished')).toBe(true);
    const head = await context.server.platform.store.headPosition();
    expect(await ensure()).toBeUndefined();
    expect(await context.server.platform.store.headPosition()).toBe(head);
    expect(await seededEvents(context.server.platform.store)).toEqual(before);
  });

  it('lets an organization admin fork a library persona into the organization', async () => {
    const source = items.find((item) => item.kind === 'persona' && item.language === 'en-GB')!;
    const fork = await api(operator).call(forks.persona, { params: { id: source.itemId } });
    expect(fork.status).toBe(201);
    expect(fork.body).toMatchObject({
      organization_id: expect.any(String),
      status: 'draft',
      editable: true,
      name: `${String(source.fields['name'])} (fork)`,
      personality: source.fields['personality'],
      origin: { type: 'fork', id: source.itemId, version: 1, title: source.fields['name'] },
    });
  });

  it('never restores nor overwrites what a super-admin changed since', async () => {
    const persona = items.find((item) => item.kind === 'persona' && item.language === 'fr-FR')!;
    const mission = items.find((item) => item.kind === 'mission' && item.language === 'fr-FR')!;
    const archived = await api(context.superAdmin.token).call(personaContent.operations.archive, {
      params: { id: persona.itemId },
    });
    expect(archived.body.status).toBe('archived');
    const edited = await api(context.superAdmin.token).call(missionContent.operations.update, {
      params: { id: mission.itemId },
      body: { turn_limit: 30 },
    });
    expect(edited.body).toMatchObject({ version: 2, published_version: 1, turn_limit: 30 });

    expect(await ensure()).toBeUndefined();
    const persona2 = await api(context.superAdmin.token).call(personaContent.operations.read, {
      params: { id: persona.itemId },
    });
    expect(persona2.body.status).toBe('archived');
    expect((await api(operator).call(personaContent.operations.read, { params: { id: persona.itemId } })).status).toBe(
      404,
    );
    const mission2 = await api(context.superAdmin.token).call(missionContent.operations.read, {
      params: { id: mission.itemId },
    });
    expect(mission2.body).toMatchObject({ version: 2, published_version: 1, turn_limit: 30 });
  });

  it('is created once when two runtimes start at the same moment on a fresh installation', async () => {
    const app = await openTestApp(context.engine);
    try {
      const positions = await Promise.all([ensureStarterLibrary(app.services), ensureStarterLibrary(app.services)]);
      const reached = latest(...positions);
      expect(reached).toBeDefined();
      const events = await seededEvents(app.services.store);
      expect(events.map((types) => types.join())).toEqual(items.map(() => 'CoachingItemCreated,CoachingItemPublished'));
      const wait = await waitForProjections(app.services.db, reached!, {
        timeoutMs: 30_000,
        names: [coachingContentProjection.name],
      });
      expect(wait.reached).toBe(true);
      const { rows } = await app.services.db.query<{ kind: string; published: string; total: string }>(
        `SELECT kind, count(*) FILTER (WHERE published_version = 1) AS published, count(*) AS total
           FROM rm_coaching_items WHERE organization_id IS NULL GROUP BY kind ORDER BY kind`,
      );
      expect(rows.map((row) => [row.kind, Number(row.published), Number(row.total)])).toEqual([
        ['mission', 12, 12],
        ['observer', 4, 4],
        ['persona', 12, 12],
        ['playlist', 2, 2],
        ['scenario', 12, 12],
      ]);
    } finally {
      await app.close();
    }
  }, 120_000);
});

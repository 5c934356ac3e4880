import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { coachingSessionOperations as sessions, organizationOperations, scenarioContent } from '@ai-coaching/contracts';
import { coachingSessionStreamId } from '@ai-coaching/domain';
import { type Clock, newId } from '@ai-coaching/platform';
import { createSessionRetentionHandler } from '@ai-coaching/workers';
import { beforeAll, expect, it } from 'vitest';

// How long an organization keeps its coaching sessions (docs/coaching-sessions.md "Personal data"): the setting on the
// organization (off by default, validated, tenant-scoped), and the `session.retention` job deleting the sessions
// ended more than that many days ago, of that organization only, through the learner's own delete path.

const unique = (label: string) => `${label} ${newId().slice(-8)}`;
const DAY_MS = 24 * 60 * 60 * 1000;

await describeApi('[COACHING]: session retention', (context) => {
  /** A keeps sessions 30 days, B 60 days, C until deleted (the default). */
  const orgs = {
    a: { id: '', operator: '', learner: '' },
    b: { id: '', operator: '', learner: '' },
    c: { id: '', operator: '', learner: '' },
  };
  let libraryScenario = '';
  const { api } = context;
  const setRetention = (token: string, id: string, days: unknown) =>
    api(token).send('PATCH', `/v1/organizations/${id}`, { body: { session_retention_days: days } });

  /** A session of the free library scenario, ended at once unless `live`. */
  const session = async (learner: string, live = false) => {
    const started = await api(learner).call(sessions.create, { body: { scenario_id: libraryScenario } });
    expect(started.status).toBe(201);
    const id = started.body.id!;
    if (!live) expect((await api(learner).call(sessions.end, { params: { id } })).body.status).toBe('end');
    return id;
  };
  const exists = async (learner: string, id: string) =>
    (await api(learner).call(sessions.read, { params: { id } })).status === 200;
  /** The job's run, its handler bound to the services with a clock moved this many days ahead. */
  const runJobInDays = async (days: number) => {
    const clock: Clock = { now: () => new Date(Date.now() + days * DAY_MS) };
    await createSessionRetentionHandler({ ...context.server.platform, clock })(
      {},
      { jobId: `session-retention-test-${newId()}`, attempt: 1, signal: new AbortController().signal },
    );
  };

  beforeAll(async () => {
    for (const org of Object.values(orgs)) {
      org.id = await createTestOrganization(context.server, unique('Org'));
      org.operator = (await signInAs(context.server, { role: 'operator', organizationId: org.id })).token;
      org.learner = (await signInAs(context.server, { role: 'user', organizationId: org.id })).token;
    }
    const library = await api(orgs.a.learner).call(scenarioContent.operations.list, {
      query: { source: 'library', page_size: 48 },
    });
    const wanted = starterLibraryItemId('scenario', 'price', 'en-GB');
    libraryScenario = library.body.items.find((item) => item.id === wanted)!.id;
  }, 180_000);

  it('is off by default, set and cleared by the organization’s operator, and validated', async () => {
    const read = await api(orgs.a.operator).call(organizationOperations.read, { params: { id: orgs.a.id } });
    expect(read.body.session_retention_days).toBeNull();

    for (const bad of [0, -3, 1.5, 3651, '30', true]) {
      const refused = await setRetention(orgs.a.operator, orgs.a.id, bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'invalid_request' });
      expect(JSON.stringify(refused.body)).toContain('session_retention_days');
    }
    const french = await api(orgs.a.operator).send('PATCH', `/v1/organizations/${orgs.a.id}`, {
      body: { session_retention_days: 0 },
      headers: { 'Accept-Language': 'fr-FR' },
    });
    expect(french.status).toBe(400);
    expect(french.headers.get('content-language')).toBe('fr-FR');

    const set = await setRetention(orgs.a.operator, orgs.a.id, 7);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ session_retention_days: 7 });
    const cleared = await setRetention(orgs.a.operator, orgs.a.id, null);
    expect(cleared.body).toMatchObject({ session_retention_days: null });

    expect((await setRetention(orgs.a.operator, orgs.a.id, 30)).status).toBe(200);
    expect((await setRetention(orgs.b.operator, orgs.b.id, 60)).status).toBe(200);
    // A super-admin sets any organization's.
    expect((await setRetention(context.superAdmin.token, orgs.c.id, 90)).status).toBe(200);
    expect((await setRetention(context.superAdmin.token, orgs.c.id, null)).status).toBe(200);
  });

  it('is not changed by a learner, nor by another organization’s operator', async () => {
    expect((await setRetention(orgs.a.learner, orgs.a.id, 1)).status).toBe(403);
    expect((await setRetention(orgs.b.operator, orgs.a.id, 1)).status).toBe(404);
    const read = await api(orgs.a.operator).call(organizationOperations.read, { params: { id: orgs.a.id } });
    expect(read.body.session_retention_days).toBe(30);
  });

  it('deletes, through the delete path, only the ended sessions older than their own organization keeps', async () => {
    const a = { ended: await session(orgs.a.learner), live: await session(orgs.a.learner, true) };
    const b = { ended: await session(orgs.b.learner) };
    const c = { ended: await session(orgs.c.learner) };

    // Not old enough yet for anyone.
    await runJobInDays(29);
    for (const [learner, id] of [
      [orgs.a.learner, a.ended],
      [orgs.b.learner, b.ended],
      [orgs.c.learner, c.ended],
    ] as const) {
      expect(await exists(learner, id)).toBe(true);
    }

    // Past A's 30 days, not B's 60; C keeps them until deleted.
    await runJobInDays(31);
    expect(await exists(orgs.a.learner, a.ended)).toBe(false);
    expect(await exists(orgs.a.learner, a.live)).toBe(true);
    expect(await exists(orgs.b.learner, b.ended)).toBe(true);
    expect(await exists(orgs.c.learner, c.ended)).toBe(true);

    // The same delete path as the learner's: key shredded, the deletion recorded by nobody in particular.
    const events = await context.server.platform.store.readStream(coachingSessionStreamId(a.ended));
    expect(events.at(-1)).toMatchObject({ type: 'CoachingSessionDeleted', data: { deletedBy: null } });
    const turns = events.filter((event) => event.type.endsWith('TurnRecorded'));
    expect(turns.length).toBeGreaterThan(0);
    for (const turn of turns) expect(turn).toMatchObject({ data: { text: '' }, metadata: { redacted: true } });
    const { rows } = await context.server.platform.db.query(
      'SELECT organization_id, wrapped_key FROM personal_data_keys WHERE subject_id = ANY($1::text[]) ORDER BY organization_id',
      [[a.ended, b.ended]],
    );
    expect(rows).toEqual(
      [
        { organization_id: orgs.a.id, wrapped_key: null },
        { organization_id: orgs.b.id, wrapped_key: expect.stringMatching(/^v1\./) },
      ].sort((x, y) => x.organization_id.localeCompare(y.organization_id)),
    );

    // Run again (a retry, or the next hour): nothing more goes.
    await runJobInDays(31);
    expect(await exists(orgs.b.learner, b.ended)).toBe(true);
    await runJobInDays(61);
    expect(await exists(orgs.b.learner, b.ended)).toBe(false);
    expect(await exists(orgs.c.learner, c.ended)).toBe(true);
  });
});

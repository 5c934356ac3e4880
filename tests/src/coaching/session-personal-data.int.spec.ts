import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingChatOperations as chats,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  scenarioContent,
} from '@ai-coaching/contracts';
import { coachingChatStreamId, coachingSessionAnalysisStreamId, coachingSessionStreamId } from '@ai-coaching/domain';
import { decryptSecret, newId, type RecordedEvent, secretEncryptionKeys } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { unique, winStarterPrice } from './session-fixtures.js';

// A transcript is personal data (docs/coaching-sessions.md "Personal data", ADR 0015): its events hold it sealed with
// the session's own key, and deleting the session destroys the key, so the events, never rewritten, can no longer be
// read — not through the event store, not in the database, not by a projection rebuilt from them.

await describeApi("[COACHING]: a session's transcript as personal data", (context) => {
  const a = { organizationId: '', learner: '' };
  const b = { learner: '', operator: '' };
  let libraryScenario = '';
  const { api } = context;

  /** Words only one session says, to look for everywhere they must not be. */
  const newSecret = () => `zebra-${newId().slice(-6)}`;

  /** The session's chat with the coach, by session. */
  const chatOf = new Map<string, string>();
  const streamsOf = (sessionId: string) => [
    coachingSessionStreamId(sessionId),
    coachingSessionAnalysisStreamId(sessionId),
    coachingChatStreamId(chatOf.get(sessionId)!),
  ];
  const rawEvents = async (sessionId: string) =>
    (
      await context.server.platform.db.query<{ event_id: string; data: Record<string, unknown>; metadata: unknown }>(
        `SELECT event_id::text AS event_id, data, metadata FROM es_events WHERE stream_id = ANY($1::text[])
         ORDER BY global_position`,
        [streamsOf(sessionId)],
      )
    ).rows;
  const portEvents = async (sessionId: string): Promise<RecordedEvent[]> =>
    (await Promise.all(streamsOf(sessionId).map((stream) => context.server.platform.store.readStream(stream)))).flat();
  /** Every row of the session read models that mentions the secret, whatever the table. */
  const readModelMentions = async (secret: string) => {
    const tables = ['rm_coaching_sessions', 'rm_coaching_session_turns', 'rm_coaching_session_analyses'];
    const found: string[] = [];
    for (const table of [
      ...tables,
      'rm_coaching_session_observer_reports',
      'rm_coaching_chats',
      'rm_coaching_chat_exchanges',
    ]) {
      const { rows } = await context.server.platform.db.query(`SELECT 1 FROM ${table} t WHERE t::text LIKE $1`, [
        `%${secret}%`,
      ]);
      if (rows.length > 0) found.push(table);
    }
    return found;
  };

  /** The library's "hold the price" scenario played to a win, with the secret said, and its report finished. */
  const playedSession = async (secret: string) => {
    const started = await api(a.learner).call(sessions.create, { body: { scenario_id: libraryScenario } });
    expect(started.status).toBe(201);
    const id = started.body.id!;
    const renamed = await api(a.learner).call(sessions.rename, {
      params: { id },
      body: { name: `Call ${secret}` },
    });
    expect(renamed.status).toBe(200);
    const say = (text: string) => api(a.learner).call(sessions.turn, { params: { id }, body: { text } });
    const won = await winStarterPrice(say, secret);
    expect(won.body.status).toBe('win');
    await expect
      .poll(async () => (await api(a.learner).call(analyses.analysis, { params: { id }, query: {} })).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toMatch(/^(done|failed)$/);
    // And asked the coach about it, quoting the secret.
    const chat = await api(a.learner).call(chats.create, { params: { id }, body: { title: `About ${secret}` } });
    expect(chat.status).toBe(201);
    chatOf.set(id, chat.body.id!);
    const asked = await api(a.learner).call(chats.ask, {
      params: { id: chat.body.id! },
      body: { text: `Was saying ${secret} a good idea?` },
    });
    expect(asked.status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    a.organizationId = await createTestOrganization(context.server, unique('Acme'));
    a.learner = (await signInAs(context.server, { role: 'user', organizationId: a.organizationId })).token;
    const bOrganization = await createTestOrganization(context.server, unique('Beta'));
    b.learner = (await signInAs(context.server, { role: 'user', organizationId: bOrganization })).token;
    b.operator = (await signInAs(context.server, { role: 'operator', organizationId: bOrganization })).token;
    const library = await api(a.learner).call(scenarioContent.operations.list, {
      query: { source: 'library', page_size: 48 },
    });
    const wanted = starterLibraryItemId('scenario', 'price', 'en-GB');
    libraryScenario = library.body.items.find((item) => item.id === wanted)!.id;
  }, 180_000);

  it('keeps the transcript, the name and the report sealed in the events, and readable by the learner', async () => {
    const secret = newSecret();
    const id = await playedSession(secret);
    const raw = await rawEvents(id);
    expect(raw.map((event) => event.data)).toContainEqual(expect.objectContaining({ sessionId: id }));
    expect(JSON.stringify(raw)).not.toContain(secret);
    // The evidence quoted the secret turn, yet only its seal is stored.
    expect(JSON.stringify(raw)).toMatch(/"quote":"v1\./);

    const events = await portEvents(id);
    expect(JSON.stringify(events.map((event) => event.data))).toContain(secret);
    const session = await api(a.learner).call(sessions.read, { params: { id } });
    expect(session.body.name).toBe(`Call ${secret}`);
    expect(session.body.turns!.some((turn) => turn.text.includes(secret))).toBe(true);
  });

  it('A deleted session’s transcript cannot be read back from the events', async () => {
    const secret = newSecret();
    const id = await playedSession(secret);
    const before = await rawEvents(id);

    // Another organization's learner or operator cannot delete it, nor shred its key.
    expect((await api(b.learner).call(sessions.delete, { params: { id } })).status).toBe(404);
    expect((await api(b.operator).call(sessions.delete, { params: { id } })).status).toBe(404);
    expect(JSON.stringify((await portEvents(id)).map((event) => event.data))).toContain(secret);

    expect((await api(a.learner).call(sessions.delete, { params: { id } })).status).toBe(204);
    expect((await api(a.learner).call(sessions.read, { params: { id } })).status).toBe(404);

    // The events were not rewritten: the very same rows, plus the deletion.
    const after = await rawEvents(id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(JSON.stringify(after)).not.toContain(secret);

    // Through the event store port: every personal text reads as '' and says it was redacted.
    const events = await portEvents(id);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(secret);
    const personal = events.filter((event) => event.metadata.personalData !== undefined);
    expect(personal.length).toBeGreaterThan(3);
    for (const event of personal) expect(event.metadata.redacted).toBe(true);
    const turns = events.filter((event) => event.type.endsWith('TurnRecorded'));
    expect(turns.map((event) => (event.data as { text: string }).text)).toEqual(turns.map(() => ''));

    // In the database: the key is gone, so even the platform's own secret key opens none of the seals.
    const { rows: keys } = await context.server.platform.db.query<{ wrapped_key: string | null }>(
      'SELECT wrapped_key FROM personal_data_keys WHERE subject_id = $1',
      [id],
    );
    expect(keys).toEqual([{ wrapped_key: null }]);
    const masterKeys = await secretEncryptionKeys(context.server.platform);
    const sealedTurn = after.find((event) => typeof event.data.text === 'string')!;
    expect(() =>
      decryptSecret(masterKeys, String(sealedTurn.data.text), `personal_data:${sealedTurn.event_id}:text`),
    ).toThrow();

    // A projection rebuilt from the events does not bring the text back.
    await context.server.projections.rebuild('coaching-sessions');
    await context.server.projections.rebuild('coaching-session-analyses');
    expect(await readModelMentions(secret)).toEqual([]);
    const { rows } = await context.server.platform.db.query(
      'SELECT 1 FROM rm_coaching_session_turns WHERE session_id = $1 UNION ALL SELECT 1 FROM rm_coaching_session_observer_reports WHERE session_id = $1',
      [id],
    );
    expect(rows).toEqual([]);

    // Deleting again is a 404, and changes nothing.
    expect((await api(a.learner).call(sessions.delete, { params: { id } })).status).toBe(404);
  });
});

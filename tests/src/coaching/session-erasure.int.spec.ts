import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { scheduleIdempotencyRetention, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingChatOperations as chats,
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  scenarioContent,
} from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { beforeAll, expect, it } from 'vitest';
import { tablesMentioning, unique, winStarterPrice } from './session-fixtures.js';

// Deleting a session erases its personal data everywhere the server keeps it (docs/coaching-sessions.md "Personal
// data", ADR 0015 and 0019): not only its events and read models, but the answers kept for `Idempotency-Key` retries,
// which held a report's quotes, a correction's comment and a chat's title in the clear. The check is blunt on
// purpose: after the delete, no table of the server's database and no file under its data directory holds the
// marker sentence, whatever copy a future feature adds.

/** Every file under `dir`, recursively. */
const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
};

await describeApi('[COACHING]: a deleted session leaves its words nowhere,', (context) => {
  const a = { learner: '', operator: '' };
  let libraryScenario = '';
  const { api } = context;
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  /**
   * The files under the data directory holding it: blobs (recordings, images) and anything a feature writes there.
   * PGlite's own files are left out: like PostgreSQL's, its pages keep deleted rows until a vacuum, and its
   * tables are searched above.
   */
  const filesMentioning = async (marker: string) => {
    const found: string[] = [];
    const pglite = path.join(context.server.dataDir, 'pglite');
    for (const file of await filesUnder(context.server.dataDir)) {
      if (file.startsWith(pglite + path.sep)) continue;
      if ((await readFile(file)).includes(marker)) found.push(path.relative(context.server.dataDir, file));
    }
    return found;
  };

  beforeAll(async () => {
    const organization = await createTestOrganization(context.server, unique('Acme'));
    a.learner = (await signInAs(context.server, { role: 'user', organizationId: organization })).token;
    a.operator = (await signInAs(context.server, { role: 'operator', organizationId: organization })).token;
    const library = await api(a.learner).call(scenarioContent.operations.list, {
      query: { source: 'library', page_size: 48 },
    });
    libraryScenario = library.body.items.find(
      (item) => item.id === starterLibraryItemId('scenario', 'price', 'en-GB'),
    )!.id;
  }, 180_000);

  it('After DELETE, no retry replays the session’s words, and no table or file holds them', async () => {
    const marker = `quokka-${newId().slice(-10)}`;
    const keys = { start: newId(), correction: newId(), chat: newId() };

    // Played with a question that quotes the marker: the report lists it among the questions asked.
    const start = () =>
      api(a.learner).call(sessions.create, { body: { scenario_id: libraryScenario } }, withKey(keys.start));
    const started = await start();
    expect(started.status).toBe(201);
    const id = started.body.id!;
    const say = (text: string) => api(a.learner).call(sessions.turn, { params: { id }, body: { text } });
    expect((await winStarterPrice(say, marker)).body.status).toBe('win');
    await expect
      .poll(async () => (await api(a.learner).call(analyses.analysis, { params: { id }, query: {} })).body.status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('done');
    const report = (await api(a.learner).call(analyses.analysis, { params: { id }, query: {} })).body;
    const observer = report.observers[0]!;
    const criterion = observer.criteria[0]!;

    // An operator corrects a score with a comment quoting it; the learner asks the coach under a title quoting it.
    const correctionBody = {
      version: 1,
      observer_id: observer.observer_id,
      criterion: criterion.name,
      score: criterion.score === 1 ? 2 : 1,
      comment: `Good question on ${marker}.`,
    };
    const correct = () =>
      api(a.operator).call(analyses.correctScore, { params: { id }, body: correctionBody }, withKey(keys.correction));
    const corrected = await correct();
    expect(corrected.status).toBe(201);
    expect(JSON.stringify(corrected.body)).toContain(`Good question on ${marker}.`);
    const ask = () =>
      api(a.learner).call(chats.create, { params: { id }, body: { title: `About ${marker}` } }, withKey(keys.chat));
    const chat = await ask();
    expect(chat.status).toBe(201);
    // And, without keys: the session renamed after it, a question to the coach quoting it.
    expect(
      (await api(a.learner).call(sessions.rename, { params: { id }, body: { name: `Call ${marker}` } })).status,
    ).toBe(200);
    expect(
      (
        await api(a.learner).call(chats.ask, {
          params: { id: chat.body.id! },
          body: { text: `Was ${marker} wise?` },
        })
      ).status,
    ).toBe(200);

    // Each retry before the delete replays the first answer, words included.
    const replayed = await correct();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(replayed.body)).toContain(marker);
    expect(await tablesMentioning(context.server, marker)).not.toEqual([]);

    expect((await api(a.learner).call(sessions.delete, { params: { id } })).status).toBe(204);

    // (a) No retry brings the words back, nor runs again (the start would begin a second session): each is told
    // its answer was erased with the session.
    for (const retry of [await start(), await correct(), await ask()]) {
      expect(retry.status).toBe(404);
      expect(retry.body.code).toBe('idempotent_answer_erased');
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(JSON.stringify(retry.body)).not.toContain(marker);
    }
    // (b) Nothing the server keeps holds them: no row of any table, no file under its data directory.
    expect(await tablesMentioning(context.server, marker)).toEqual([]);
    expect(await filesMentioning(marker)).toEqual([]);
  });

  it('forgets, in its hourly job, the keys claimed more than 24 hours ago and keeps younger ones', async () => {
    const { db } = context.server.platform;
    const caller = `retention-${newId()}`;
    await db.query(
      `INSERT INTO idempotency_keys (caller_id, idempotency_key, request_hash, status, response, created_at)
       VALUES ($1, 'day-old', 'h', 201, '{}', now() - interval '24 hours 5 minutes'),
              ($1, 'fresh', 'h', 201, '{}', now() - interval '23 hours 55 minutes')`,
      [caller],
    );
    const kept = async () =>
      (
        await db.query<{ key: string }>(
          'SELECT idempotency_key AS key FROM idempotency_keys WHERE caller_id = $1 ORDER BY 1',
          [caller],
        )
      ).rows.map((row) => row.key);
    expect(await kept()).toEqual(['day-old', 'fresh']);
    // The schedule every runtime registers at its start runs at once, then every hour: registering it again here
    // makes the run due now, through the job's binding, as it happens every hour.
    await scheduleIdempotencyRetention(context.server.platform);
    await expect.poll(kept, { timeout: 15_000, interval: 100 }).toEqual(['fresh']);
  });
});

import { randomUUID } from 'node:crypto';
import { coachingPersonalData, coachingSessionStreamId } from '@ai-coaching/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEncryptionKey, looksEncrypted } from '../crypto/encryption.js';
import { destroyDataKey, loadDataKeys, personalDataKeyMigrations } from '../crypto/personal-data-keys.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import { createPostgresDatabase, quoteIdent } from '../sql/postgres-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '../testing/services.js';
import type { EventStore } from './event-store.js';
import { withPersonalData } from './personal-data-event-store.js';
import { createSqlEventStore, eventStoreMigrations } from './sql-event-store.js';

const pg = await postgresAvailability();
const master = deriveEncryptionKey('an-auth-secret-of-at-least-32-characters');

const started = (sessionId: string, organizationId: string) => ({
  id: randomUUID(),
  type: 'CoachingSessionStarted',
  data: { sessionId, organizationId, name: 'Call with Mrs Dupont' },
});
const learnerTurn = (sessionId: string, text: string) => ({
  id: randomUUID(),
  type: 'CoachingSessionLearnerTurnRecorded',
  data: { sessionId, turnId: randomUUID(), text, at: '2026-11-25T10:00:00.000Z' },
});

const rawData = async (db: SqlDatabase, streamId: string) =>
  (
    await db.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT data, metadata FROM es_events WHERE stream_id = $1 ORDER BY stream_version',
      [streamId],
    )
  ).rows;

const describeLayer = (engine: string, open: () => Promise<{ db: SqlDatabase; cleanup(): Promise<void> }>) =>
  describe(`personal data in events on ${engine}`, () => {
    let db: SqlDatabase;
    let cleanup: () => Promise<void>;
    let store: EventStore;

    beforeAll(async () => {
      ({ db, cleanup } = await open());
      await migrate(db, [...eventStoreMigrations, ...personalDataKeyMigrations]);
      store = withPersonalData(createSqlEventStore(db), {
        db,
        masterKeys: async () => [master],
        policy: coachingPersonalData,
      });
    });
    afterAll(async () => cleanup?.());

    it('stores transcripts sealed under the session’s own key and reads them back', async () => {
      const sessionId = randomUUID();
      const stream = coachingSessionStreamId(sessionId);
      await store.appendToStream(stream, [started(sessionId, 'org-a'), learnerTurn(sessionId, 'My IBAN is FR76…')]);

      const raw = await rawData(db, stream);
      expect(JSON.stringify(raw)).not.toMatch(/Dupont|IBAN/);
      expect(looksEncrypted(String(raw[1]!.data.text))).toBe(true);
      expect(raw[0]!.data.organizationId).toBe('org-a');
      const [first, second] = await store.readStream(stream);
      expect(first!.data).toMatchObject({ name: 'Call with Mrs Dupont' });
      expect(second!.data).toMatchObject({ text: 'My IBAN is FR76…' });
      // Read from this stream's first event, whatever other specs appended before it; `readAll` shows an event once
      // the transactions other specs hold open in the same database can no longer commit before it, so it may take
      // a moment.
      await expect
        .poll(
          async () =>
            (await store.readAll({ after: first!.position, maxCount: 1000 })).find((event) => event.id === second!.id)
              ?.data,
          { timeout: 15_000 },
        )
        .toMatchObject({ text: 'My IBAN is FR76…' });

      const { rows } = await db.query<{ organization_id: string; wrapped_key: string }>(
        'SELECT organization_id, wrapped_key FROM personal_data_keys WHERE subject_id = $1',
        [sessionId],
      );
      expect(rows).toEqual([{ organization_id: 'org-a', wrapped_key: expect.stringMatching(/^v1\./) }]);
    });

    it('opens only the types a reader names (`openOnly`), and still returns the others, as stored, in order', async () => {
      const sessionId = randomUUID();
      const stream = coachingSessionStreamId(sessionId);
      await store.appendToStream(stream, [started(sessionId, 'org-a'), learnerTurn(sessionId, 'Only for turns')]);
      const [first, second] = await store.readStream(stream);
      const read = async (openOnly?: readonly string[]) => {
        let events: Awaited<ReturnType<EventStore['readAll']>> = [];
        await expect
          .poll(
            async () => {
              events = await store.readAll({
                after: first!.position,
                maxCount: 1000,
                ...(openOnly ? { openOnly } : {}),
              });
              return events.some((event) => event.id === second!.id);
            },
            { timeout: 15_000 },
          )
          .toBe(true);
        return events.find((event) => event.id === second!.id)!;
      };
      // The turn is opened for a reader of turns; for a reader that skips turns it comes back sealed.
      expect((await read(['CoachingSessionLearnerTurnRecorded'])).data).toMatchObject({ text: 'Only for turns' });
      const skipped = (await read(['CoachingSessionStarted'])).data as { text: string };
      expect(looksEncrypted(skipped.text)).toBe(true);
      expect((await read()).data).toMatchObject({ text: 'Only for turns' });
    });

    it('shreds: once the key is destroyed, the stream reads as redacted and later appends store nothing readable', async () => {
      const sessionId = randomUUID();
      const stream = coachingSessionStreamId(sessionId);
      await store.appendToStream(stream, [started(sessionId, 'org-a'), learnerTurn(sessionId, 'secret words')]);

      // Another organization cannot destroy it.
      expect(await destroyDataKey(db, { subjectId: sessionId, organizationId: 'org-b' }, new Date())).toBe(false);
      expect((await store.readStream(stream))[1]!.data).toMatchObject({ text: 'secret words' });

      expect(await destroyDataKey(db, { subjectId: sessionId, organizationId: 'org-a' }, new Date())).toBe(true);
      expect(await destroyDataKey(db, { subjectId: sessionId, organizationId: 'org-a' }, new Date())).toBe(false);
      const events = await store.readStream(stream);
      expect(events.map((event) => [event.data, event.metadata.redacted])).toEqual([
        [expect.objectContaining({ name: '' }), true],
        [expect.objectContaining({ text: '' }), true],
      ]);

      // A writer racing the deletion (a late report) finds the subject shredded, not a fresh key.
      await store.appendToStream(stream, [learnerTurn(sessionId, 'written after')]);
      expect(JSON.stringify(await rawData(db, stream))).not.toContain('written after');
      expect((await loadDataKeys(db, [master], [sessionId])).get(sessionId)).toBe('destroyed');
    });

    it('gives a session started before encryption a key of its organization on its next personal event', async () => {
      const sessionId = randomUUID();
      const stream = coachingSessionStreamId(sessionId);
      // Written around the layer, as before it existed.
      await createSqlEventStore(db).appendToStream(stream, [started(sessionId, 'org-legacy')]);
      await store.appendToStream(stream, [learnerTurn(sessionId, 'new words')]);
      const { rows } = await db.query('SELECT organization_id FROM personal_data_keys WHERE subject_id = $1', [
        sessionId,
      ]);
      expect(rows).toEqual([{ organization_id: 'org-legacy' }]);
      expect((await store.readStream(stream)).map((event) => event.data)).toEqual([
        expect.objectContaining({ name: 'Call with Mrs Dupont' }),
        expect.objectContaining({ text: 'new words' }),
      ]);

      // Shredded, its old event in the clear reads redacted too through the store.
      await destroyDataKey(db, { subjectId: sessionId, organizationId: 'org-legacy' }, new Date());
      expect((await store.readStream(stream)).map((event) => [event.data, event.metadata.redacted])).toEqual([
        [expect.objectContaining({ name: '' }), true],
        [expect.objectContaining({ text: '' }), true],
      ]);
    });

    it('does not open a key row moved to another organization', async () => {
      const sessionId = randomUUID();
      await store.appendToStream(coachingSessionStreamId(sessionId), [started(sessionId, 'org-a')]);
      await db.query(`UPDATE personal_data_keys SET organization_id = 'org-b' WHERE subject_id = $1`, [sessionId]);
      await expect(store.readStream(coachingSessionStreamId(sessionId))).rejects.toThrow(/does not decrypt/);
    });
  });

describeLayer('PGlite', async () => {
  const db = await createPgliteDatabase();
  return { db, cleanup: () => db.close() };
});

describe.skipIf(!pg.available)(`on PostgreSQL${pg.available ? '' : ` (skipped: ${pg.reason})`}`, () => {
  describeLayer('PostgreSQL', async () => {
    const schema = uniqueTestName('pdk');
    const db = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 4 });
    return {
      db,
      cleanup: async () => {
        await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
        await db.close();
      },
    };
  });
});

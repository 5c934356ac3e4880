import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import { createPostgresDatabase, quoteIdent } from '../sql/postgres-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '../testing/services.js';
import {
  recordVoiceTurnTiming,
  updateVoiceTurnPlayed,
  voiceLatencyByProvider,
  voiceLatencyOfSession,
  voiceTurnTimingMigrations,
  voiceTurnTimingsOf,
  type VoiceTurnTiming,
} from './voice-turn-timings.js';

const pg = await postgresAvailability();

const at = (day: number, second = 0) => new Date(Date.UTC(2026, 10, day, 10, 0, second)).toISOString();

let responses = 0;
const turn = (overrides: Partial<VoiceTurnTiming> & Pick<VoiceTurnTiming, 'sessionId'>): VoiceTurnTiming => {
  responses += 1;
  return {
    responseId: `reply-${responses}`,
    turnId: `turn-${responses}`,
    organizationId: 'org-a',
    providerKind: 'openai',
    turnReceivedAt: at(20, responses % 60),
    firstAudioSynthesizedMs: 80,
    firstAudioSentMs: 90,
    playedMs: 1000,
    status: 'completed',
    ...overrides,
  };
};

const describeEngine = (engine: string, open: () => Promise<{ db: SqlDatabase; cleanup(): Promise<void> }>) =>
  describe(`voice turn timings on ${engine}`, () => {
    let db: SqlDatabase;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ db, cleanup } = await open());
      await migrate(db, voiceTurnTimingMigrations);
      // Session s1 of org-a: five measured turns and one the browser never reported.
      for (const [index, played] of [100, 200, 300, 400, 1000].entries()) {
        await recordVoiceTurnTiming(
          db,
          turn({
            sessionId: 's1',
            firstAudioSynthesizedMs: 10 * (index + 1),
            firstAudioSentMs: 10 * (index + 1) + 5,
            firstAudioPlayedMs: played,
          }),
        );
      }
      await recordVoiceTurnTiming(db, turn({ sessionId: 's1', firstAudioSynthesizedMs: 55, firstAudioSentMs: 60 }));
      // Session s2 of org-a, another provider, a later day.
      await recordVoiceTurnTiming(
        db,
        turn({ sessionId: 's2', providerKind: 'builtin', turnReceivedAt: at(22), firstAudioPlayedMs: 50 }),
      );
      await recordVoiceTurnTiming(
        db,
        turn({ sessionId: 's2', providerKind: 'builtin', turnReceivedAt: at(22, 5), firstAudioPlayedMs: 70 }),
      );
      // Another organization's turns, slow enough to show if they were ever counted.
      for (const sessionId of ['s1', 'other']) {
        await recordVoiceTurnTiming(
          db,
          turn({ sessionId, organizationId: 'org-b', responseId: `b-${sessionId}`, firstAudioPlayedMs: 99_999 }),
        );
      }
    });
    afterAll(async () => cleanup?.());

    it('computes a session’s interpolated p50 and p95 over the turns the browser reported', async () => {
      expect(await voiceLatencyOfSession(db, 'org-a', 's1')).toEqual({
        turns: 5,
        voiceToVoiceP50Ms: 300,
        // percentile_cont: rank 0.95 × 4 = 3.8, between 400 and 1000.
        voiceToVoiceP95Ms: 880,
        gatewayTurns: 6,
        gatewayFirstAudioP50Ms: 40,
        gatewayFirstAudioP95Ms: 59,
        providerFirstAudioP50Ms: 35,
        providerFirstAudioP95Ms: 54,
      });
    });

    it('never counts another organization’s turns, even under the same session id', async () => {
      expect((await voiceLatencyOfSession(db, 'org-b', 's1')).voiceToVoiceP50Ms).toBe(99_999);
      expect(await voiceLatencyOfSession(db, 'org-c', 's1')).toEqual({
        turns: 0,
        voiceToVoiceP50Ms: null,
        voiceToVoiceP95Ms: null,
        gatewayTurns: 0,
        gatewayFirstAudioP50Ms: null,
        gatewayFirstAudioP95Ms: null,
        providerFirstAudioP50Ms: null,
        providerFirstAudioP95Ms: null,
      });
      const byProvider = await voiceLatencyByProvider(db, { organizationId: 'org-a' });
      expect(
        byProvider.map((row) => [row.providerKind, row.turns, row.voiceToVoiceP50Ms, row.voiceToVoiceP95Ms]),
      ).toEqual([
        ['builtin', 2, 60, 69],
        ['openai', 5, 300, 880],
      ]);
    });

    it('narrows the figures by provider to a period of arrival and to the sessions a caller selects', async () => {
      const lastDays = await voiceLatencyByProvider(db, { organizationId: 'org-a', from: at(21), to: at(23) });
      expect(lastDays.map((row) => [row.providerKind, row.turns])).toEqual([['builtin', 2]]);
      const chosen = await voiceLatencyByProvider(db, {
        organizationId: 'org-a',
        sessions: {
          sql: 'WITH chosen AS (SELECT unnest($1::text[]) AS session_id)',
          params: [['s1']],
          relation: 'chosen',
        },
      });
      expect(chosen.map((row) => [row.providerKind, row.turns])).toEqual([['openai', 5]]);
      const none = await voiceLatencyByProvider(db, {
        organizationId: 'org-b',
        sessions: {
          sql: 'WITH chosen AS (SELECT unnest($1::text[]) AS session_id)',
          params: [['s2']],
          relation: 'chosen',
        },
      });
      expect(none).toEqual([]);
    });

    it('keeps the first voice-to-voice figure a playback report brings, and the most played', async () => {
      const late = turn({ sessionId: 's3', playedMs: null, firstAudioPlayedMs: null });
      await recordVoiceTurnTiming(db, late);
      await updateVoiceTurnPlayed(db, 's3', late.responseId, 500);
      await updateVoiceTurnPlayed(db, 's3', late.responseId, 400, 321.6);
      await updateVoiceTurnPlayed(db, 's3', late.responseId, 300, 999);
      const [row] = await voiceTurnTimingsOf(db, 's3');
      expect(row).toMatchObject({ playedMs: 500, firstAudioPlayedMs: 322 });
      // A writer that does not know the figure yet leaves it null.
      const [first] = await voiceTurnTimingsOf(db, 's2');
      expect(first?.firstAudioPlayedMs).toBe(50);
      const unknown = turn({ sessionId: 's4' });
      delete unknown.firstAudioPlayedMs;
      await recordVoiceTurnTiming(db, unknown);
      expect((await voiceTurnTimingsOf(db, 's4'))[0]?.firstAudioPlayedMs).toBeNull();
    });
  });

describeEngine('PGlite', async () => {
  const db = await createPgliteDatabase();
  return { db, cleanup: () => db.close() };
});

describe.skipIf(!pg.available)(`on PostgreSQL${pg.available ? '' : ` (skipped: ${pg.reason})`}`, () => {
  describeEngine('PostgreSQL', async () => {
    const schema = uniqueTestName('voice_timings');
    const db = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 2 });
    return {
      db,
      cleanup: async () => {
        await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
        await db.close();
      },
    };
  });
});

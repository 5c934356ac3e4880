import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import { migrate } from '../sql/migrations.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import { aiUsageMigrations, aiUsageOf, aiUsageRecorder, createKeyUseMarker, keysLastUsedAt } from './ai-usage.js';

describe('AI usage and key use', () => {
  let db: SqlDatabase;
  const t = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, seconds));

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db, aiUsageMigrations);
  });
  afterAll(() => db.close());

  it('records one row per call, with its organization and session', async () => {
    const record = aiUsageRecorder(db);
    await record({
      providerId: 'p',
      modelId: 'm',
      organizationId: 'acme',
      sessionId: 's',
      operation: 'chat',
      usage: { inputTokens: 10, outputTokens: 3 },
      at: t(0).toISOString(),
    });
    await record({
      providerId: 'p',
      modelId: 'm',
      organizationId: 'acme',
      operation: 'speak',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 2.5 },
      at: t(1).toISOString(),
    });
    expect((await aiUsageOf(db, 'acme')).map((row) => [row.operation, row.sessionId, row.audioSeconds])).toEqual([
      ['chat', 's', null],
      ['speak', null, 2.5],
    ]);
    expect(await aiUsageOf(db, null)).toEqual([]);
  });

  it('writes a key’s last use at most once a minute per process, and never moves it back', async () => {
    const mark = createKeyUseMarker(db);
    await mark('k', t(0));
    await mark('k', t(30));
    expect((await keysLastUsedAt(db, ['k'])).get('k')).toBe(t(0).toISOString());
    await mark('k', t(61));
    expect((await keysLastUsedAt(db, ['k'])).get('k')).toBe(t(61).toISOString());
    // Another process marking an older use changes nothing.
    await createKeyUseMarker(db)('k', t(5));
    expect((await keysLastUsedAt(db, ['k', 'never'])).get('k')).toBe(t(61).toISOString());
    expect((await keysLastUsedAt(db, ['never'])).size).toBe(0);
  });
});

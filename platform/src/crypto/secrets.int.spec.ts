import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import { authSecretFile, resolveAuthSecret, secretMigrations } from './secrets.js';

const logger = createLogger({ level: 'silent' });
const OLD_SECRET = 'a-secret-an-earlier-version-generated-0123456789';

const cleanups: (() => Promise<unknown>)[] = [];
let shared: SqlDatabase;
beforeAll(async () => {
  shared = await createPgliteDatabase();
  await migrate(shared, secretMigrations);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => shared.close());

/** The tables empty, as on a new installation (one PGlite for the file: each takes seconds to start). */
const database = async (): Promise<SqlDatabase> => {
  await shared.query('DELETE FROM platform_secrets');
  await shared.query('DELETE FROM platform_secret_key_ids');
  return shared;
};
const dataDirectory = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aic-secrets-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return path.join(dir, 'data');
};
const storedRows = async (db: SqlDatabase) =>
  (await db.query<{ name: string }>('SELECT name FROM platform_secrets')).rows;
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  const { problems } = error as ConfigError;
  expect(problems.map(({ variable }) => variable)).toEqual(['AUTH_SECRET']);
  return problems[0]!.expected;
};

describe('[PLATFORM]: the auth secret', () => {
  it('creates DATA_DIR and the file with mode 0600, and starts from it again', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    const secret = await resolveAuthSecret({ config: { DATA_DIR }, db, logger });
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect((await stat(authSecretFile(DATA_DIR))).mode & 0o777).toBe(0o600);
    expect(await readdir(DATA_DIR)).toEqual(['auth-secret']);
    expect(await resolveAuthSecret({ config: { DATA_DIR }, db, logger })).toBe(secret);
  });

  it('gives runtimes starting together on one DATA_DIR the same secret', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => resolveAuthSecret({ config: { DATA_DIR }, db, logger })),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await readdir(DATA_DIR)).toEqual(['auth-secret']);
  });

  it('finishes a move a crash interrupted: the file written, the row not yet deleted', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    await db.query(`INSERT INTO platform_secrets (name, value) VALUES ('auth_secret', $1)`, [OLD_SECRET]);
    await resolveAuthSecret({ config: { DATA_DIR }, db, logger });
    await db.query(`INSERT INTO platform_secrets (name, value) VALUES ('auth_secret', $1)`, [OLD_SECRET]);
    expect(await resolveAuthSecret({ config: { DATA_DIR }, db, logger })).toBe(OLD_SECRET);
    expect(await storedRows(db)).toEqual([]);
  });

  it('refuses a file others may read, rather than fixing its mode', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    await resolveAuthSecret({ config: { DATA_DIR }, db, logger });
    await chmod(authSecretFile(DATA_DIR), 0o644);
    expect(await refusal(resolveAuthSecret({ config: { DATA_DIR }, db, logger }))).toContain(
      `${authSecretFile(DATA_DIR)} readable by its owner only (it has mode 0644`,
    );
    expect((await stat(authSecretFile(DATA_DIR))).mode & 0o777).toBe(0o644);
  });

  it('refuses a file and a row that disagree, and a runtime whose DATA_DIR holds another secret', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    const secret = await resolveAuthSecret({ config: { DATA_DIR }, db, logger });
    await db.query(`INSERT INTO platform_secrets (name, value) VALUES ('auth_secret', $1)`, [OLD_SECRET]);
    expect(await refusal(resolveAuthSecret({ config: { DATA_DIR }, db, logger }))).toContain('different');
    await db.query('DELETE FROM platform_secrets');

    // Another runtime on the same database, with a DATA_DIR of its own.
    const elsewhere = await dataDirectory();
    expect(await refusal(resolveAuthSecret({ config: { DATA_DIR: elsewhere }, db, logger }))).toContain(
      'the other runtimes on this database use another secret',
    );
    expect(await resolveAuthSecret({ config: { DATA_DIR }, db, logger })).toBe(secret);
  });

  it('takes AUTH_SECRET as given, deletes a generated row that holds the same value, and writes no file', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    await db.query(`INSERT INTO platform_secrets (name, value) VALUES ('auth_secret', $1)`, [OLD_SECRET]);
    expect(await resolveAuthSecret({ config: { DATA_DIR, AUTH_SECRET: OLD_SECRET }, db, logger })).toBe(OLD_SECRET);
    expect(await storedRows(db)).toEqual([]);
    // Rotated by the operator: taken, although the database recorded another.
    const rotated = 'a-rotated-auth-secret-of-enough-characters';
    expect(await resolveAuthSecret({ config: { DATA_DIR, AUTH_SECRET: rotated }, db, logger })).toBe(rotated);
    await expect(stat(DATA_DIR)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a file that was cut short', async () => {
    const db = await database();
    const DATA_DIR = await dataDirectory();
    await resolveAuthSecret({ config: { DATA_DIR }, db, logger });
    const file = authSecretFile(DATA_DIR);
    await writeFile(file, (await readFile(file, 'utf8')).slice(0, 10));
    expect(await refusal(resolveAuthSecret({ config: { DATA_DIR }, db, logger }))).toContain('was altered');
  });
});

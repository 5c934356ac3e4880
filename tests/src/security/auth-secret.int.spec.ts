import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiClient, signIn, startTestServer, TEST_PASSWORD, type TestServer } from '@ai-coaching/api/testing';
import { authOperations, environmentVariableOperations as variables } from '@ai-coaching/contracts';
import {
  deriveSecretCode,
  ensureDataKey,
  loadDataKeys,
  newId,
  readEnvironmentVariable,
  secretEncryptionKeys,
  type DataKeyState,
} from '@ai-coaching/platform';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// Issue 22, item 5: without AUTH_SECRET the generated secret was a row of platform_secrets, next to everything it
// seals (provider keys, SSO secrets, personal-data keys), so a dump of the database alone opened them all.

const postgres = await postgresAvailability();
const ADMIN = 'admin@localhost.localdomain';

describe.skipIf(!postgres.available)(
  `[SECURITY]: the generated auth secret lives in DATA_DIR, not in the database${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const cleanups: (() => Promise<unknown>)[] = [];
    beforeAll(() => admin.connect());
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    afterAll(() => admin.end());

    /** A database and a data directory of their own, kept across the restarts of one test. */
    const installation = async () => {
      const database = uniqueTestName('aic_secret').toLowerCase();
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${database}`;
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aic-secret-'));
      cleanups.push(
        () => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
        () => rm(dataDir, { recursive: true, force: true }),
      );
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      cleanups.push(() => db.end());
      let running: TestServer | undefined;
      cleanups.push(async () => running?.close({ keepData: true }));
      return {
        db,
        file: path.join(dataDir, 'auth-secret'),
        async start() {
          const lines: string[] = [];
          running = await startTestServer(
            { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'info', PUBLIC_URL: 'http://app.test' },
            { authSecret: 'generated', logDestination: { write: (line: string) => void lines.push(line) } },
          );
          return { server: running, log: () => lines.join('') };
        },
        async stop() {
          await running?.close({ keepData: true });
          running = undefined;
        },
      };
    };

    /** Every row of every table of the database, as text: what a dump holds. */
    const tablesHolding = async (db: pg.Client, text: string): Promise<string[]> => {
      const { rows: tables } = await db.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
         WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.length).toBeGreaterThan(20);
      const holding: string[] = [];
      for (const { schema, name } of tables) {
        const table = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
        const { rows } = await db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM ${table} t WHERE position($1 in t::text) > 0`,
          [text],
        );
        if (rows[0]!.count > 0) holding.push(table);
      }
      return holding;
    };

    /** What the secret seals or signs, made through the running server, and a check that it still opens. */
    const sealEverything = async (server: TestServer) => {
      const token = await signIn(server, ADMIN, TEST_PASSWORD);
      const saved = await apiClient(server, token).call(variables.save, {
        params: { name: 'PROVIDER_KEY' },
        body: { value: 'sk-sealed-before-the-move', is_secret: true },
      });
      expect(saved.status).toBe(200);
      const subject = { subjectId: newId(), organizationId: newId() };
      const dataKey = (await ensureDataKey(
        server.platform.db,
        await secretEncryptionKeys(server.platform),
        subject,
      )) as Exclude<DataKeyState, 'destroyed'>;
      const shareCode = (keys: Awaited<ReturnType<typeof secretEncryptionKeys>>) =>
        deriveSecretCode(keys[0]!.key, 'coaching-shared-session:one');
      const code = shareCode(await secretEncryptionKeys(server.platform));
      return async (after: TestServer) => {
        const keys = await secretEncryptionKeys(after.platform);
        expect((await apiClient(after, token).call(authOperations.me, {})).status).toBe(200);
        expect(await readEnvironmentVariable({ db: after.platform.db, keys }, 'PROVIDER_KEY')).toBe(
          'sk-sealed-before-the-move',
        );
        const reopened = (await loadDataKeys(after.platform.db, keys, [subject.subjectId])).get(subject.subjectId);
        expect(reopened !== 'destroyed' && reopened?.key.equals(dataKey.key)).toBe(true);
        expect(shareCode(keys)).toBe(code);
      };
    };

    it('generates it at the first start into DATA_DIR/auth-secret (0600), reuses it, and no table holds it', async () => {
      const install = await installation();
      const first = await install.start();
      const secret = (await readFile(install.file, 'utf8')).trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect((await stat(install.file)).mode & 0o777).toBe(0o600);
      expect(first.log()).toContain(`auth secret: generated, kept in ${install.file}`);
      expect(first.log()).not.toContain(secret);

      const stillOpens = await sealEverything(first.server);
      expect(await tablesHolding(install.db, secret)).toEqual([]);

      await install.stop();
      const second = await install.start();
      expect((await readFile(install.file, 'utf8')).trim()).toBe(secret);
      await stillOpens(second.server);
    });

    it('moves a secret an earlier version kept in platform_secrets to the file, and what it sealed still opens', async () => {
      const install = await installation();
      const first = await install.start();
      const stillOpens = await sealEverything(first.server);
      await install.stop();
      // The state an earlier version leaves: the secret in the table, no file, no recorded key id.
      const secret = (await readFile(install.file, 'utf8')).trim();
      await rm(install.file);
      await install.db.query('DELETE FROM platform_secret_key_ids');
      await install.db.query(`INSERT INTO platform_secrets (name, value) VALUES ('auth_secret', $1)`, [secret]);
      // What the dump of such an installation gave away.
      expect(await tablesHolding(install.db, secret)).toEqual(['"public"."platform_secrets"']);

      const second = await install.start();
      expect((await readFile(install.file, 'utf8')).trim()).toBe(secret);
      expect((await stat(install.file)).mode & 0o777).toBe(0o600);
      expect((await install.db.query('SELECT name FROM platform_secrets')).rows).toEqual([]);
      expect(await tablesHolding(install.db, secret)).toEqual([]);
      await stillOpens(second.server);
    });
  },
);

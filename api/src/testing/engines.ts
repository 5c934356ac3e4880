import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import pg from 'pg';
import { startTestServer, type TestServer, type TestServerOptions } from './start-test-server.js';

export type TestEngine = { name: 'pglite' | 'postgres'; available: boolean; reason?: string };

/**
 * The engines the API-level integration files run on (those that call this; the platform's engine specs, the files
 * that start the embedded default and the whole e2e suite run PGlite anyway). By default PostgreSQL, the production
 * engine, when it answers (required with CI=true), else embedded PGlite; `TEST_ENGINES=pglite,postgres` runs both, as
 * a change to SQL or to an engine wants, at about twice the time (the CI run fits in its 30 minutes with one).
 * Each PostgreSQL run gets a database of its own, dropped afterwards.
 */
export const testEngines = async (): Promise<TestEngine[]> => {
  const postgres = await postgresAvailability();
  const pglite: TestEngine = { name: 'pglite', available: true };
  const production: TestEngine = {
    name: 'postgres',
    available: postgres.available,
    ...(postgres.reason ? { reason: postgres.reason } : {}),
  };
  const wanted = (process.env.TEST_ENGINES ?? '').split(',').map((name) => name.trim());
  if (wanted.includes('pglite') && wanted.includes('postgres')) return [pglite, production];
  if (wanted.includes('pglite')) return [pglite];
  return postgres.available || process.env.CI === 'true' ? [production] : [pglite];
};

export const startTestServerOn = async (
  engine: TestEngine['name'],
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> => {
  if (engine === 'pglite') return startTestServer(env, options);
  const database = uniqueTestName('aic_api').toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const server = await startTestServer({ ...env, DATABASE_URL: url.toString() }, options);
  return {
    ...server,
    async close(options) {
      await server.close(options);
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
};

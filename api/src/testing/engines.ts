import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import pg from 'pg';
import { startTestServer, type TestServer, type TestServerOptions } from './start-test-server.js';

export type TestEngine = { name: 'pglite' | 'postgres'; available: boolean; reason?: string };

/**
 * The engines identity suites run on: embedded PGlite always, PostgreSQL when it answers
 * (required with CI=true). Each PostgreSQL run gets a database of its own, dropped afterwards.
 */
export const testEngines = async (): Promise<TestEngine[]> => {
  const postgres = await postgresAvailability();
  return [
    { name: 'pglite', available: true },
    { name: 'postgres', available: postgres.available, ...(postgres.reason ? { reason: postgres.reason } : {}) },
  ];
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

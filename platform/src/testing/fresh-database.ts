import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { TEST_DATABASE_URL, uniqueTestName } from './services.js';

/**
 * A database of its own on the test server, for the describe this is called in: created before its tests, dropped
 * (its connections closed) after them. For specs that run a whole installation, apart from everything else on the
 * shared server. Answers its URL.
 */
export const freshTestDatabase = (prefix: string): string => {
  const database = uniqueTestName(prefix).toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });
  return url.toString();
};

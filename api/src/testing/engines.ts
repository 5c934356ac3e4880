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

/**
 * What a test server stores at its first start (schema, platform organization, super-admin, built-in provider, starter
 * library) depends only on these settings and on the shared test secret: a server started without them can start from
 * a copy of the run's template database instead of migrating and seeding its own (seconds each, for about a hundred
 * servers a run).
 */
const SETTINGS_OF_THE_SEED = ['AUTH_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'EVENTSTORE_URL'];

/** Set by the integration files' setup (postgres-template.setup.ts) to the run's template database name. */
export const POSTGRES_TEMPLATE_VARIABLE = 'AIC_TEST_POSTGRES_TEMPLATE';

const databaseUrl = (database: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

let templateOfThisProcess: Promise<string> | undefined;

/**
 * The run's template, made once by whichever worker needs it first (an advisory lock keeps the others waiting), under
 * a temporary name renamed when complete, so that no worker copies a half-made one.
 */
const postgresTemplate = (admin: pg.Client, name: string): Promise<string> =>
  (templateOfThisProcess ??= (async () => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const server = await startTestServer({ DATABASE_URL: databaseUrl(building) });
        await server.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  })());

/** CREATE DATABASE … TEMPLATE, waiting while another worker's copy of the same template holds it. */
const createDatabase = async (admin: pg.Client, database: string, template: string | undefined) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${database}${template ? ` TEMPLATE ${template}` : ''}`);
      return;
    } catch (error) {
      // 55006 object_in_use: "source database is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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
  const templateName = process.env[POSTGRES_TEMPLATE_VARIABLE];
  // A shifted clock or a generated secret is what some tests check the first start with: those start from nothing.
  const fromTemplate =
    templateName !== undefined &&
    options.authSecret === undefined &&
    options.clock === undefined &&
    !SETTINGS_OF_THE_SEED.some((name) => name in env);
  await createDatabase(admin, database, fromTemplate ? await postgresTemplate(admin, templateName) : undefined);
  const server = await startTestServer({ ...env, DATABASE_URL: databaseUrl(database) }, options);
  return {
    ...server,
    async close(options) {
      await server.close(options);
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
};

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLifecycle, createLogger, loadConfig, openPlatform } from '@ai-coaching/platform';
import { TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import { projectionMigrations, startAllProjections } from '@ai-coaching/projections';
import pg from 'pg';
import type { AppServices } from '../app-services.js';

export type TestApp = { services: AppServices; close(): Promise<void> };

/**
 * The application layer on real engines, without any runtime adapter around it: a platform on a
 * PostgreSQL database of its own (dropped on close) or an embedded PGlite, with every projection
 * running. For integration specs of use cases and of the adapters that call them (gateway, workers).
 */
export const openTestApp = async (engine: 'pglite' | 'postgres'): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aic-app-'));
  const database = uniqueTestName('aic_app').toLowerCase();
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: TEST_DATABASE_URL }) : undefined;
  const env: Record<string, string> = { PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const config = loadConfig(env);
  const logger = createLogger({ level: 'silent' });
  const lifecycle = createLifecycle(logger, { timeoutMs: 5000 });
  const platform = await openPlatform({ config, logger, lifecycle, migrations: projectionMigrations, runtime: 'test' });
  const projections = await startAllProjections(platform, logger, lifecycle);
  return {
    services: { ...platform, wakeProjections: (names) => projections.wake(names) },
    async close() {
      await lifecycle.close();
      await rm(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
};

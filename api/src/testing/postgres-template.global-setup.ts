import { postgresAvailability, TEST_DATABASE_URL } from '@ai-coaching/platform/testing';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name of this run's template database for API test servers on PostgreSQL (engines.ts). */
    postgresTemplate: string;
  }
}

/**
 * Vitest global setup of the integration files: names the run's template database, which the first test server on
 * PostgreSQL makes (migrated and seeded) and the others copy, and drops it when the run ends. The name is the run's
 * own, so a run cut short leaves nothing a later run would reuse with an older schema.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const name = `aic_template_${Date.now().toString(36)}_${process.pid}`;
  project.provide('postgresTemplate', name);
  return async () => {
    if (!(await postgresAvailability()).available) return;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}

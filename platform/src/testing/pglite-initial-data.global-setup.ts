import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly initialised PGlite database (pglite-initial-data.setup.ts). */
    pgliteInitialData: string;
  }
}

/**
 * Vitest global setup of the integration files: initdb once for the whole run, and a dump of its result that every
 * PGlite database of the run starts from (`startPgliteDatabasesFrom`), instead of an initdb of several seconds for each
 * of the hundreds of databases and servers the files open.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aic-pglite-initial-'));
  const file = path.join(dir, 'pgdata.tar');
  const db = await PGlite.create();
  try {
    const dump = await db.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide('pgliteInitialData', file);
  return () => rm(dir, { recursive: true, force: true });
}

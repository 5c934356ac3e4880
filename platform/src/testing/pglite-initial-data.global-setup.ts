import { existsSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the dump of a freshly initialised PGlite database is, or will be (pglite-initial-data.setup.ts). */
    pgliteInitialData: string;
  }
}

const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/**
 * Vitest global setup of the integration files: one initdb, and a dump of its result that every PGlite database of
 * the run starts from (`startPgliteDatabasesFrom`) instead of an initdb of its own (seconds of WebAssembly each, for
 * the hundreds of databases and servers the files open). The dump depends on PGlite's version alone, so it is kept in
 * the temporary directory for later runs; a first run makes it while the unit files run, and the integration files'
 * setup waits for it.
 */
export default function setup(project: TestProject): void {
  const file = path.join(os.tmpdir(), `ai-coaching-pglite-initdb-${pgliteVersion()}.tar.gz`);
  project.provide('pgliteInitialData', file);
  if (existsSync(file)) return;
  const partial = `${file}.${process.pid}.partial`;
  void (async () => {
    const db = await PGlite.create();
    try {
      const dump = await db.dumpDataDir('gzip');
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    // Whole or not at all, even with another run making it at the same time.
    await rename(partial, file);
  })().catch(() => rm(partial, { force: true }));
}

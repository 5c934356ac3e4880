import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspaces import each other's TypeScript sources through the "source" export condition,
// so tests never need a prior build.
const conditions = ['source', 'import', 'module', 'node', 'default'];

// Vitest also hands ssr.resolve.conditions to the Node test workers as --conditions, where
// 'import' makes CommonJS require() load ESM builds (pg's require('pg-pool') then fails).
// Vite adds import/require itself, so the SSR list is Vite's default plus 'source'.
const serverConditions = ['source', 'module', 'node', 'development|production'];

// The AWS SDK (@aws-sdk/client-s3 of the blob store): its CommonJS builds require packages whose exports list
// 'module' first, and with 'module' among the workers' conditions Node then loads an ESM build that imports its
// files without extensions (written for bundlers) and fails. So in tests the SDK runs as its ESM build (dist-es),
// transformed by Vite, which resolves those imports. Production runs the CommonJS build under plain Node.
const AWS_SDK = /^(@aws-sdk|@smithy|@aws-crypto)\//;
const awsSdkAsEsm: Plugin = {
  name: 'aws-sdk-as-esm',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!AWS_SDK.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || !resolved.id.includes('/dist-cjs/')) return resolved;
    const esm = resolved.id.replace('/dist-cjs/', '/dist-es/');
    return existsSync(esm) ? { ...resolved, id: esm } : resolved;
  },
};
const server = { deps: { inline: [/\/node_modules\/(@aws-sdk|@smithy|@aws-crypto)\//] } };

const shared = {
  plugins: [awsSdkAsEsm],
  resolve: { conditions },
  ssr: { resolve: { conditions: serverConditions, externalConditions: ['source'] } },
};

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          server,
          // Unit files first, then integration files with their own number of workers (Vitest wants the groups apart).
          sequence: { groupOrder: 0 },
          // Unit files share their worker's modules (about 80 s of imports otherwise, for 10 s of tests): they mock no
          // module and stub no global; fake timers are put back after each test.
          isolate: false,
          include: [
            '{domain,contracts,platform,projections,application,workers,gateway,api,client,tests}/src/**/*.unit.spec.{ts,tsx}',
            'scripts/**/*.unit.spec.ts',
          ],
          environment: 'node',
        },
      },
      {
        ...shared,
        test: {
          name: 'int',
          server,
          include: [
            '{domain,contracts,platform,projections,application,workers,gateway,api,client,tests}/src/**/*.int.spec.{ts,tsx}',
          ],
          environment: 'node',
          pool: 'forks',
          // Integration files mostly wait (on PostgreSQL, servers, timers: a session's 30 s time limit), so two run at
          // once even on a 2-core machine; Vitest's default there is one. Timing-sensitive specs compare paired
          // requests, which load beside them weighs on alike (password-reset-timing.int.spec.ts).
          maxWorkers: 2,
          // A worker imports the server's modules once for all its files (about 3 s of CPU per file otherwise): the
          // files share no module state they change, each starts and closes its own servers and databases.
          isolate: false,
          sequence: { groupOrder: 1 },
          // PGlite's initdb once per run instead of once per database (seconds each): pglite-initial-data.global-setup.ts.
          // A migrated and seeded template database that PostgreSQL test servers copy: postgres-template.global-setup.ts.
          globalSetup: [
            'platform/src/testing/pglite-initial-data.global-setup.ts',
            'api/src/testing/postgres-template.global-setup.ts',
          ],
          setupFiles: [
            'platform/src/testing/pglite-initial-data.setup.ts',
            'api/src/testing/postgres-template.setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

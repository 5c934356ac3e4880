import { defineConfig } from 'vitest/config';

// Workspaces import each other's TypeScript sources through the "source" export condition,
// so tests never need a prior build.
const conditions = ['source', 'import', 'module', 'node', 'default'];

// Vitest also hands ssr.resolve.conditions to the Node test workers as --conditions, where
// 'import' makes CommonJS require() load ESM builds (pg's require('pg-pool') then fails).
// Vite adds import/require itself, so the SSR list is Vite's default plus 'source'.
const serverConditions = ['source', 'module', 'node', 'development|production'];

const shared = {
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
          include: [
            '{domain,contracts,platform,projections,application,workers,gateway,api,client,tests}/src/**/*.int.spec.{ts,tsx}',
          ],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

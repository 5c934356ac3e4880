import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { clientFeatureConfigs } from './tooling/eslint/client-features.js';
import { clockAndIdConfigs } from './tooling/eslint/clock-and-ids.js';
import { workspaceBoundaryConfigs } from './tooling/eslint/workspace-boundaries.js';

/**
 * The workspace table of docs/ARCHITECTURE.md ("may import"), from which the import rules are generated;
 * tests/src/lint/boundaries.unit.spec.ts fails when the document says otherwise. `mayImport` lists the other
 * workspaces a workspace may import, or 'everything'. `nodeBuiltins: false` keeps Node's modules out of its `src/`
 * (the domain stays pure, the client runs in a browser); `ioPackages: false` keeps database, queue and Redis
 * clients out too.
 */
export const workspaceTable = [
  { workspace: 'domain', mayImport: [], nodeBuiltins: false, ioPackages: false },
  { workspace: 'contracts', mayImport: ['domain'] },
  { workspace: 'platform', mayImport: ['domain'] },
  { workspace: 'projections', mayImport: ['domain', 'platform'] },
  { workspace: 'application', mayImport: ['domain', 'contracts', 'platform', 'projections'] },
  { workspace: 'workers', mayImport: ['domain', 'contracts', 'platform', 'projections', 'application'] },
  { workspace: 'gateway', mayImport: ['domain', 'contracts', 'platform', 'projections', 'application'] },
  // The one-process composition (ADR 0005).
  {
    workspace: 'api',
    mayImport: ['domain', 'contracts', 'platform', 'projections', 'application', 'workers', 'gateway'],
  },
  { workspace: 'client', mayImport: ['domain', 'contracts'], nodeBuiltins: false },
  { workspace: 'tests', mayImport: 'everything' },
];

/**
 * Packages that belong to one workspace: HTTP and sockets stay adapters (`api`, `gateway`) over use cases that any
 * runtime can call, and the UI stack stays in the browser. `*` stands for any characters but `/`.
 */
export const packageHomes = [
  { packages: ['koa', 'koa-body', '@koa/*'], only: 'api' },
  { packages: ['react*', '@tanstack/*', 'xstate', '@xstate/*'], only: 'client' },
  { packages: ['socket.io'], only: 'gateway' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      '.data-*/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries kept by lint (ADR 0011): the workspace table of docs/ARCHITECTURE.md, client features apart,
  // and the clock and id ports wherever they exist.
  ...workspaceBoundaryConfigs(workspaceTable, packageHomes),
  ...clientFeatureConfigs(fileURLToPath(new URL('.', import.meta.url))),
  ...clockAndIdConfigs(),
  {
    // CommonJS on purpose: eslint-module-utils loads import resolvers with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);

import { builtinModules } from 'node:module';

/** Database, queue and Redis clients: their adapters live in `platform`. */
const ioPackages = ['pg', '@electric-sql/*', '@eventstore/*', 'bullmq', 'ioredis'];

const why = 'docs/ARCHITECTURE.md, workspace table';

const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
/** `*` stands for any characters but `/`. */
const anyOf = (names) => names.map((name) => escape(name).replaceAll('*', '[^/]*')).join('|');
/** Matches the package and its subpaths (`react-dom/client`), never a longer name (`socket.io-client`). */
const packageRegex = (names) => `^(?:${anyOf(names)})(?:/|$)`;
const list = (names) => names.map((name) => `\`${name}\``).join(', ');

/** The workspaces a row may import; `'everything'` means every other workspace. */
export const mayImportOf = (row, workspaceNames) =>
  row.mayImport === 'everything' ? workspaceNames.filter((name) => name !== row.workspace) : row.mayImport;

/**
 * `no-restricted-imports` options for one workspace. A later config object's options replace an earlier one's for
 * the same rule, so each file glob gets all of its restrictions in one set; `inSrc` adds those for `src/` only
 * (tooling such as `client/vite.config.ts` runs in Node).
 */
const restrictedImports = (row, { workspaceNames, packageHomes, inSrc }) => {
  const allowed = mayImportOf(row, workspaceNames);
  const forbidden = workspaceNames.filter((name) => name !== row.workspace && !allowed.includes(name));
  const patterns = [];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^@ai-coaching/(?:${anyOf(forbidden)})(?:/|$)`,
      caseSensitive: true,
      message:
        allowed.length > 0
          ? `\`${row.workspace}\` may import only ${list(allowed)} among the workspaces (${why}).`
          : `\`${row.workspace}\` imports no other workspace (${why}).`,
    });
  }
  if (row.mayImport !== 'everything') {
    patterns.push({
      regex: `^(?:\\.\\./)+(?:${anyOf(workspaceNames)})/src(?:/|$)`,
      caseSensitive: true,
      message:
        'Import another workspace by its package name (`@ai-coaching/<workspace>`), never by a path into its files.',
    });
    for (const home of packageHomes.filter((entry) => entry.only !== row.workspace)) {
      patterns.push({
        regex: packageRegex(home.packages),
        caseSensitive: true,
        message: `${list(home.packages)} belong in \`${home.only}\` only (${why}).`,
      });
    }
  }
  if (inSrc && row.ioPackages === false) {
    patterns.push({
      regex: packageRegex(ioPackages),
      caseSensitive: true,
      message: `\`${row.workspace}\` does no I/O: database, queue and Redis clients belong in \`platform\`.`,
    });
  }
  if (inSrc && row.nodeBuiltins === false) {
    const builtins = builtinModules.filter((name) => !name.startsWith('_'));
    patterns.push({
      regex: `^(?:node:|(?:${anyOf(builtins)})(?:/|$))`,
      caseSensitive: true,
      message: `\`${row.workspace}/src\` uses no Node built-ins (${why}).`,
    });
  }
  return patterns.length > 0 ? { patterns } : undefined;
};

/**
 * Flat-config objects generated from the workspace table (see eslint.config.js): one per workspace, and one more
 * for its `src/` when that is stricter.
 */
export const workspaceBoundaryConfigs = (workspaceTable, packageHomes) => {
  const workspaceNames = workspaceTable.map((row) => row.workspace);
  const sources = '**/*.{ts,tsx,js,mjs,cjs}';
  return workspaceTable.flatMap((row) => {
    const stricterSrc = row.nodeBuiltins === false || row.ioPackages === false;
    return [
      { files: [`${row.workspace}/${sources}`], inSrc: false },
      ...(stricterSrc ? [{ files: [`${row.workspace}/src/${sources}`], inSrc: true }] : []),
    ].flatMap(({ files, inSrc }) => {
      const options = restrictedImports(row, { workspaceNames, packageHomes, inSrc });
      return options ? [{ files, rules: { 'no-restricted-imports': ['error', options] } }] : [];
    });
  });
};

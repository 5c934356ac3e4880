import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

type WorkspaceRow = { workspace: string; mayImport: readonly string[] | 'everything' };

/** The "may import" column of docs/ARCHITECTURE.md's workspace table, in the document's order. */
const documentedTable = (): WorkspaceRow[] => {
  const lines = readFileSync(`${repoRoot}docs/ARCHITECTURE.md`, 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*workspace\s*\|.*\|\s*may import\s*\|\s*$/.test(line));
  expect(header, 'docs/ARCHITECTURE.md has the workspace table').toBeGreaterThanOrEqual(0);
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').map((cell) => cell.trim()));
  }
  // A row splits as ['', workspace, holds, may import, ''].
  return rows.map((cells) => {
    const workspace = (cells[1] ?? '').replaceAll('`', '');
    const mayImport = cells[3] ?? '';
    return {
      workspace,
      mayImport: /\beverything\b/.test(mayImport)
        ? 'everything'
        : [...mayImport.matchAll(/`([a-z-]+)`/g)].map((match) => match[1] ?? ''),
    };
  });
};

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  // Loads the configuration, the parser and the plugins once, so each case below only lints.
  await eslint.lintText('', { filePath: 'domain/src/index.ts' });
}, 60_000);

const lint = async (filePath: string, code: string): Promise<Linter.LintMessage[]> => {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages ?? [];
};

const problems = (messages: Linter.LintMessage[]) => messages.map(({ ruleId, message }) => ({ ruleId, message }));

describe('workspace table', () => {
  it('docs/ARCHITECTURE.md lists the same workspaces and imports as eslint.config.js', async () => {
    const config = (await import(pathToFileURL(`${repoRoot}eslint.config.js`).href)) as {
      workspaceTable: readonly WorkspaceRow[];
    };
    expect(documentedTable()).toEqual(
      config.workspaceTable.map(({ workspace, mayImport }) => ({
        workspace,
        mayImport: mayImport === 'everything' ? 'everything' : [...mayImport],
      })),
    );
  });
});

describe('workspace boundaries', () => {
  it('refuses the client importing @ai-coaching/platform', async () => {
    const messages = await lint(
      'client/src/app/services.ts',
      "import { newId } from '@ai-coaching/platform';\n\nexport const id = newId;\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining(
          '`client` may import only `domain`, `contracts` among the workspaces (docs/ARCHITECTURE.md, workspace table).',
        ),
      },
    ]);
  });

  it('refuses the gateway importing @ai-coaching/api', async () => {
    const messages = await lint(
      'gateway/src/gateway.ts',
      "import { startApi } from '@ai-coaching/api';\n\nexport const start = startApi;\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining(
          '`gateway` may import only `domain`, `contracts`, `platform`, `projections`, `application` among the workspaces',
        ),
      },
    ]);
  });

  it('refuses koa in application', async () => {
    const messages = await lint(
      'application/src/user-groups/user-groups.ts',
      "import Koa from 'koa';\n\nexport const app = new Koa();\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('`koa`, `koa-body`, `@koa/*` belong in `api` only'),
      },
    ]);
  });

  it('refuses a relative path into another workspace, and Node built-ins in the domain', async () => {
    const messages = await lint(
      'domain/src/users/user-management.ts',
      "import { readFileSync } from 'node:fs';\nimport { newId } from '../../../platform/src/crypto/ids.js';\n\nexport const used = [readFileSync, newId];\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('`domain/src` uses no Node built-ins'),
      },
      {
        ruleId: 'no-restricted-imports',
        message: expect.stringContaining('Import another workspace by its package name (`@ai-coaching/<workspace>`)'),
      },
    ]);
  });

  it('lets api import the workspaces of the one-process composition', async () => {
    const messages = await lint(
      'api/src/main-all.ts',
      "import { startGateway } from '@ai-coaching/gateway';\nimport { workerJobs } from '@ai-coaching/workers';\n\nexport const parts = [startGateway, workerJobs];\n",
    );
    expect(problems(messages)).toEqual([]);
  });
});

describe('client features', () => {
  it('refuses a feature importing another feature', async () => {
    const messages = await lint(
      'client/src/features/users/components/user-table.tsx',
      "import { useUserGroups } from '../../user-groups/api/user-groups-api';\n\nexport const hook = useUserGroups;\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'boundaries/dependencies',
        message:
          'Feature `users` imports feature `user-groups`: features never import each other; move what both need to ' +
          '`components/`, `hooks/` or `lib/`.',
      },
    ]);
  });

  it('lets a feature import components/ and its own files', async () => {
    const messages = await lint(
      'client/src/features/users/components/user-table.tsx',
      "import { Button } from '../../../components/ui/button';\nimport { useUsers } from '../api/users-api';\n\nexport const parts = [Button, useUsers];\n",
    );
    expect(problems(messages)).toEqual([]);
  });

  it("refuses a feature importing the contracts' operations", async () => {
    const messages = await lint(
      'client/src/features/users/api/users-api.ts',
      "import { userOperations } from '@ai-coaching/contracts';\n\nexport const list = userOperations.list;\n",
    );
    expect(problems(messages)).toEqual([
      {
        ruleId: 'no-restricted-syntax',
        message:
          'Call operations through `lib/http/contract-routes` (no zod); a form takes its request schema from the ' +
          "feature's `api/*-schemas.ts` (client/CONTEXT.md, API files).",
      },
    ]);
  });

  it("lets a feature's api/*-schemas.ts read a request schema, and any file import the contracts' types", async () => {
    const schemas = await lint(
      'client/src/features/users/api/users-form-schemas.ts',
      "import { userOperations } from '@ai-coaching/contracts';\n\nexport const schema = userOperations.invite.body;\n",
    );
    const types = await lint(
      'client/src/features/users/api/users-api.ts',
      "import type { userOperations } from '@ai-coaching/contracts';\n\nexport type List = typeof userOperations.list;\n",
    );
    expect([...problems(schemas), ...problems(types)]).toEqual([]);
  });
});

describe('clock and ids', () => {
  const clockAdvice =
    "use `services.clock.now()` (`nowIso(services)` for the ISO string); a decider takes the command's `metadata.now`.";
  const idAdvice = 'use `services.ids.newId()` (or `deterministicId(...)` to derive one).';

  it('refuses new Date() in a route', async () => {
    const messages = await lint('api/src/routes/user-groups.ts', 'export const at = () => new Date().toISOString();\n');
    expect(problems(messages)).toEqual([
      { ruleId: 'no-restricted-syntax', message: `\`new Date()\` reads the wall clock: ${clockAdvice}` },
    ]);
  });

  it('lets a route read services.clock.now()', async () => {
    const messages = await lint(
      'api/src/routes/user-groups.ts',
      "import type { AppServices } from '@ai-coaching/application';\n\nexport const at = (services: AppServices) => services.clock.now().toISOString();\n",
    );
    expect(problems(messages)).toEqual([]);
  });

  it('lets a route parse a date with new Date(value)', async () => {
    const messages = await lint(
      'api/src/routes/user-groups.ts',
      'export const parse = (value: string) => new Date(value);\n',
    );
    expect(problems(messages)).toEqual([]);
  });

  it('refuses Date.now(), Math.random(), randomUUID() and newId from the platform in use cases and deciders', async () => {
    const useCase = await lint(
      'application/src/user-groups/user-groups.ts',
      "import { randomUUID } from 'node:crypto';\nimport { newId } from '@ai-coaching/platform';\n\nexport const draws = () => [Date.now(), Math.random(), randomUUID(), newId()];\n",
    );
    expect(problems(useCase)).toEqual([
      {
        ruleId: 'no-restricted-syntax',
        message: `\`newId\` from \`@ai-coaching/platform\` draws outside the ports: ${idAdvice}`,
      },
      { ruleId: 'no-restricted-syntax', message: `\`Date.now()\` reads the wall clock: ${clockAdvice}` },
      { ruleId: 'no-restricted-syntax', message: `\`Math.random()\` draws outside the ports: ${idAdvice}` },
      { ruleId: 'no-restricted-syntax', message: `\`randomUUID()\` draws outside the ports: ${idAdvice}` },
    ]);
    const decider = await lint('domain/src/users/user-management.ts', 'export const id = crypto.randomUUID();\n');
    expect(problems(decider)).toEqual([
      { ruleId: 'no-restricted-syntax', message: `\`randomUUID()\` draws outside the ports: ${idAdvice}` },
    ]);
  });

  it('lets specs and the application test kit read the clock', async () => {
    const code = 'export const at = new Date();\n';
    expect(await lint('domain/src/users/user-management.unit.spec.ts', code)).toEqual([]);
    expect(await lint('application/src/testing/test-app.ts', code)).toEqual([]);
    expect(await lint('api/src/http/mount-routes.ts', code)).toEqual([]);
  });
});

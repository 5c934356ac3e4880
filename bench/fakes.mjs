// The integration tests' fake providers, for the benchmarks: the tests workspace is not compiled, so each fake is
// transpiled on the fly next to node_modules (where its `ws` import resolves) and imported from there.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Imports tests/src/fakes/<name>.ts and the fakes it imports (`names`, in any order); answers the first's module. */
export const loadTestFakes = async (...names) => {
  const source = path.join(root, 'tests', 'src', 'fakes');
  const target = path.join(root, 'node_modules', '.cache', 'ai-coaching-bench', 'fakes');
  await mkdir(target, { recursive: true });
  for (const name of names) {
    const { outputText } = ts.transpileModule(await readFile(path.join(source, `${name}.ts`), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(path.join(target, `${name}.js`), outputText);
  }
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, await import(pathToFileURL(path.join(target, `${name}.js`)).href)]),
    ),
  );
};

// The code's shape, measured the way docs/CODE_STYLE.md states its limits: files of at most 600 lines, functions
// of at most 150, and no import cycle inside a workspace. tests/src/lint/code-shape.unit.spec.ts holds the tree to
// it; `node tooling/code-shape/code-shape.mjs` prints the figures.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMITS = { fileLines: 600, functionLines: 150 };

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
// Generated files and translation catalogues are data, not code anyone reads top to bottom.
const NOT_CODE = [/\.d\.ts$/, /(^|\/)generated\//, /\.generated\.ts$/, /(^|\/)locales\//];
// Test callbacks are lists of cases; their length is the number of cases, not a function's complexity.
const TEST_BLOCKS = new Set([
  'describe',
  'describeApi',
  'describeRunner',
  'it',
  'test',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
]);

/** The tracked source files, relative to the repository's root. */
export const sourceFiles = (root = repoRoot) =>
  execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !NOT_CODE.some((pattern) => pattern.test(file)))
    .filter((file) => existsSync(path.join(root, file)));

const parse = (root, file) =>
  ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

const calleeName = (node) => {
  let callee = node.expression;
  // `it.each(…)(…)`, `describe.skipIf(…)(…)`, `test.concurrent(…)`: the name at the root of the chain.
  while (callee && !ts.isIdentifier(callee)) {
    if (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) callee = callee.expression;
    else return undefined;
  }
  return callee?.text;
};

const isTestBlock = (node) =>
  node.parent && ts.isCallExpression(node.parent) && TEST_BLOCKS.has(calleeName(node.parent) ?? '');

const functionName = (node, sourceFile) => {
  if (node.name) return node.name.getText(sourceFile);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(sourceFile);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(sourceFile).slice(0, 40)}(…)`;
  return '(anonymous)';
};

/** Files over the line limit and functions over theirs, with where they are. */
export const measureShape = (root = repoRoot, files = sourceFiles(root)) => {
  const longFiles = [];
  const longFunctions = [];
  for (const file of files) {
    const sourceFile = parse(root, file);
    const lines = sourceFile.getLineAndCharacterOfPosition(sourceFile.end).line + 1;
    if (lines > LIMITS.fileLines) longFiles.push({ file, lines });
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body && !isTestBlock(node)) {
        const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        const end = sourceFile.getLineAndCharacterOfPosition(node.end).line + 1;
        if (end - start + 1 > LIMITS.functionLines)
          longFunctions.push({ file, line: start, name: functionName(node, sourceFile), lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { longFiles, longFunctions };
};

const resolveRelative = (from, specifier, known) => {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?js$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find((candidate) => known.has(candidate));
};

/** The relative imports of each file (type-only ones included: they tie two files' designs together as well). */
export const importGraph = (root = repoRoot, files = sourceFiles(root)) => {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const sourceFile = parse(root, file);
    const targets = new Set();
    const visit = (node) => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
        const target = resolveRelative(file, specifier.text, known);
        if (target) targets.add(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    graph.set(file, [...targets]);
  }
  return graph;
};

/** Strongly connected groups of more than one file (Tarjan), each sorted, within one workspace. */
export const importCycles = (graph) => {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const connect = (file) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return cycles;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const print = (line) => process.stdout.write(`${line}\n`);
  const files = sourceFiles();
  const { longFiles, longFunctions } = measureShape(repoRoot, files);
  const cycles = importCycles(importGraph(repoRoot, files));
  print(`${files.length} source files`);
  print(`files over ${LIMITS.fileLines} lines: ${longFiles.length}`);
  for (const { file, lines } of longFiles.sort((a, b) => b.lines - a.lines)) print(`  ${lines}  ${file}`);
  print(`functions over ${LIMITS.functionLines} lines: ${longFunctions.length}`);
  for (const { file, line, name, lines } of longFunctions.sort((a, b) => b.lines - a.lines))
    print(`  ${lines}  ${file}:${line}  ${name}`);
  print(`import cycles: ${cycles.length}`);
  for (const cycle of cycles) print(`  ${cycle.join(' ↔ ')}`);
}

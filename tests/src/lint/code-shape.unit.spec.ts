import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importCycles,
  importGraph,
  LIMITS,
  measureShape,
  sourceFiles,
} from '../../../tooling/code-shape/code-shape.mjs';

const files: string[] = sourceFiles();
const { longFiles, longFunctions } = measureShape(undefined, files);
const cycles = importCycles(importGraph(undefined, files)).map((cycle) => cycle.join(' ↔ '));

describe('[CODE]: the code keeps its shape (CODE_STYLE.md)', () => {
  it(`has no source file over ${LIMITS.fileLines} lines, generated files and catalogues aside`, () => {
    expect(longFiles.map(({ file, lines }) => `${file}: ${lines} lines`)).toEqual([]);
  });

  it(`has no function over ${LIMITS.functionLines} lines, test blocks aside`, () => {
    expect(longFunctions.map(({ file, line, name, lines }) => `${file}:${line} ${name}: ${lines} lines`)).toEqual([]);
  });

  it('has no import cycle inside a workspace', () => {
    expect(cycles).toEqual([]);
  });

  it('finds a long file and a long function in a sample, and leaves test blocks aside', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'code-shape-'));
    const body = (count: number) =>
      Array.from({ length: count }, (_, index) => `  const v${index} = ${index};`).join('\n');
    writeFileSync(path.join(root, 'long.ts'), `export function long() {\n${body(149)}\n}\n${'\n'.repeat(460)}`);
    writeFileSync(path.join(root, 'fits.ts'), `export const fits = () => {\n${body(148)}\n};\n`);
    writeFileSync(path.join(root, 'cases.spec.ts'), `describe('cases', () => {\n${body(300)}\n});\n`);
    const sample = measureShape(root, ['long.ts', 'fits.ts', 'cases.spec.ts']);
    expect(sample.longFiles).toEqual([{ file: 'long.ts', lines: 612 }]);
    expect(sample.longFunctions).toEqual([{ file: 'long.ts', line: 1, name: 'long', lines: 151 }]);
  });

  it('finds the cycle in a sample graph and reads the whole tree', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(files.length).toBeGreaterThan(500);
  });
});

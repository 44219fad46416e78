import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No module of src/ or netlify/ imports itself through others. A circle makes its modules one
 * thing that must be read, tested and bundled together, and the order they load in decides what
 * each sees of the other. Type-only imports count: they tie the modules for a reader as much.
 * Dynamic `import()` does not, since it loads after both modules have.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
// `import … from './x.ts'`, `export … from './x.ts'`, `import './x.css'`: static, relative.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Each module's relative imports that are modules of the graph. */
function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = [...read(file).matchAll(STATIC_IMPORT)]
        .map((match) => path.join(path.dirname(file), match[1]!))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** One circle through each set of modules that import each other, as the path that closes it. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import circles', () => {
  it('finds a circle, a longer one, and none in a line', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c', 'f']],
      ['f', []],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'e', 'c'],
    ]);
    expect(
      importCycles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static imports and re-exports, type-only ones too, and not dynamic ones', () => {
    const sources: Record<string, string> = {
      'src/a.ts': "import type { B } from './b.ts';\nexport { c } from './c.ts';\nconst d = () => import('./d.ts');",
      'src/b.ts': "import {\n  a,\n  type A,\n} from './a.ts';",
      'src/c.ts': "import '../src/a.ts';",
      'src/d.ts': "import { a } from './a.ts';",
    };
    const graph = importGraph(Object.keys(sources), (file) => sources[file]!);
    expect(graph.get('src/a.ts')).toEqual(['src/b.ts', 'src/c.ts']);
    expect(graph.get('src/b.ts')).toEqual(['src/a.ts']);
    expect(graph.get('src/c.ts')).toEqual(['src/a.ts']);
  });

  it('none among the modules of src/ and netlify/', () => {
    const files = ['src', 'netlify'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    const graph = importGraph(files, (file) => readFileSync(file, 'utf8'));
    const cycles = importCycles(graph).map((cycle) => cycle.map((file) => path.relative(root, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

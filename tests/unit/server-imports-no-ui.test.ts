import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md: the services (src/server) sit below the pages, the islands
 * and the admin, and import none of them, not even through src/shared or another module they
 * import. A page a function fills is rendered in src/filled-pages, the layer that may import both.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..');
const UI = ['src/components', 'src/islands', 'src/admin', 'src/pages'];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(projectRoot, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)));
}

/** The project's files a module imports (statically, dynamically, or its types), from the root. */
async function importsOf(file: string, read: (file: string) => Promise<string>): Promise<string[]> {
  const { importedFiles } = ts.preProcessFile(await read(file), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.normalize(path.join(path.dirname(file), specifier)));
}

const inUi = (file: string) => UI.find((folder) => file === folder || file.startsWith(`${folder}/`));

/**
 * Each UI module reached from `roots` through the project's own imports, with the chain that
 * reaches it. Read by `read`, so that a test can hand it a tree of its own.
 */
async function uiReached(
  roots: string[],
  read: (file: string) => Promise<string>,
): Promise<{ module: string; chain: string[] }[]> {
  const found: { module: string; chain: string[] }[] = [];
  const seen = new Set<string>(roots);
  const queue = roots.map((root) => [root]);
  for (let chain = queue.shift(); chain; chain = queue.shift()) {
    const file = chain.at(-1)!;
    if (inUi(file)) {
      found.push({ module: file, chain });
      continue;
    }
    // A module without an extension in its specifier, or with another, is not this project's source.
    if (!SOURCE.test(file)) continue;
    for (const imported of await importsOf(file, read)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push([...chain, imported]);
    }
  }
  return found;
}

const readProject = (file: string) => readFile(path.join(projectRoot, file), 'utf8');

describe('src/server imports no UI', () => {
  it('reaches nothing of src/components, src/islands, src/admin or src/pages', async () => {
    const reached = await uiReached(await sourcesUnder('src/server'), readProject);
    expect(reached.map(({ chain }) => chain.join(' → '))).toEqual([]);
  });

  it('finds a UI module imported directly, through another module, as a type or dynamically', async () => {
    const tree: Record<string, string> = {
      'src/server/a.ts': "import { x } from '../shared/b.ts';\nexport const a = x;",
      'src/shared/b.ts': "export { Island as x } from '../islands/Island.tsx';",
      'src/server/c.ts': "import type { Props } from '../components/List.tsx';\nexport type C = Props;",
      'src/server/d.ts': "export const d = () => import('../admin/App.tsx');",
      'src/server/e.ts': "import { e } from '../shared/e.ts';\nexport { e };",
      'src/shared/e.ts': "export const e = 'e';",
      'src/server/f.ts': "import '../pages/index.astro';",
    };
    const read = (file: string) => Promise.resolve(tree[file] ?? '');
    const reached = await uiReached(
      Object.keys(tree).filter((file) => file.startsWith('src/server/')),
      read,
    );
    expect(reached.map(({ chain }) => chain.join(' → ')).sort()).toEqual([
      'src/server/a.ts → src/shared/b.ts → src/islands/Island.tsx',
      'src/server/c.ts → src/components/List.tsx',
      'src/server/d.ts → src/admin/App.tsx',
      'src/server/f.ts → src/pages/index.astro',
    ]);
  });
});

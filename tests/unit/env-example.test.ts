import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The code that runs in the build, the functions, the scripts and the test runner's server. */
async function sourceFiles(): Promise<string[]> {
  const trees = await Promise.all(
    ['src', 'scripts', 'netlify'].map((dir) => readdir(path.join(root, dir), { recursive: true })),
  );
  return [
    ...trees.flatMap((files, i) => files.map((file) => path.join(['src', 'scripts', 'netlify'][i]!, file))),
    'astro.config.mjs',
    'tests/playwright.config.ts',
  ].filter((file) => /\.(ts|tsx|mjs|js|astro)$/.test(file));
}

it('.env.example names every environment variable the code reads', async () => {
  const read = new Set<string>();
  for (const file of await sourceFiles()) {
    const text = await readFile(path.join(root, file), 'utf8');
    // `import.meta.env.PROD` and its kind are the build's own flags (Vite's), not the environment's.
    for (const [, name] of text.matchAll(
      /\b(?<!import\.meta\.)(?:process\.)?env(?:\.|\[['"]|\(['"])([A-Z][A-Z0-9_]+)/g,
    ))
      read.add(name!);
  }
  const documented = new Set(
    [...(await readFile(path.join(root, '.env.example'), 'utf8')).matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
      ([, name]) => name!,
    ),
  );
  expect(read.size).toBeGreaterThan(10);
  expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
});

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadModuleImports, staticImportsOf, withModulePreloads } from '../../src/integrations/module-preload.ts';

// A build's folder as Vite leaves it: a page script importing a shared chunk, which imports
// another; a dynamic import (an island's code) and another origin's module, neither preloaded.
let dist: string;
const page = (head: string) => `<!DOCTYPE html><html><head>${head}</head><body><p>Hola</p></body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'module-preload-'));
  await mkdir(path.join(dist, '_astro'));
  await mkdir(path.join(dist, 'cortes'));
  const files: Record<string, string> = {
    '_astro/page.js': `import{a as e}from"./shared.js";import"./shared.js";import("./island.js");e();`,
    '_astro/shared.js': `import{b}from"./deep.js";import"https://cdn.example.com/x.js";export const a=()=>b;`,
    '_astro/deep.js': 'export const b=1;',
    '_astro/island.js': 'export default 1;',
    '_astro/alone.js': 'console.log(1);',
    'compliance.html': page('<script type="module" src="/_astro/page.js"></script>'),
    'cortes/alertas.html': page('<script type="module" src="/_astro/alone.js"></script>'),
    'nosotros.html': page('<link rel="stylesheet" href="/_astro/site.css">'),
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dist, file), text);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('module preloads', () => {
  it('finds the static imports of a script, deep, each once, without dynamic or other-origin ones', async () => {
    expect(await staticImportsOf('/_astro/page.js', dist)).toEqual(['/_astro/shared.js', '/_astro/deep.js']);
  });

  it('preloads them in the pages whose scripts import them, and leaves the other pages as they were', async () => {
    await preloadModuleImports(dist);
    expect(await readFile(path.join(dist, 'compliance.html'), 'utf8')).toBe(
      page(
        '<script type="module" src="/_astro/page.js"></script>' +
          '<link rel="modulepreload" href="/_astro/shared.js"><link rel="modulepreload" href="/_astro/deep.js">',
      ),
    );
    expect(await readFile(path.join(dist, 'cortes/alertas.html'), 'utf8')).toBe(
      page('<script type="module" src="/_astro/alone.js"></script>'),
    );
    expect(await readFile(path.join(dist, 'nosotros.html'), 'utf8')).toBe(
      page('<link rel="stylesheet" href="/_astro/site.css">'),
    );
  });

  it('writes a preload once, however many builds pass over the page', () => {
    const once = withModulePreloads(page(''), ['/_astro/shared.js']);
    expect(withModulePreloads(once, ['/_astro/shared.js'])).toBe(once);
  });
});

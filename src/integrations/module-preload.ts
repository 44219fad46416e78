import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { init, parse } from 'es-module-lexer';

/*
 * A page's module script that imports a shared chunk made the browser fetch the two one
 * after the other, since the chunk is found only once the script has arrived and been parsed. On
 * /compliance that chain was most of the largest paint's render delay (Lighthouse, simulated
 * mobile: LCP 1.2 to 1.3 s, 0.9 s with the chunk preloaded). Vite preloads a script's imports
 * only in the HTML it builds itself, which Astro's pages are not; this writes the same
 * `<link rel="modulepreload">` into each built page, for every static import, however deep, of its
 * `<script type="module" src>`. Islands are left alone: Astro imports their code when they
 * hydrate, which may be when idle or visible, and preloading it would undo that.
 */

/** The `src` of each `<script type="module" src="…">` of a page. */
const moduleScriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\stype\s*=\s*["']?module\b/i.test(tag))
    .flatMap((tag) => /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? []);

/**
 * The site paths of the modules `scriptPath` imports statically, theirs too, each once; read
 * from `root` (the build's folder). Imports of other origins are left out, and so are dynamic
 * imports unless `dynamic` (the offline pages' worker keeps every module a page may load:
 * src/integrations/service-worker.ts).
 */
export async function staticImportsOf(
  scriptPath: string,
  root: string,
  seen = new Set<string>(),
  { dynamic = false } = {},
): Promise<string[]> {
  await init;
  const [imports] = parse(await readFile(path.join(root, scriptPath), 'utf8'));
  const found: string[] = [];
  for (const { n: specifier, d: at } of imports) {
    if ((at !== -1 && !dynamic) || !specifier || !/^\.{0,2}\//.test(specifier)) continue;
    const imported = new URL(specifier, `https://site${scriptPath}`).pathname;
    if (seen.has(imported)) continue;
    seen.add(imported);
    found.push(imported, ...(await staticImportsOf(imported, root, seen, { dynamic })));
  }
  return found;
}

/** The page with a modulepreload of each path before its `</head>`; those it already has are kept once. */
export function withModulePreloads(html: string, paths: string[]): string {
  const missing = paths.filter((href) => !html.includes(`<link rel="modulepreload" href="${href}">`));
  if (missing.length === 0) return html;
  const links = missing.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/** What the build writes: for each page, the imports of its module scripts preloaded. */
export async function preloadModuleImports(root: string): Promise<void> {
  const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = path.join(root, page);
    const html = await readFile(file, 'utf8');
    const seen = new Set<string>();
    const imports: string[] = [];
    for (const script of moduleScriptsOf(html)) {
      if (!script.startsWith('/')) continue;
      seen.add(script);
      imports.push(...(await staticImportsOf(script, root, seen)));
    }
    if (imports.length > 0) await writeFile(file, withModulePreloads(html, imports));
  }
}

export function modulePreload(): AstroIntegration {
  return {
    name: 'module-preload',
    hooks: {
      'astro:build:done': async ({ dir }) => preloadModuleImports(fileURLToPath(dir)),
    },
  };
}

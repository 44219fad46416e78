import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { transformSync } from 'esbuild';
import { firstContentfulPaint } from '../components/first-contentful-paint.ts';
import { sourceHash } from './inline-code-csp.ts';

/*
 * The page scripts of the given components, fetched once the page has painted rather than as it
 * is parsed. Lighthouse counts in its simulated largest paint every request that ended before the
 * paint it observed, and a page script always did: here the first frame waits for the whole HTML,
 * and a module script runs before it. The carousel's script, which nothing needs before the first
 * slide has painted (its HTML is that slide's state), held /tuberias at 0.97 s on the mobile
 * profile and 1.87 s on the rural one; without it 0.78 and 1.51 s. Islands have `client:painted`
 * for the same reason; these are plain scripts, which no client directive reaches.
 *
 * After the build, each `<script type="module" src>` of such a component becomes an inline module
 * that imports it after the first contentful paint (first-contentful-paint.ts, the helper
 * `client:painted` uses), and the loader's hash goes into the page's CSP `<meta>`; netlify.toml's
 * header must name it too, which inlineCodeCsp, run after this, checks.
 */

/** The inline module that imports `src` once the page has painted, minified as the build's scripts are. */
export const afterPaintLoader = (src: string): string =>
  transformSync(`(${firstContentfulPaint.toString()})().then(()=>import(${JSON.stringify(src)}))`, {
    loader: 'js',
    minify: true,
  }).code.trim();

/** The tag Astro writes for a processed `<script>` of `component` (its file name, e.g. `Carousel.astro`). */
const scriptTagsOf = (component: string) =>
  new RegExp(
    `<script type="module" src="(/_astro/${component.replace(/\W/g, '\\$&')}_astro_type_script_index_\\d+_lang\\.[\\w-]+\\.js)"></script>`,
    'g',
  );

/**
 * `html` with the scripts of `components` loaded after the first paint, and the components it
 * found them for. The loaders' hashes join the `script-src` of the page's CSP `<meta>`, where
 * there is one: both policies apply.
 */
export function loadAfterPaint(html: string, components: string[]): { html: string; found: string[] } {
  const found: string[] = [];
  const hashes: string[] = [];
  for (const component of components) {
    html = html.replace(scriptTagsOf(component), (_tag, src: string) => {
      const loader = afterPaintLoader(src);
      found.push(component);
      hashes.push(sourceHash(loader));
      return `<script type="module">${loader}</script>`;
    });
  }
  if (hashes.length > 0) {
    html = html.replace(
      /(<meta http-equiv="content-security-policy" content="[^"]*?script-src 'self')/,
      (start) => `${start} ${hashes.join(' ')}`,
    );
  }
  return { html, found };
}

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Rewrites every built page; fails the build when a component named here has no script on any page. */
export function scriptsAfterPaint(components: string[]): AstroIntegration {
  return {
    name: 'scripts-after-paint',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const seen = new Set<string>();
        for (const file of await htmlFiles(fileURLToPath(dir))) {
          const { html, found } = loadAfterPaint(await readFile(file, 'utf8'), components);
          if (found.length === 0) continue;
          found.forEach((component) => seen.add(component));
          await writeFile(file, html);
        }
        const unused = components.filter((component) => !seen.has(component));
        if (unused.length > 0) {
          throw new Error(`scriptsAfterPaint: no page has a script of ${unused.join(', ')} (astro.config.mjs)`);
        }
      },
    },
  };
}

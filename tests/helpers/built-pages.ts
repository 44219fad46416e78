import type * as fs from 'node:fs/promises';
import { MARKERS } from '../../src/filled-pages/markers.ts';

/** The head BaseLayout writes, the tags a function rewrites (src/filled-pages/page-head.ts) among it. */
export const builtHead = (title: string, description: string, pathname: string, extra = ''): string => {
  const url = `https://www.example.com${pathname}`;
  return (
    `<head><meta charset="utf-8"><title>${title} | Aguas Patagonia de Aysén</title>` +
    `<meta name="description" content="${description}"><link rel="canonical" href="${url}">` +
    `<meta property="og:type" content="website"><meta property="og:site_name" content="Aguas Patagonia de Aysén">` +
    `<meta property="og:title" content="${title} | Aguas Patagonia de Aysén">` +
    `<meta property="og:description" content="${description}"><meta property="og:url" content="${url}">${extra}</head>`
  );
};

/**
 * The build's pages (dist/*.html), which a function test has not built: one page with every marker
 * a function fills, the part between a pair of markers being the page as built.
 */
export const BUILT_PAGE =
  '<!DOCTYPE html><html lang="es">' +
  builtHead('Página', 'Una página.', '/pagina') +
  '<body><main>' +
  Object.values(MARKERS)
    .map((marker) => (marker.startsWith('<!--/') ? `<p>tal como se construyó</p>${marker}` : marker))
    .join('') +
  // One fixed comunicado (content/news), at /comunicados/compromiso.
  '<script type="application/json" id="comunicados-fijos">' +
  '[{"key":"compromiso","shortTitle":"Compromiso","title":"Nuestro compromiso","html":"<p>Con la región.</p>"}]' +
  '</script></main></body></html>';

/** node:fs/promises with every built page read as BUILT_PAGE: `vi.mock(import('node:fs/promises'), …)`'s factory. */
export async function withBuiltPages(original: () => Promise<typeof fs>): Promise<typeof fs> {
  const actual = await original();
  const readFile = ((file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) =>
    /[/\\]dist[/\\].*\.html$/.test(String(file))
      ? Promise.resolve(BUILT_PAGE)
      : (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest)) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile } as typeof fs;
}

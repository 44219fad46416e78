import type * as fs from 'node:fs/promises';
import { MARKERS } from '../../src/filled-pages/markers.ts';

/**
 * The build's pages (dist/*.html), which a function test has not built: one page with every marker
 * a function fills, the part between a pair of markers being the page as built.
 */
export const BUILT_PAGE =
  '<!DOCTYPE html><html lang="es"><head><title>Página</title></head><body><main>' +
  Object.values(MARKERS)
    .map((marker) => (marker.startsWith('<!--/') ? `<p>tal como se construyó</p>${marker}` : marker))
    .join('') +
  '<script type="application/json" id="comunicados-fijos">[]</script></main></body></html>';

/** node:fs/promises with every built page read as BUILT_PAGE: `vi.mock(import('node:fs/promises'), …)`'s factory. */
export async function withBuiltPages(original: () => Promise<typeof fs>): Promise<typeof fs> {
  const actual = await original();
  const readFile = ((file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) =>
    /[/\\]dist[/\\].*\.html$/.test(String(file))
      ? Promise.resolve(BUILT_PAGE)
      : (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest)) as typeof actual.readFile;
  return { ...actual, default: { ...actual, readFile }, readFile } as typeof fs;
}

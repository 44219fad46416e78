import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * The headers netlify.toml gives every static page (its CSP above all). Netlify applies them to
 * files only, never to a function's answer, so the pages a function fills (src/filled-pages/) carry
 * them too: read here once, when the functions are bundled (function-sources.ts) or a test run
 * starts (tests/vitest.config.ts), and handed to them as the module PAGE_HEADERS_MODULE. No function
 * parses netlify.toml, nor ships it.
 */
export async function pageHeaders(projectRoot: string): Promise<Record<string, string>> {
  const config = parse(await readFile(path.join(projectRoot, 'netlify.toml'), 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const forPages = config.headers?.find((rule) => rule.for === '/*');
  if (!forPages) throw new Error('netlify.toml has no headers for "/*".');
  return forPages.values;
}

/** The module's name, as src/filled-pages/filled-page.ts imports it (declared in its page-headers.d.ts). */
export const PAGE_HEADERS_MODULE = 'virtual:page-headers';

/** The module's source: the headers as its default export. */
export const pageHeadersModule = async (projectRoot: string): Promise<string> =>
  `export default ${JSON.stringify(await pageHeaders(projectRoot))};`;

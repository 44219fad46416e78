import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';

/**
 * The headers netlify.toml gives every static page (its CSP above all): Netlify applies them to
 * files only, never to a function's answer, so a function that answers a prerendered page it
 * filled in (outages-page, advisories-page) carries them itself.
 */
export async function pageHeaders(netlifyToml: string): Promise<Record<string, string>> {
  const config = parse(await readFile(netlifyToml, 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const forPages = config.headers?.find((rule) => rule.for === '/*');
  if (!forPages) throw new Error('netlify.toml has no headers for "/*".');
  return forPages.values;
}

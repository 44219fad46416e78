import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HeadersHandler } from '@netlify/headers';
import { parse } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { netlifyPolicy } from '../../src/integrations/analytics-csp.ts';
import { FILE_POLICY } from '../../src/server/security-headers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const configPath = path.join(root, 'netlify.toml');

/**
 * The headers a static path gets from netlify.toml's [[headers]], by the rules `npm start` applies
 * (scripts/serve.ts: @netlify/dev's HeadersHandler, Netlify's own emulation): every rule whose path
 * matches, a later rule's value of a header replacing an earlier one's, as on Netlify.
 */
let headersOf: (pathname: string, names?: string[]) => Promise<Record<string, string | null>>;
let pagePolicy: string;

const NAMES = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'strict-transport-security'];

beforeAll(async () => {
  const toml = await readFile(configPath, 'utf8');
  pagePolicy = netlifyPolicy(toml)!;
  const handler = new HeadersHandler({
    configPath,
    configHeaders: (parse(toml) as { headers: unknown[] }).headers as never,
    projectDir: root,
    publishDir: 'dist',
    logger: console as never,
  });
  headersOf = async (pathname, names = NAMES) => {
    const response = new Response('');
    await handler.apply(new Request(`http://localhost${pathname}`), response);
    return Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
  };
});

/** The files public/ publishes at /documentos, /img and /video, as their addresses. */
const publishedFiles = ['documentos', 'img', 'video'].flatMap((folder) =>
  readdirSync(path.join(root, 'public', folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(path.join(root, 'public'), path.join(entry.parentPath, entry.name))}`),
);

describe("netlify.toml's headers: files get a policy made for files", () => {
  it.each(['/', '/contacto', '/tarifas', '/denuncias/seguimiento', '/tbk-final', '/pagina-que-no-existe'])(
    'a page, %s, gets the pages’ policy, which limits its scripts and styles',
    async (page) => {
      expect(pagePolicy).toMatch(/script-src 'self'.*; style-src 'self'/);
      expect(await headersOf(page)).toEqual({
        'content-security-policy': pagePolicy,
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      });
    },
  );

  it('every published file (the PDFs /tarifas and /apr embed among them) gets the file policy, and keeps nosniff and framing by the site only', async () => {
    expect(publishedFiles).toEqual(
      expect.arrayContaining([
        '/documentos/tarifas/tarifas-reguladas-2025.pdf',
        '/documentos/apr/agua-potable-rural.pdf',
        '/video/corporativo.mp4',
      ]),
    );
    expect(publishedFiles.some((file) => file.startsWith('/img/'))).toBe(true);
    for (const file of publishedFiles)
      expect({ file, ...(await headersOf(file)) }).toEqual({
        file,
        'content-security-policy': FILE_POLICY,
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      });
  });

  it("the offline pages' service worker, /sw.js, is asked for again at every visit, under the pages' policy, which allows it", async () => {
    expect(await headersOf('/sw.js', ['cache-control', 'content-security-policy'])).toEqual({
      'cache-control': 'no-cache',
      'content-security-policy': pagePolicy,
    });
    expect(pagePolicy).toMatch(/(^|; )worker-src 'self';/);
  });

  it('the file policy has none of the rules that break a browser’s own viewer, and is the one the published PDFs of staff get', () => {
    expect(FILE_POLICY).toBe("frame-ancestors 'self'");
    expect(FILE_POLICY).not.toMatch(/default-src|script-src|style-src|sandbox/);
  });
});

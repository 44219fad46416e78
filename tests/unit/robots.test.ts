import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { GET } from '../../src/pages/robots.txt.ts';

const site = new URL('https://www.aguasdeaysen.cl');

/** robots.txt as the site serves it, read by a parser that follows RFC 9309 as Google does. */
async function robots() {
  const response = await (GET as unknown as (context: { site: URL }) => Response)({ site });
  const text = await response.text();
  return { text, parser: robotsParser(new URL('/robots.txt', site).href, text) };
}

describe('robots.txt', () => {
  it('lets crawlers read the pages and the files staff publish, not the admin or the API', async () => {
    const { parser } = await robots();
    const allowed = (path: string) => parser.isAllowed(new URL(path, site).href, 'Googlebot');
    expect(allowed('/')).toBe(true);
    expect(allowed('/comunicados')).toBe(true);
    expect(allowed('/api/files/42/tarifas-2026.pdf')).toBe(true);
    expect(allowed('/api/contacto')).toBe(false);
    expect(allowed('/api/news')).toBe(false);
    expect(allowed('/admin')).toBe(false);
    expect(allowed('/admin/noticias')).toBe(false);
  });

  it('names the sitemap at the site’s own address', async () => {
    const { parser } = await robots();
    expect(parser.getSitemaps()).toEqual([new URL('/sitemap-index.xml', site).href]);
  });
});

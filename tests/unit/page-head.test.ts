import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, fillHead } from '../../src/filled-pages/page-head.ts';
import { htmlSummary } from '../../src/server/html-summary.ts';
import { builtHead } from '../helpers/built-pages.ts';

const page = `<!DOCTYPE html><html lang="es">${builtHead('Comunicados y Noticias', 'Comunicados.', '/comunicados')}<body><h1>Comunicados y Noticias</h1></body></html>`;

describe('fillHead', () => {
  it('names the item in the title, the description, the canonical address and Open Graph, escaped once', () => {
    const filled = fillHead(page, {
      title: 'Cortes en "Villa" <Norte> & Sur',
      description: 'Un texto con "comillas".',
      path: '/comunicados/comunicado-7',
      type: 'article',
    });
    expect(filled).toContain(
      '<title>Cortes en &quot;Villa&quot; &lt;Norte&gt; &amp; Sur | Aguas Patagonia de Aysén</title>',
    );
    expect(filled).toContain('<meta name="description" content="Un texto con &quot;comillas&quot;.">');
    expect(filled).toContain('<meta property="og:description" content="Un texto con &quot;comillas&quot;.">');
    expect(filled).toContain('<link rel="canonical" href="https://www.example.com/comunicados/comunicado-7">');
    expect(filled).toContain('<meta property="og:url" content="https://www.example.com/comunicados/comunicado-7">');
    expect(filled).toContain('<meta property="og:type" content="article">');
    expect(canonicalUrl(filled)).toBe('https://www.example.com/comunicados/comunicado-7');
    // The body is the page's own.
    expect(filled).toContain('<h1>Comunicados y Noticias</h1>');
  });

  it('refuses a page whose head BaseLayout did not write', () => {
    for (const tag of ['<title>', 'name="description"', 'rel="canonical"', 'property="og:url"'])
      expect(() =>
        fillHead(page.replace(new RegExp(`<[^>]*${tag.replace(/[<>]/g, '')}[^>]*>`), ''), {
          title: 'T',
          description: 'D',
          path: '/x',
        }),
      ).toThrow("The built page's head has no");
  });
});

describe('htmlSummary', () => {
  it('reads the words: blocks part them, inline markup does not, entities decoded', () => {
    expect(htmlSummary('<p>Cortes <strong>breves</strong>.</p><p>En &quot;Aysén&quot; &amp; Coyhaique&#x21;</p>')).toBe(
      'Cortes breves. En "Aysén" & Coyhaique!',
    );
    expect(htmlSummary('<ul><li>uno</li><li>dos</li></ul>')).toBe('uno dos');
    expect(htmlSummary('')).toBe('');
  });

  it('cuts a long text at a word, within the length, and says so', () => {
    const text = `<p>${'palabra '.repeat(40)}</p>`;
    const summary = htmlSummary(text);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/palabra…$/);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 20, max: 200 }), (html, max) => {
        const cut = htmlSummary(html, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(cut).not.toMatch(/\s{2}|^\s|\s$/);
      }),
    );
  });
});

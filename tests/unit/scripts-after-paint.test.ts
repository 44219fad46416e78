import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { afterPaintLoader, loadAfterPaint } from '../../src/integrations/scripts-after-paint.ts';

const carousel = '/_astro/Carousel.astro_astro_type_script_index_0_lang.emxqKBwi.js';
const other = '/_astro/OutagesBand.astro_astro_type_script_index_0_lang.Ab12_-.js';
const page = (body: string) =>
  `<html><head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-a='; style-src 'self';"></head><body>${body}</body></html>`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('scripts after the first paint', () => {
  it("turns the named component's script into an inline loader, and leaves the others as files", () => {
    const { html, found } = loadAfterPaint(
      page(`<script type="module" src="${carousel}"></script><script type="module" src="${other}"></script>`),
      ['Carousel.astro'],
    );
    expect(found).toEqual(['Carousel.astro']);
    expect(html).not.toContain(`src="${carousel}"`);
    expect(html).toContain(`<script type="module">${afterPaintLoader(carousel)}</script>`);
    expect(html).toContain(`<script type="module" src="${other}"></script>`);
  });

  it("names the loader's hash in the page's CSP <meta>, beside the hashes Astro wrote", () => {
    const { html } = loadAfterPaint(page(`<script type="module" src="${carousel}"></script>`), ['Carousel.astro']);
    expect(html).toContain(
      `content="script-src 'self' ${hash(afterPaintLoader(carousel))} 'sha256-a='; style-src 'self';"`,
    );
  });

  it('imports the script only once the browser reports the first contentful paint', () => {
    const loader = afterPaintLoader(carousel);
    expect(loader).toMatch(/first-contentful-paint/);
    expect(loader.endsWith(`.then(()=>import("${carousel}"));`)).toBe(true);
  });

  it('leaves a page without those scripts untouched, and does not mistake a similar name', () => {
    const original = page(
      `<script type="module" src="/_astro/MyCarousel.astro_astro_type_script_index_0_lang.x.js"></script>`,
    );
    expect(loadAfterPaint(original, ['Carousel.astro'])).toEqual({ html: original, found: [] });
  });
});

import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import publishedSitemap, { config } from '../../netlify/functions/published-sitemap.ts';
import { PUBLISHED_SITEMAP } from '../../src/server/published-sitemap.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/** The sitemap of what staff publish, over the real database, read as a crawler parses it. */
const environment = useLocalEnvironment();

const file = (name: string) => `/api/files/0b3c6a52-5b0e-4c1e-9d2a-${name.padStart(12, '0')}/${name}.pdf`;

beforeAll(async () => {
  await environment.database.db.batch([
    { text: 'DELETE FROM reports' },
    { text: 'DELETE FROM documents' },
    { text: 'DELETE FROM education_documents' },
    {
      text: `INSERT INTO reports (active, "order", short_title, title, name, url_file, url_file_2, text) VALUES
        (true, 1, 'Tarifas', 'Nuevas tarifas', '', $1, 'https://www.siss.gob.cl/tarifas.pdf', ''),
        (true, 2, 'Obras', 'Obras & "mejoras"', '', '/documentos/obras.pdf', $2, ''),
        (false, 0, 'Retirado', 'Retirado', '', $3, NULL, '')`,
      params: [file('tarifas'), file('obras'), file('retirado')],
    },
    {
      text: `INSERT INTO documents (type, year, url_file) VALUES ('Memoria', 2025, $1), ('Memoria', 2024, NULL)`,
      params: [file('memoria')],
    },
    {
      text: `INSERT INTO education_documents (content_type, title, description, url_file, thumbnail, hidden) VALUES
        ('Documentos educativos', 'Guía', '', $1, NULL, false), ('Documentos educativos', 'Oculta', '', $2, NULL, true),
        ('Documentos educativos', 'Otra vez la memoria', '', $3, NULL, false)`,
      params: [file('guia'), file('oculta'), file('memoria')],
    },
  ]);
});

describe(PUBLISHED_SITEMAP, () => {
  it('lists each active comunicado’s page and every published file a public page links, once each', async () => {
    const response = await publishedSitemap(
      new Request(`https://www.aguasdeaysen.cl${PUBLISHED_SITEMAP}`),
      testContext().context,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as {
      urlset: { url: { loc: string }[] };
    };
    const ids = await environment.database.db.query<{ id: string }>('SELECT id FROM reports WHERE active ORDER BY id');
    const listed = parsed.urlset.url.map(({ loc }) => loc);
    expect(listed.slice(0, 2)).toEqual(ids.map(({ id }) => `https://www.aguasdeaysen.cl/comunicados/comunicado-${id}`));
    expect(listed.slice(2).sort()).toEqual(
      [file('guia'), file('memoria'), file('obras'), file('tarifas')]
        .map((path) => `https://www.aguasdeaysen.cl${path}`)
        .sort(),
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(config).toEqual({ path: PUBLISHED_SITEMAP });
  });

  it('is a valid sitemap with nothing published', async () => {
    await environment.database.db.batch([
      { text: 'UPDATE reports SET active = false' },
      { text: 'DELETE FROM documents' },
      { text: 'DELETE FROM education_documents' },
    ]);
    const xml = await (
      await publishedSitemap(new Request(`https://www.aguasdeaysen.cl${PUBLISHED_SITEMAP}`), testContext().context)
    ).text();
    expect(new XMLParser().parse(xml)).toEqual({ '?xml': '', urlset: '' });
  });
});

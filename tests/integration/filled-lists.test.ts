import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import companyPage, { config as companyPageConfig } from '../../netlify/functions/company-page.ts';
import educationPage, { config as educationPageConfig } from '../../netlify/functions/education-page.ts';
import newsPage, { config as newsPageConfig } from '../../netlify/functions/news-page.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { inlineCodeOf } from '../../src/integrations/inline-code-csp.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * /educacion, /nosotros and /comunicados have their lists in the HTML, as a crawler or a reader
 * without JavaScript gets them (their APIs are behind robots.txt's Disallow: /api/): each page
 * function, over the real database, fills the built page inside its island, with the same data for
 * the island.
 */
const environment = useLocalEnvironment();

// The built pages as Astro writes them (dist/, which a test run has not built): the island with
// the marker as its content; /comunicados also holds its fixed items as data.
vi.mock(import('node:fs/promises'), async (original) => {
  const actual = await original();
  const { builtHead } = await import('../helpers/built-pages.ts');
  const built = (pathname: string, marker: string) =>
    `<!DOCTYPE html><html lang="es">${builtHead('Página', 'Una página.', pathname)}<body><main><astro-island>${marker}</astro-island></main></body></html>`;
  const pages: Record<string, string> = {
    '404.html': built('/404', '<h1>Página no encontrada</h1>'),
    'educacion.html': built('/educacion', '<!--educacion:galerias-->'),
    'nosotros.html': built('/nosotros', '<!--nosotros:documentos-->'),
    'comunicados.html': built(
      '/comunicados',
      `<!--comunicados:lista--></astro-island><script type="application/json" id="comunicados-fijos">${JSON.stringify([
        {
          key: 'certificacion-mujeres',
          shortTitle: 'Certificación',
          title: 'Obtuvimos una certificación',
          html: '<p>Igualdad de género.</p>',
        },
        {
          key: 'beneficio-covid',
          shortTitle: 'Beneficio Covid-19',
          title: 'Beneficio Covid',
          html: '<p>Un beneficio.</p>',
        },
        {
          key: 'compromiso',
          shortTitle: 'Nuestro compromiso',
          title: 'Nuestro compromiso con Aysén',
          html: '<p>Con la región.</p>',
        },
      ])}</script><astro-island>`,
    ),
  };
  const readFile = ((file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
    const page = String(file).includes('/dist/') ? pages[String(file).split('/dist/')[1]!] : undefined;
    return page === undefined
      ? (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest)
      : Promise.resolve(page);
  }) as typeof actual.readFile;
  return { ...actual, default: { ...actual.default, readFile }, readFile };
});

const get = (pathname: string, method = 'GET') => new Request(`http://localhost${pathname}`, { method });

beforeAll(async () => {
  await environment.database.db.batch([
    {
      text: `INSERT INTO education_documents (content_type, title, description, url_file, thumbnail, hidden) VALUES
        ('Documentos educativos', 'Guía del agua', 'Para docentes', '/documentos/educacion/guia.pdf', '/img/educacion/guia.jpg', false),
        ('Documentos educativos', 'Consejos de invierno', '', '/documentos/educacion/invierno.pdf', NULL, false),
        ('Planificaciones', 'Clase </script><script>alert(1)</script>', '', '/documentos/educacion/clase.pdf', NULL, false),
        ('Galerías de fotos', 'Foto oculta', '', '/img/educacion/oculta.jpg', NULL, true)`,
    },
    {
      text: `INSERT INTO documents (type, year, url_file) VALUES
        ('Memoria', 2024, '/documentos/memorias/memoria-2024.pdf'), ('Memoria', 2022, '/documentos/memorias/memoria-2022.pdf'),
        ('Memoria', 2023, NULL), ('Estado Financiero', 2023, '/documentos/estados-financieros/ef-2023.pdf')`,
    },
    {
      text: `INSERT INTO reports (active, "order", short_title, title, name, url_file, url_file_2, text) VALUES
        (true, 2, 'Mantención red', 'Mantención de la red', '', '/documentos/mantencion.pdf', NULL, '<p>Cortes <strong>breves</strong>.</p><script>alert(1)</script>'),
        (true, 1, 'Nueva oficina', 'Abrimos una oficina', '', NULL, NULL, '<p>En Aysén.</p>'),
        (false, 0, 'Retirado', 'Un aviso retirado', '', NULL, NULL, '<p>Ya no.</p>')`,
    },
  ]);
});

/** What a page answers, as its function answers it on Netlify. */
async function fetchPage(handler: typeof educationPage, pathname: string) {
  const response = await handler(get(pathname), testContext().context);
  return { response, html: await response.text() };
}

const section = (html: string, id: string) => {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
};

describe('/educacion (the page function)', () => {
  it('has the visible documents in its HTML, by section, the winter advice first, and their data for the island', async () => {
    const { response, html } = await fetchPage(educationPage, '/educacion');
    expect(response.status).toBe(200);
    expect(html).not.toContain('<!--educacion:galerias-->');
    const documents = section(html, 'documentos-educativos');
    expect(documents.indexOf('Consejos de invierno')).toBeLessThan(documents.indexOf('Guía del agua'));
    expect(documents).toContain(
      '<a href="/documentos/educacion/guia.pdf" target="_blank" rel="noopener">Guía del agua',
    );
    expect(documents).toContain('<img src="/img/educacion/guia.jpg"');
    expect(section(html, 'planificaciones')).toContain('/documentos/educacion/clase.pdf');
    expect(section(html, 'galeria-de-fotos')).toContain('Pronto publicaremos material en esta sección.');
    expect(html).not.toContain('Foto oculta');
    // Staff's title can neither end the data's script nor start another.
    expect(html.match(/<script/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="educacion-documentos">(.*?)<\/script>/.exec(html)![1]!;
    expect((JSON.parse(data) as { title: string }[]).map(({ title }) => title).sort()).toEqual([
      'Clase </script><script>alert(1)</script>',
      'Consejos de invierno',
      'Guía del agua',
    ]);
  });

  it("answers with netlify.toml's page headers, cached a minute, and no inline code its CSP would block", async () => {
    const { response, html } = await fetchPage(educationPage, '/educacion');
    expect(response.headers.get('content-security-policy')).toBe(
      (await pageHeaders(path.resolve(import.meta.dirname, '../..')))['Content-Security-Policy'],
    );
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(inlineCodeOf(html)).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
    expect(educationPageConfig).toEqual({ path: '/educacion' });
    expect((await educationPage(get('/educacion', 'POST'), testContext().context)).status).toBe(405);
  });
});

describe('/nosotros (the page function)', () => {
  it('has the years with a file of each kind in its selectors, most recent first, and their data for the island', async () => {
    const { response, html } = await fetchPage(companyPage, '/nosotros');
    expect(response.status).toBe(200);
    expect(html).not.toContain('<!--nosotros:documentos-->');
    const options = (id: string) => {
      const start = html.indexOf(`<select id="${id}"`);
      expect(start).toBeGreaterThan(0);
      const select = html.slice(start, html.indexOf('</select>', start));
      return [...select.matchAll(/<option value="(\d+)">/g)].map(([, year]) => year);
    };
    expect(options('memories-year')).toEqual(['2024', '2022']);
    expect(options('financial-year')).toEqual(['2023']);
    // Disabled until the island, whose script opens a download's window, runs.
    expect(html.match(/<select[^>]* disabled=""/g)).toHaveLength(2);
    const data = /<script type="application\/json" id="nosotros-documentos">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toHaveLength(3);
    expect(inlineCodeOf(html)).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
    expect(companyPageConfig).toEqual({ path: '/nosotros' });
  });
});

describe('/comunicados (the page function)', () => {
  const reportIds = async () =>
    Object.fromEntries(
      (
        await environment.database.db.query<{ id: string; short_title: string }>('SELECT id, short_title FROM reports')
      ).map(({ id, short_title }) => [short_title, id]),
    );
  const navLinks = (html: string) =>
    [
      ...html
        .slice(html.indexOf('<nav'))
        .matchAll(/<a href="\/comunicados\/([^"]+)"( aria-current="page")?>([^<]+)<\/a>/g),
    ].map(([, key, current, label]) => `${key}${current ? ' *' : ''} ${label}`);
  const article = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));

  it('lists the active dynamic items by their order, then the fixed ones, and shows the default item, with the dynamic ones as data for the island', async () => {
    const ids = await reportIds();
    const { response, html } = await fetchPage(newsPage, '/comunicados');
    expect(response.status).toBe(200);
    expect(html).not.toContain('<!--comunicados:lista-->');
    expect(navLinks(html)).toEqual([
      `comunicado-${ids['Nueva oficina']} Nueva oficina`,
      `comunicado-${ids['Mantención red']} Mantención red`,
      'certificacion-mujeres * Certificación',
      'beneficio-covid Beneficio Covid-19',
      'compromiso Nuestro compromiso',
    ]);
    expect(article(html)).toContain('Obtuvimos una certificación</h2><div><p>Igualdad de género.</p></div>');
    expect(html).not.toContain('Retirado');
    const data = /<script type="application\/json" id="comunicados-dinamicos">(.*?)<\/script>/.exec(html)![1]!;
    expect((JSON.parse(data) as { title: string }[]).map(({ title }) => title)).toEqual([
      'Abrimos una oficina',
      'Mantención de la red',
    ]);
    // Stored markup is sanitised on the way out: the page's scripts are its two data blocks.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(inlineCodeOf(html)).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
  });

  it('shows the item ?item= names, a dynamic or a fixed one, and the Covid benefit for a key that names none', async () => {
    const ids = await reportIds();
    const dynamic = await fetchPage(newsPage, `/comunicados?item=comunicado-${ids['Mantención red']}`);
    expect(article(dynamic.html)).toContain(
      'Mantención de la red</h2><div><p>Cortes <strong>breves</strong>.</p></div>',
    );
    expect(article(dynamic.html)).toContain(
      '<a href="/documentos/mantencion.pdf" target="_blank" rel="noopener">Ver documento',
    );
    expect(navLinks(dynamic.html).filter((link) => link.includes(' * '))).toEqual([
      `comunicado-${ids['Mantención red']} * Mantención red`,
    ]);
    const fixed = await fetchPage(newsPage, '/comunicados?item=compromiso');
    expect(article(fixed.html)).toContain('Nuestro compromiso con Aysén</h2><div><p>Con la región.</p></div>');
    const unknown = await fetchPage(newsPage, `/comunicados?item=comunicado-${ids.Retirado}`);
    expect(article(unknown.html)).toContain('Beneficio Covid</h2>');
  });

  const headOf = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'));
    const value = (pattern: RegExp) => pattern.exec(head)?.[1];
    return {
      title: value(/<title>([^<]*)<\/title>/),
      description: value(/<meta name="description" content="([^"]*)"/),
      canonical: value(/<link rel="canonical" href="([^"]*)"/),
      ogUrl: value(/<meta property="og:url" content="([^"]*)"/),
      ogTitle: value(/<meta property="og:title" content="([^"]*)"/),
      ogDescription: value(/<meta property="og:description" content="([^"]*)"/),
      ogType: value(/<meta property="og:type" content="([^"]*)"/),
    };
  };

  it('gives each item a page of its own: its title, summary and address in the head, for search engines and shared links', async () => {
    const ids = await reportIds();
    const key = `comunicado-${ids['Mantención red']}`;
    const dynamic = await fetchPage(newsPage, `/comunicados/${key}`);
    expect(dynamic.response.status).toBe(200);
    expect(article(dynamic.html)).toContain('Mantención de la red</h2>');
    expect(navLinks(dynamic.html).filter((link) => link.includes(' * '))).toEqual([`${key} * Mantención red`]);
    expect(headOf(dynamic.html)).toEqual({
      title: 'Mantención de la red | Aguas Patagonia de Aysén',
      description: 'Cortes breves.',
      canonical: `https://www.example.com/comunicados/${key}`,
      ogUrl: `https://www.example.com/comunicados/${key}`,
      ogTitle: 'Mantención de la red | Aguas Patagonia de Aysén',
      ogDescription: 'Cortes breves.',
      ogType: 'article',
    });
    const fixed = await fetchPage(newsPage, '/comunicados/compromiso');
    expect(article(fixed.html)).toContain('Nuestro compromiso con Aysén</h2>');
    expect(headOf(fixed.html)).toMatchObject({
      title: 'Nuestro compromiso con Aysén | Aguas Patagonia de Aysén',
      description: 'Con la región.',
      canonical: 'https://www.example.com/comunicados/compromiso',
    });
  });

  it('answers 404 with the site’s page for a key no active item has, and a HEAD by the same rule', async () => {
    const ids = await reportIds();
    for (const pathname of [`/comunicados/comunicado-${ids.Retirado}`, '/comunicados/no-existe', '/comunicados/']) {
      const { response, html } = await fetchPage(newsPage, pathname);
      expect(response.status, pathname).toBe(pathname === '/comunicados/' ? 200 : 404);
      if (response.status === 404) expect(html).toContain('Página no encontrada');
    }
    expect((await newsPage(get('/comunicados/no-existe', 'HEAD'), testContext().context)).status).toBe(404);
    expect((await newsPage(get('/comunicados/compromiso', 'HEAD'), testContext().context)).status).toBe(200);
  });

  it('keeps /comunicados as built, and names the item’s own address as canonical for ?item=', async () => {
    const landing = await fetchPage(newsPage, '/comunicados');
    expect(headOf(landing.html)).toMatchObject({
      title: 'Página | Aguas Patagonia de Aysén',
      canonical: 'https://www.example.com/comunicados',
      ogType: 'website',
    });
    const shared = await fetchPage(newsPage, '/comunicados?item=compromiso');
    expect(headOf(shared.html)).toMatchObject({
      title: 'Nuestro compromiso con Aysén | Aguas Patagonia de Aysén',
      canonical: 'https://www.example.com/comunicados/compromiso',
    });
    const unknown = await fetchPage(newsPage, '/comunicados?item=no-existe');
    expect(headOf(unknown.html).canonical).toBe('https://www.example.com/comunicados/beneficio-covid');
  });

  it("answers with netlify.toml's page headers, cached a minute; a HEAD without the page", async () => {
    const { response } = await fetchPage(newsPage, '/comunicados?item=compromiso');
    expect(response.headers.get('content-security-policy')).toBe(
      (await pageHeaders(path.resolve(import.meta.dirname, '../..')))['Content-Security-Policy'],
    );
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const head = await newsPage(get('/comunicados', 'HEAD'), testContext().context);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(newsPageConfig).toEqual({ path: ['/comunicados', '/comunicados/:key'] });
  });
});

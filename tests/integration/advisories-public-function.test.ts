import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import advisories from '../../netlify/functions/advisories.ts';
import advisoriesPage, { config as advisoriesPageConfig } from '../../netlify/functions/advisories-page.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { advisoriesPage as listFiller, advisoryPage as noticeFiller } from '../../src/filled-pages/advisories.ts';
import { filledPageAnswer } from '../../src/filled-pages/filled-page.ts';
import { inlineCodeOf } from '../../src/integrations/inline-code-csp.ts';
import { AdvisoriesResponseSchema, restrictionLevelRules } from '../../src/shared/advisories/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { builtHead } from '../helpers/built-pages.ts';
import { postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
const get = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });
const projectRoot = path.resolve(import.meta.dirname, '../..');

interface Row {
  kind: string;
  level?: number;
  towns: string[];
  status: 'borrador' | 'publicado' | 'levantado';
  instructions: string;
  sectors?: string;
  /** Intervals before and after now(): when it started, its expected end, when it was lifted. */
  startedAgo: string;
  endsIn?: string;
  liftedAgo?: string;
  liftMessage?: string;
}

/** Inserts a notice as staff would have left it (the admin is another branch's); answers its id. */
async function insertAdvisory(row: Row): Promise<string> {
  const [inserted] = await environment.database.db.query<{ id: string }>(
    `WITH advisory AS (
       INSERT INTO advisories (kind, restriction_level, sectors, starts_at, ends_at, instructions, lift_message,
                               status, published_at, lifted_at)
       VALUES ($1, $2, $3, now() - $4::interval, now() + $5::interval, $6, $7, $8,
               CASE WHEN $8 <> 'borrador' THEN now() - $4::interval END, now() - $9::interval)
       RETURNING id)
     INSERT INTO advisory_towns (advisory_id, town) SELECT advisory.id, town FROM advisory, unnest($10::text[]) town
     RETURNING advisory_id::text AS id`,
    [
      row.kind,
      row.level ?? null,
      row.sectors ?? '',
      row.startedAgo,
      row.endsIn ?? null,
      row.instructions,
      row.liftMessage ?? '',
      row.status,
      row.liftedAgo ?? null,
      row.towns,
    ],
  );
  return inserted!.id;
}

const ids = {} as Record<'boil' | 'restriction' | 'draft' | 'recent' | 'old' | 'hostile', string>;
let files: { list: string; notice: string; notFound: string };
let folder: string;

/** A built page as Astro writes it, small: the layout's head with its canonical link, and a body. */
const builtPage = (pathname: string, title: string, description: string, head: string, body: string) =>
  `<!DOCTYPE html><html lang="es">${builtHead(title, description, pathname, head)}` +
  `<body><main id="contenido">${body}</main></body></html>`;

beforeAll(async () => {
  ids.boil = await insertAdvisory({
    kind: 'hervir',
    towns: ['puerto-aysen', 'puerto-chacabuco'],
    status: 'publicado',
    sectors: 'Población Gobernación',
    instructions: 'Hierva el agua durante un minuto antes de beberla.\nUse agua hervida para cocinar.',
    startedAgo: '2 hours',
  });
  ids.restriction = await insertAdvisory({
    kind: 'restriccion',
    level: 2,
    towns: ['coyhaique'],
    status: 'publicado',
    instructions: 'Riegue solo lo indispensable.',
    startedAgo: '1 day',
    endsIn: '5 days',
  });
  ids.draft = await insertAdvisory({
    kind: 'no-beber',
    towns: ['cochrane'],
    status: 'borrador',
    instructions: 'Borrador secreto: no publicar.',
    startedAgo: '1 hour',
  });
  ids.recent = await insertAdvisory({
    kind: 'turbiedad',
    towns: ['coyhaique'],
    status: 'levantado',
    instructions: 'Deje correr el agua.',
    startedAgo: '11 months 3 days',
    liftedAgo: '11 months',
    liftMessage: 'El agua volvió a la normalidad.',
  });
  ids.old = await insertAdvisory({
    kind: 'congelamiento',
    towns: ['cochrane'],
    status: 'levantado',
    instructions: 'Proteja su medidor del frío.',
    startedAgo: '13 months 2 days',
    liftedAgo: '13 months',
    liftMessage: 'Terminó la ola de frío de hace más de un año.',
  });
  await environment.database.db.batch([
    {
      text: `INSERT INTO advisory_updates (advisory_id, body, created_at)
             VALUES ($1, 'Se tomaron muestras en la red.', now() - interval '1 hour')`,
      params: [ids.boil],
    },
    {
      text: `INSERT INTO advisory_supply_points (advisory_id, name, address, latitude, longitude, hours)
             VALUES ($1, 'Camión aljibe', 'Plaza de Armas, Puerto Aysén', -45.4031, -72.6919, '08:00 a 20:00')`,
      params: [ids.boil],
    },
  ]);

  folder = await mkdtemp(path.join(tmpdir(), 'avisos-'));
  files = {
    list: path.join(folder, 'avisos.html'),
    notice: path.join(folder, 'plantilla.html'),
    notFound: path.join(folder, '404.html'),
  };
  await writeFile(
    files.list,
    builtPage(
      '/avisos',
      'Avisos',
      'Avisos por localidad.',
      '',
      '<h1>Avisos</h1><h2>Avisos vigentes</h2><!--avisos:vigentes--><h2>Anteriores</h2><!--avisos:anteriores-->',
    ),
  );
  await writeFile(
    files.notice,
    builtPage(
      '/avisos/plantilla',
      'AVISO_TITULO',
      'AVISO_DESCRIPCION',
      '<!--aviso:json-ld-->',
      '<!--aviso:contenido-->',
    ),
  );
  await writeFile(
    files.notFound,
    builtPage('/404', 'Página no encontrada', 'Inicio.', '', '<p>Página no encontrada.</p>'),
  );
});

afterAll(() => rm(folder, { recursive: true, force: true }));

/** The page function's answer, with built pages of the test's own. */
const page = (pathname: string, method = 'GET') =>
  filledPageAnswer(
    [
      { ...listFiller, file: files.list },
      { ...noticeFiller, file: files.notice, notFound: files.notFound },
    ],
    get(pathname, method),
    environment.database.db,
    new Date(),
  );

/** The JSON-LD scripts of a page, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, text]) => JSON.parse(text!));

describe('GET /api/advisories', () => {
  it('lists the notices in force, health ones first, never a draft nor a lifted one; cached a minute', async () => {
    const response = await advisories(get('/api/advisories'), testContext().context);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const body = AdvisoriesResponseSchema.parse(await response.json());
    expect(body.advisories.map((advisory) => [advisory.id, advisory.kind, advisory.status])).toEqual([
      [ids.boil, 'hervir', 'publicado'],
      [ids.restriction, 'restriccion', 'publicado'],
    ]);
  });

  it('carries what the public reads and nothing else: towns with their points, updates, supply points', async () => {
    const { advisories: listed } = AdvisoriesResponseSchema.parse(
      await (await advisories(get('/api/advisories'), testContext().context)).json(),
    );
    const boil = listed.find((advisory) => advisory.id === ids.boil)!;
    expect(Object.keys(boil).sort()).toEqual([
      'endsAt',
      'id',
      'instructions',
      'kind',
      'liftMessage',
      'liftedAt',
      'publishedAt',
      'restrictionLevel',
      'sectors',
      'startsAt',
      'status',
      'supplyPoints',
      'towns',
      'updatedAt',
      'updates',
    ]);
    expect(boil).toMatchObject({
      restrictionLevel: null,
      endsAt: null,
      sectors: 'Población Gobernación',
      towns: [
        { slug: 'puerto-aysen', name: 'Puerto Aysén', latitude: -45.403, longitude: -72.6918 },
        { slug: 'puerto-chacabuco', name: 'Puerto Chacabuco', latitude: -45.4667, longitude: -72.8167 },
      ],
      updates: [{ body: 'Se tomaron muestras en la red.' }],
      supplyPoints: [{ name: 'Camión aljibe', address: 'Plaza de Armas, Puerto Aysén', hours: '08:00 a 20:00' }],
    });
    expect(listed.find((advisory) => advisory.id === ids.restriction)).toMatchObject({ restrictionLevel: 2 });
  });

  it('answers only GET', async () => {
    const response = await advisories(postJson('/api/advisories', {}), testContext().context);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('/avisos (the page function)', () => {
  it('puts the notices in force in the HTML by town, in the towns’ order, with all they say', async () => {
    const response = await page('/avisos');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<!--avisos:vigentes-->');
    const current = html.slice(0, html.indexOf('<h2>Anteriores</h2>'));
    // Coyhaique (position 1), then the two towns of the boil-water notice, which is under each.
    const order = ['>Coyhaique</h3>', '>Puerto Aysén</h3>', '>Puerto Chacabuco</h3>'].map((text) =>
      current.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(current.match(new RegExp(`href="/avisos/${ids.boil}"`, 'g'))).toHaveLength(2);
    expect(current).toContain('Aviso sanitario');
    expect(current).toContain(`<a href="/avisos/${ids.boil}">Hervir el agua antes de consumirla</a>`);
    expect(current).toContain('<dd>Puerto Aysén y Puerto Chacabuco</dd>');
    expect(current).toContain('Población Gobernación');
    expect(current).toContain('<dt>Término esperado</dt><dd>Hasta nuevo aviso</dd>');
    expect(current).toContain('Hierva el agua durante un minuto antes de beberla.\nUse agua hervida para cocinar.');
    expect(current).toContain('Se tomaron muestras en la red.');
    expect(current).toContain('<strong>Camión aljibe</strong>, Plaza de Armas, Puerto Aysén (08:00 a 20:00)');
    expect(current).toContain('Restricción de uso del agua (nivel 2)');
    expect(current).toContain(restrictionLevelRules[2]);
    expect(current).toMatch(/<dt>Desde<\/dt><dd>\d{2}-\d{2}-\d{4} \d{2}:\d{2}<\/dd>/);
    expect(html).not.toContain('Borrador secreto');
  });

  it('lists below the notices lifted in the last 12 months, and not older ones', async () => {
    const html = await (await page('/avisos')).text();
    const past = html.slice(html.indexOf('<h2>Anteriores</h2>'));
    expect(past).toContain(`<a href="/avisos/${ids.recent}">Agua con turbiedad en Coyhaique</a>`);
    expect(past).toContain('El agua volvió a la normalidad.');
    expect(past).toMatch(/Levantado el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    expect(html).not.toContain(`/avisos/${ids.old}"`);
    expect(html).not.toContain('Terminó la ola de frío');
    // A notice in force is not history.
    expect(past).not.toContain(`/avisos/${ids.boil}"`);
  });

  it('says so when there is no notice, in force or past', () => {
    const html = listFiller.fill('<main><!--avisos:vigentes--><!--avisos:anteriores--></main>', {
      current: [],
      past: [],
      towns: [],
    });
    expect(html).toContain('No hay avisos vigentes.');
    expect(html).toContain('No hubo avisos en los últimos 12 meses.');
    expect(() => listFiller.fill('<main><!--avisos:vigentes--></main>', { current: [], past: [], towns: [] })).toThrow(
      '<!--avisos:anteriores-->',
    );
  });

  it("answers with netlify.toml's headers for pages, its CSP included, and leaves no inline code it would block", async () => {
    const response = await page('/avisos');
    const policy = (await pageHeaders(projectRoot))['Content-Security-Policy']!;
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const inline = inlineCodeOf(await response.text());
    expect(inline).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
  });

  it('answers HEAD with the headers only, and other methods 405', async () => {
    const head = await page('/avisos', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await advisoriesPage(get('/avisos', 'POST'), testContext().context);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(advisoriesPageConfig).toEqual({ path: ['/avisos', '/avisos/:id'] });
  });
});

describe('/avisos/{id} (the page function)', () => {
  it('fills the template with the notice: its title, summary and own canonical address', async () => {
    const response = await page(`/avisos/${ids.boil}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      (await pageHeaders(projectRoot))['Content-Security-Policy'],
    );
    const html = await response.text();
    expect(html).toContain(
      '<title>Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco | Aguas Patagonia de Aysén</title>',
    );
    expect(html).toContain(`<link rel="canonical" href="https://www.example.com/avisos/${ids.boil}">`);
    expect(html).toMatch(
      /<meta name="description" content="Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco\. Aviso vigente desde el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\.">/,
    );
    expect(html).not.toMatch(/AVISO_|<!--aviso:|\/avisos\/plantilla/);
    expect(html).toContain('<h1 id="aviso-titulo" class="advisory__title">');
    expect(html).toContain('<dt>Estado</dt><dd>Vigente</dd>');
    expect(html).toContain('<strong>Camión aljibe</strong>, Plaza de Armas, Puerto Aysén (08:00 a 20:00)');
    expect(inlineCodeOf(html)['script-src']).toEqual([]);
  });

  it('carries SpecialAnnouncement JSON-LD that says what the notice says', async () => {
    const { advisories: listed } = AdvisoriesResponseSchema.parse(
      await (await advisories(get('/api/advisories'), testContext().context)).json(),
    );
    const boil = listed.find((advisory) => advisory.id === ids.boil)!;
    const [data, ...others] = jsonLdOf(await (await page(`/avisos/${ids.boil}`)).text());
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SpecialAnnouncement',
      url: `https://www.example.com/avisos/${ids.boil}`,
      name: 'Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco',
      category: 'Hervir el agua antes de consumirla',
      inLanguage: 'es-CL',
      datePosted: boil.publishedAt,
      dateModified: boil.updatedAt,
      publisher: { '@type': 'Organization', name: 'Aguas Patagonia de Aysén', url: 'https://www.example.com/' },
      spatialCoverage: [
        {
          '@type': 'Place',
          name: 'Puerto Aysén',
          geo: { '@type': 'GeoCoordinates', latitude: -45.403, longitude: -72.6918 },
        },
        {
          '@type': 'Place',
          name: 'Puerto Chacabuco',
          geo: { '@type': 'GeoCoordinates', latitude: -45.4667, longitude: -72.8167 },
        },
      ],
      announcementLocation: [
        {
          '@type': 'CivicStructure',
          name: 'Camión aljibe',
          address: { streetAddress: 'Plaza de Armas, Puerto Aysén' },
          geo: { latitude: -45.4031, longitude: -72.6919 },
          description: '08:00 a 20:00',
        },
      ],
    });
    // No expected end: no expiry to state.
    expect(data).not.toHaveProperty('expires');
    expect(data.text).toContain('Sectores: Población Gobernación');
    expect(data.text).toContain('Hierva el agua durante un minuto antes de beberla.');
    expect(data.text).toMatch(
      /Última actualización \(\d{2}-\d{2}-\d{4} \d{2}:\d{2}\): Se tomaron muestras en la red\./,
    );
  });

  it("a restriction's JSON-LD states its level's rule and expires at its expected end", async () => {
    const [restriction] = AdvisoriesResponseSchema.parse(
      await (await advisories(get('/api/advisories'), testContext().context)).json(),
    ).advisories.filter((advisory) => advisory.id === ids.restriction);
    const [data] = jsonLdOf(await (await page(`/avisos/${ids.restriction}`)).text());
    expect(data.name).toBe('Restricción de uso del agua (nivel 2) en Coyhaique');
    expect(data.expires).toBe(restriction!.endsAt);
    expect(data.text).toContain(restrictionLevelRules[2]);
    expect(data).not.toHaveProperty('announcementLocation');
  });

  it('a lifted notice keeps its page, older than 12 months too: its lift first, expired when lifted', async () => {
    for (const id of [ids.recent, ids.old]) expect((await page(`/avisos/${id}`)).status).toBe(200);
    const html = await (await page(`/avisos/${ids.recent}`)).text();
    expect(html.indexOf('El agua volvió a la normalidad.')).toBeLessThan(html.indexOf('Deje correr el agua.'));
    expect(html).toMatch(/<dt>Estado<\/dt><dd>Levantado el \d{2}-\d{2}-\d{4} \d{2}:\d{2}<\/dd>/);
    expect(html).toMatch(/content="Agua con turbiedad en Coyhaique\. Aviso levantado el /);
    const [data] = jsonLdOf(html);
    const [lifted] = await environment.database.db.query<{ lifted_at: string }>(
      `SELECT to_char(lifted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lifted_at FROM advisories WHERE id = $1`,
      [ids.recent],
    );
    expect(data.expires).toBe(lifted!.lifted_at);
    expect(data.text).toMatch(/^Aviso levantado el .+\. El agua volvió a la normalidad\.\n/);
  });

  it.each([
    ['a draft', () => `/avisos/${ids.draft}`],
    ['an unknown id', () => '/avisos/987654321'],
    ['the template’s own path', () => '/avisos/plantilla'],
    ['a malformed id', () => '/avisos/0x1'],
    ['a negative id', () => '/avisos/-1'],
    ['an id with a leading zero', () => `/avisos/0${ids.boil}`],
    ['an id past bigint', () => '/avisos/99999999999999999999'],
    ['a longer path', () => `/avisos/${ids.boil}/x`],
  ])('%s answers the 404 page, with the page headers', async (_, pathname) => {
    const response = await page(pathname());
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'self'/);
    const html = await response.text();
    expect(html).toContain('Página no encontrada.');
    expect(html).not.toContain('Borrador secreto');
  });

  it("staff's text can neither end the JSON-LD script nor write markup", async () => {
    ids.hostile = await insertAdvisory({
      kind: 'no-usar',
      towns: ['balmaceda'],
      status: 'publicado',
      instructions: 'No use el agua </script><script>alert(1)</script> & <b>nada</b>.',
      startedAgo: '10 minutes',
    });
    const html = await (await page(`/avisos/${ids.hostile}`)).text();
    expect(html.match(/<script/g)).toHaveLength(1);
    const [data] = jsonLdOf(html);
    expect(data.text).toBe('No use el agua </script><script>alert(1)</script> & <b>nada</b>.');
    expect(html).toContain(
      'No use el agua &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;nada&lt;/b&gt;.',
    );
    expect(html).not.toContain('<b>nada</b>');
  });

  it('escapes a town name, staff’s data, in the head', async () => {
    const template = builtPage(
      '/avisos/plantilla',
      'AVISO_TITULO',
      'AVISO_DESCRIPCION',
      '<!--aviso:json-ld-->',
      '<!--aviso:contenido-->',
    );
    const {
      advisories: [boil],
    } = AdvisoriesResponseSchema.parse(await (await advisories(get('/api/advisories'), testContext().context)).json());
    const html = noticeFiller.fill(template, {
      ...boil!,
      towns: [{ slug: 'villa-x', name: 'Villa "X" <b>', latitude: -45.5, longitude: -72.0 }],
    });
    expect(html).toContain('<title>Hervir el agua antes de consumirla en Villa &quot;X&quot; &lt;b&gt; | Aguas');
    expect(html).toContain(
      'content="Hervir el agua antes de consumirla en Villa &quot;X&quot; &lt;b&gt;. Aviso vigente',
    );
    expect(() => noticeFiller.fill('<head></head><!--aviso:contenido-->', boil!)).toThrow(
      "The built page's head has no title.",
    );
  });
});

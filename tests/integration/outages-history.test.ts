import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lookup from '../../netlify/functions/outages-lookup.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { filledPageAnswer } from '../../src/filled-pages/filled-page.ts';
import { historyPage as historyPageFiller } from '../../src/filled-pages/outages-history.ts';
import historyPage, { config as historyPageConfig } from '../../netlify/functions/outages-history-page.ts';
import { inlineCodeOf } from '../../src/integrations/inline-code-csp.ts';
import type { Database } from '../../src/server/db/index.ts';
import { historySince } from '../../src/server/outages/history.ts';
import { lookUpService } from '../../src/server/outages/lookup.ts';
import { chileNow, chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { OutageLookupResponseSchema, outageLookupMessages } from '../../src/shared/outages/schema.ts';
import { ESTIMATE_NOTE, SUPPLY_DAY_FORMULA, SUPPLY_DAY_RULE } from '../../src/shared/outages/supply-days-texts.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { failureBody, postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
const projectRoot = path.resolve(import.meta.dirname, '../..');
const DAY = 86_400_000;
/** An instant as the API writes it: ISO 8601 in UTC, to the second. */
const utc = (iso: string) => new Date(iso).toISOString().replace('.000', '');

/** An instant at `time` on Aysén's calendar day `daysAgo` days before today. */
const aysen = (daysAgo: number, time: string) =>
  chileLocalToIso(`${chileNow(new Date(Date.now() - daysAgo * DAY)).slice(0, 10)}T${time}`);

interface Outage {
  kind?: 'programado' | 'emergencia';
  town?: string;
  sectors: string;
  status?: string;
  startsAt: string;
  endsAt: string;
  publishedAt?: string | null;
  stoppedAt?: string | null;
  restoredAt?: string | null;
  forceMajeure?: string | null;
}

/** An outage as staff would have left it, its real times set directly (the staff side is another branch's). */
async function insertOutage(outage: Outage): Promise<string> {
  const [row] = await environment.database.db.query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at, supply_stopped_at,
                          supply_restored_at, force_majeure_resolution)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text`,
    [
      outage.kind ?? 'emergencia',
      outage.town ?? 'coyhaique',
      outage.sectors,
      outage.startsAt,
      outage.endsAt,
      outage.status ?? 'restablecido',
      outage.publishedAt === undefined ? outage.startsAt : outage.publishedAt,
      outage.stoppedAt ?? null,
      outage.restoredAt ?? null,
      outage.forceMajeure ?? null,
    ],
  );
  return row!.id;
}

/** A real outage: announced and recorded as the same window unless told otherwise. */
const recorded = (sectors: string, daysAgo: number, from: string, to: string, extra: Partial<Outage> = {}) =>
  insertOutage({
    sectors,
    startsAt: aysen(daysAgo, from),
    endsAt: aysen(daysAgo, to),
    stoppedAt: aysen(daysAgo, from),
    restoredAt: aysen(daysAgo, to),
    ...extra,
  });

type Seeded =
  | 'long'
  | 'morning'
  | 'afternoon'
  | 'forceMajeure'
  | 'planned'
  | 'shortNotice'
  | 'almostAYear'
  | 'noTimes'
  | 'ongoing'
  | 'draft'
  | 'old'
  | 'cancelled'
  | 'aysen'
  | 'late';
const ids = {} as Record<Seeded, string>;
let folder: string;
let files: { page: string };

/** The page function's answer, with a built page of the test's own. */
const historyPageAnswer = (req: Request, db: Database, { page }: typeof files, now: Date) =>
  filledPageAnswer([{ ...historyPageFiller, file: page }], req, db, now);

beforeAll(async () => {
  // Coyhaique: 1 + 1 (two outages of 3 h on one day) + 0 (force majeure) + 1 + 0,5 + 0,5 = 4 days.
  ids.long = await recorded('Villa Los Ñires', 10, '08:00', '13:30');
  ids.morning = await recorded('Población Clotario Blest', 20, '09:00', '12:00');
  ids.afternoon = await recorded('Población Clotario Blest', 20, '14:00', '17:00');
  ids.forceMajeure = await recorded('Sector Aeródromo', 30, '06:00', '18:00', {
    forceMajeure: 'Resolución Exenta SISS N° 1234',
  });
  ids.planned = await recorded('Centro', 50, '09:00', '13:00', {
    kind: 'programado',
    publishedAt: aysen(53, '09:00'),
    // The water stopped 10 minutes late and came back 30 minutes late: the real times count.
    stoppedAt: aysen(50, '09:10'),
    restoredAt: aysen(50, '13:10'),
  });
  ids.shortNotice = await recorded('Villa Austral', 60, '10:00', '12:00', {
    kind: 'programado',
    publishedAt: aysen(61, '14:00'),
  });
  ids.almostAYear = await recorded('Población Víctor Domingo Silva', 350, '10:00', '12:00');
  // Not counted: no real times, still under way, a draft, older than 12 months, another town.
  ids.noTimes = await insertOutage({ sectors: 'Sin horas', startsAt: aysen(40, '09:00'), endsAt: aysen(40, '12:00') });
  ids.ongoing = await insertOutage({
    sectors: 'En curso ahora',
    status: 'en_curso',
    startsAt: aysen(0, '00:00'),
    endsAt: aysen(-1, '00:00'),
    stoppedAt: aysen(0, '00:00'),
  });
  ids.draft = await recorded('Borrador secreto', 5, '08:00', '14:00', { status: 'borrador', publishedAt: null });
  ids.old = await recorded('Hace más de un año', 380, '08:00', '14:00');
  ids.cancelled = await insertOutage({
    sectors: 'Cancelado sin corte',
    status: 'cancelado',
    startsAt: aysen(15, '09:00'),
    endsAt: aysen(15, '12:00'),
  });
  ids.aysen = await recorded('Sector Ribera Norte', 8, '08:00', '20:00', { town: 'puerto-aysen' });
  ids.late = await recorded('Anunciado tarde', 12, '10:00', '11:00', {
    kind: 'programado',
    town: 'chile-chico',
    publishedAt: aysen(12, '10:30'),
  });
  await environment.database.db.query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, previous_bill_amount, previous_bill_days)
     VALUES ('720001', 18990, 'Calle Secreta 123', 'coyhaique', 18990, 31),
            ('720002', 5000, 'Otra Calle 9', 'coyhaique', NULL, NULL),
            ('720003', 0, 'Costanera 1', 'puerto-aysen', 12000, 30),
            ('720004', 0, 'Sin localidad', NULL, 12000, 30),
            ('720005', 0, 'Balmaceda 1', 'balmaceda', 12000, 30)`,
  );

  folder = await mkdtemp(path.join(tmpdir(), 'historial-'));
  files = { page: path.join(folder, 'historial.html') };
  await writeFile(files.page, '<main><h1>Historial de cortes</h1><!--cortes:historial--></main>');
});

afterAll(() => rm(folder, { recursive: true, force: true }));

/** The test database, counting the statements sent to it (the project counts round trips). */
function counting() {
  const { db } = environment.database;
  let statements = 0;
  const counted: Database = {
    ...db,
    query: (...args) => {
      statements++;
      return db.query(...args);
    },
    batch: (...args) => {
      statements++;
      return db.batch(...args);
    },
  };
  return { db: counted, statements: () => statements };
}

const ask = async (serviceNumber: unknown) =>
  lookup(postJson('/api/outages/lookup', { serviceNumber }), testContext().context);

describe('POST /api/outages/lookup: the history of the service’s locality', () => {
  it('lists the outages with real times of the last 12 months, each counted, the latest first', async () => {
    const response = await ask('720002');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { history } = OutageLookupResponseSchema.parse(await response.json());
    expect(history.since).toBe(historySince(new Date()).day);
    expect(
      history.outages.map(({ id, sectors, hours, supplyDays, forceMajeure }) => [
        id,
        sectors,
        hours,
        supplyDays,
        forceMajeure,
      ]),
    ).toEqual([
      [ids.long, 'Villa Los Ñires', 5.5, 1, null],
      [ids.afternoon, 'Población Clotario Blest', 3, 0.75, null],
      [ids.morning, 'Población Clotario Blest', 3, 0.75, null],
      [
        ids.forceMajeure,
        'Sector Aeródromo',
        12,
        0,
        'no aplica: fuerza mayor calificada por la SISS (Resolución Exenta SISS N° 1234)',
      ],
      [ids.planned, 'Centro', 4, 1, null],
      [ids.shortNotice, 'Villa Austral', 2, 0.5, null],
      [ids.almostAYear, 'Población Víctor Domingo Silva', 2, 0.5, null],
    ]);
    expect(history.outages[0]).toMatchObject({
      causeClass: 'imprevisto',
      stoppedAt: utc(aysen(10, '08:00')),
      restoredAt: utc(aysen(10, '13:30')),
    });
    expect(history.outages.find((outage) => outage.id === ids.planned)).toMatchObject({
      causeClass: 'programado',
      stoppedAt: utc(aysen(50, '09:10')),
      restoredAt: utc(aysen(50, '13:10')),
    });
    expect(history.outages.find((outage) => outage.id === ids.forceMajeure)!.causeClass).toBe('fuerza_mayor');
  });

  it('counts a day once: the two outages of 3 h on one day make 1 day, not 1,5; the total is 4 days', async () => {
    const { history } = OutageLookupResponseSchema.parse(await (await ask('720002')).json());
    expect(history.totalDays).toBe(4);
    expect(history.formula).toBe(SUPPLY_DAY_FORMULA);
    expect(history.formula).toBe('10 veces el promedio diario facturado en la boleta anterior, por cada día');
    expect(history.rule).toBe(SUPPLY_DAY_RULE);
  });

  it('gives the estimate in pesos only when the account has its previous bill', async () => {
    const withBill = OutageLookupResponseSchema.parse(await (await ask('720001')).json());
    // 10 × 18.990 / 31 a day, × 4 days = 24.503,2.
    expect(withBill.history.estimate).toEqual({ amount: 24503, note: ESTIMATE_NOTE });
    const withoutBill = OutageLookupResponseSchema.parse(await (await ask('720002')).json());
    expect(withoutBill.history.estimate).toBeNull();
    // No day without supply: nothing to estimate, even with the bill.
    const none = OutageLookupResponseSchema.parse(await (await ask('720005')).json());
    expect(none.history).toMatchObject({ outages: [], totalDays: 0, estimate: null });
  });

  it('answers only about its locality, and nothing else of the account', async () => {
    const body = await (await ask('720003')).json();
    expect(Object.keys(body).sort()).toEqual(['history', 'success', 'town']);
    expect(Object.keys(body.history).sort()).toEqual(['estimate', 'formula', 'outages', 'rule', 'since', 'totalDays']);
    expect(body.town).toBe('puerto-aysen');
    expect(body.history.outages.map((outage: { id: string }) => outage.id)).toEqual([ids.aysen]);
    expect(body.history.totalDays).toBe(1);
    // 10 × 12.000 / 30 = 4.000 a day.
    expect(body.history.estimate).toEqual({ amount: 4000, note: ESTIMATE_NOTE });
    const text = JSON.stringify(body);
    for (const secret of ['Costanera 1', 'Calle Secreta', '12000', 'Villa Los Ñires'])
      expect(text).not.toContain(secret);
    // Neither a draft, an outage without real times, one under way, nor one older than 12 months.
    const coyhaique = JSON.stringify(await (await ask('720001')).json());
    for (const never of [
      'Borrador secreto',
      'Sin horas',
      'En curso ahora',
      'Hace más de un año',
      'Cancelado',
      'Ribera Norte',
    ])
      expect(coyhaique).not.toContain(never);
  });

  it.each([
    ['720004', outageLookupMessages.noTown],
    ['729999', outageLookupMessages.unknownService],
  ])('service %s: 404 with "%s"', async (serviceNumber, message) => {
    const response = await ask(serviceNumber);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(failureBody(message, { serviceNumber: message }));
  });

  it.each([['12-3'], [''], [123], ['1'.repeat(40)]])('refuses %j with 400', async (serviceNumber) => {
    const response = await ask(serviceNumber);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors)).toEqual(['serviceNumber']);
  });

  it('reads the account and the history in one statement', async () => {
    const { db, statements } = counting();
    expect((await lookUpService(db, '720001', new Date())).kind).toBe('found');
    expect(statements()).toBe(1);
  });
});

describe('the 12 months', () => {
  it("are /indicadores' period: from 00:00 of the day after the same Aysén date a year before", () => {
    // 02:00 UTC on 1 December is still 30 November in Aysén (UTC−3).
    expect(historySince(new Date('2026-12-01T02:00:00Z'))).toEqual({
      day: '2025-12-01',
      instant: '2025-12-01T03:00:00.000Z',
    });
    expect(historySince(new Date('2028-02-29T15:00:00Z')).day).toBe('2027-03-01');
  });

  it('take an outage that stopped at their first minute, and not one a minute before', async () => {
    const now = new Date();
    const { instant } = historySince(now);
    const minuteBefore = new Date(Date.parse(instant) - 60_000).toISOString();
    const hourAfter = new Date(Date.parse(instant) + 3_600_000).toISOString();
    await insertOutage({
      town: 'cochrane',
      sectors: 'Justo al inicio',
      startsAt: instant,
      endsAt: hourAfter,
      stoppedAt: instant,
      restoredAt: hourAfter,
    });
    await insertOutage({
      town: 'cochrane',
      sectors: 'Un minuto antes',
      startsAt: minuteBefore,
      endsAt: hourAfter,
      stoppedAt: minuteBefore,
      restoredAt: hourAfter,
    });
    const html = await (await historyPageAnswer(get('/cortes/historial'), environment.database.db, files, now)).text();
    expect(html).toContain('Justo al inicio');
    expect(html).not.toContain('Un minuto antes');
  });
});

const get = (pathname: string, method = 'GET') => new Request(`http://localhost${pathname}`, { method });
const page = async () =>
  (await historyPageAnswer(get('/cortes/historial'), environment.database.db, files, new Date())).text();

/** The row of an outage in the page, its cells' text. */
const rowOf = (html: string, id: string) => {
  const row = new RegExp(`<tr id="historial-corte-${id}">(.*?)</tr>`).exec(html)?.[1];
  if (!row) return undefined;
  return [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, ''));
};

describe('/cortes/historial (the page function)', () => {
  it('has a section per town in the towns’ order, a table each, and says so of a town without outages', async () => {
    const html = await page();
    expect(html).not.toContain('<!--cortes:historial-->');
    const order = ['>Coyhaique</h2>', '>Puerto Aysén</h2>', '>Balmaceda</h2>', '>Cochrane</h2>'].map((text) =>
      html.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain(`<caption id="historial-coyhaique-tabla">Cortes en Coyhaique desde el `);
    expect(html).toContain('<th scope="col">Duración real</th>');
    expect(html).toContain('No hubo cortes publicados en Balmaceda en los últimos 12 meses.');
  });

  it('draws each town’s number of outages above the tables, as many bars as towns, each with its count', async () => {
    const html = await page();
    const chart = html.slice(html.indexOf('<figure class="figure-bars">'), html.indexOf('</figure>'));
    expect(chart).toContain('<figcaption>Cortes por localidad en el período</figcaption>');
    expect(chart).toContain('aria-label="Gráfico: Cortes por localidad en el período. Las cifras están en la tabla."');
    const counted = Object.fromEntries(
      [
        ...chart.matchAll(/<g><text[^>]*>([^<]+)<\/text>.*?<text class="figure-bars__figure"[^>]*>(\d+)<\/text><\/g>/g),
      ].map(([, town, count]) => [town, Number(count)]),
    );
    // As many as each town's table has rows.
    for (const [town, count] of Object.entries(counted)) {
      const slug = /id="historial-([a-z-]+)">([^<]+)<\/h2>/g;
      const section = [...html.matchAll(slug)].find(([, , name]) => name === town)?.[1];
      const rows = section
        ? (
            html
              .slice(html.indexOf(`id="historial-${section}-tabla"`))
              .split('</table>')[0]!
              .match(/<tr id="historial-corte-/g) ?? []
          ).length
        : 0;
      expect(count, town).toBe(html.includes(`id="historial-${section}-tabla"`) ? rows : 0);
    }
    expect(counted.Balmaceda).toBe(0);
    expect(counted.Coyhaique).toBeGreaterThan(0);
  });

  it('shows each outage with its windows, durations, days and, for a planned one, its notice', async () => {
    const html = await page();
    expect(rowOf(html, ids.long)).toEqual([
      'Villa Los Ñires',
      'Imprevisto',
      expect.stringMatching(/^\d{2}-\d{2}-\d{4} 08:00 a \d{2}-\d{2}-\d{4} 13:30$/),
      '5 h 30 min',
      expect.stringMatching(/^\d{2}-\d{2}-\d{4} 08:00 a \d{2}-\d{2}-\d{4} 13:30$/),
      '5 h 30 min',
      '1 día sin suministro',
      'No aplica',
    ]);
    expect(rowOf(html, ids.planned)).toEqual([
      'Centro',
      'Programado',
      expect.stringMatching(/ 09:00 a .* 13:00$/),
      '4 h',
      expect.stringMatching(/ 09:10 a .* 13:10$/),
      '4 h',
      '1 día sin suministro',
      '72 h: cumple las 48 horas',
    ]);
    expect(rowOf(html, ids.shortNotice)!.slice(6)).toEqual(['0,5 días sin suministro', '20 h: menos de 48 horas']);
    expect(rowOf(html, ids.late)!.slice(6)).toEqual([
      '0,25 días sin suministro',
      'Publicado después del inicio: menos de 48 horas',
    ]);
    expect(rowOf(html, ids.forceMajeure)!.slice(1)).toEqual([
      'Fuerza mayor calificada por la SISS',
      expect.any(String),
      '12 h',
      expect.any(String),
      '12 h',
      'no aplica: fuerza mayor calificada por la SISS (Resolución Exenta SISS N° 1234)',
      'No aplica',
    ]);
  });

  it('shows "Sin registro" for an outage without real times and "En curso" for one under way, never a guess', async () => {
    const html = await page();
    expect(rowOf(html, ids.noTimes)!.slice(3)).toEqual([
      '3 h',
      'Sin registro',
      'Sin registro',
      'Sin registro',
      'No aplica',
    ]);
    expect(rowOf(html, ids.ongoing)!.slice(4, 7)).toEqual(['En curso', 'En curso', 'En curso']);
  });

  it('never shows a draft, an outage older than 12 months, or a cancelled one', async () => {
    const html = await page();
    for (const id of [ids.draft, ids.old, ids.cancelled]) expect(rowOf(html, id)).toBeUndefined();
    for (const text of ['Borrador secreto', 'Hace más de un año', 'Cancelado sin corte'])
      expect(html).not.toContain(text);
    expect(rowOf(html, ids.almostAYear)).toBeDefined();
    // Puerto Aysén's outage is under Puerto Aysén.
    const aysenSection = html.slice(html.indexOf('>Puerto Aysén</h2>'), html.indexOf('>Puerto Chacabuco</h2>'));
    expect(aysenSection).toContain(`historial-corte-${ids.aysen}`);
  });

  it('reads the towns and their outages in one statement', async () => {
    const { db, statements } = counting();
    await historyPageAnswer(get('/cortes/historial'), db, files, new Date());
    expect(statements()).toBe(1);
  });

  it('lets a keyboard reach each table, which scrolls on a phone', async () => {
    const html = await page();
    expect(html).toContain(
      '<div class="table-scroll" role="region" aria-labelledby="historial-coyhaique-tabla" tabindex="0">',
    );
  });

  it("answers with netlify.toml's page headers, cached a minute, and leaves no inline code its CSP would block", async () => {
    const response = await historyPageAnswer(get('/cortes/historial'), environment.database.db, files, new Date());
    const policy = (await pageHeaders(projectRoot))['Content-Security-Policy']!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(inlineCodeOf(await response.text())).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
  });

  it('answers HEAD with the headers only, and other methods 405', async () => {
    const head = await historyPageAnswer(get('/cortes/historial', 'HEAD'), environment.database.db, files, new Date());
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await head.text()).toBe('');
    const post = await historyPage(get('/cortes/historial', 'POST'), testContext().context);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(historyPageConfig).toEqual({ path: '/cortes/historial' });
  });

  it('refuses a page without its marker', () => {
    expect(() => historyPageFiller.fill('<main></main>', { since: '2025-11-26', towns: [] })).toThrow(
      'no <!--cortes:historial--> marker',
    );
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import indicators, { config as indicatorsConfig } from '../../netlify/functions/indicators.ts';
import indicatorsPage, { config as indicatorsPageConfig } from '../../netlify/functions/indicators-page.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { filledPageAnswer } from '../../src/filled-pages/filled-page.ts';
import { indicatorsPage as indicatorsPageFiller } from '../../src/filled-pages/indicators.ts';
import { inlineCodeOf } from '../../src/integrations/inline-code-csp.ts';
import type { Database } from '../../src/server/db/index.ts';
import { lastTwelveMonths } from '../../src/shared/time/last-twelve-months.ts';
import { indicatorsDownload } from '../../src/server/indicators/download.ts';
import { readIndicators } from '../../src/server/indicators/public.ts';
import { indicatorsCsv } from '../../src/server/indicators/csv.ts';
import { chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { IndicatorsResponseSchema, type Indicators } from '../../src/shared/indicators/schema.ts';
import { RECORDS_NOTE } from '../../src/shared/outages/supply-days-texts.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * /indicadores, /indicadores.csv and GET /api/indicadores on seeded records, at a fixed `now`:
 * Thursday 26-11-2026 12:00 in Aysén, so the period is 27-11-2025 00:00 to then.
 */

const environment = useLocalEnvironment();
const HOUR = 3_600_000;
const aysen = (local: string) => new Date(chileLocalToIso(local)).toISOString();
const plus = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();
const now = new Date(aysen('2026-11-26T12:00'));
const since = aysen('2025-11-27T00:00');

interface OutageRow {
  town: string;
  kind: 'programado' | 'emergencia';
  status?: 'borrador' | 'publicado' | 'en_curso' | 'restablecido' | 'cancelado';
  startsAt: string;
  /** Hours between its publication and its announced start; none for a draft. */
  noticeHours?: number;
  /** Real stop (the announced start unless given) and real duration in hours. */
  stoppedAt?: string | null;
  hours?: number | null;
  forceMajeure?: string;
}

async function insertOutage(row: OutageRow) {
  const status = row.status ?? 'restablecido';
  const stoppedAt = row.stoppedAt === undefined ? row.startsAt : row.stoppedAt;
  const restoredAt = stoppedAt && row.hours ? plus(stoppedAt, row.hours) : null;
  await environment.database.db.query(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at, supply_stopped_at,
                          supply_restored_at, force_majeure_resolution)
     VALUES ($1, $2, 'Sector de prueba', $3, $3::timestamptz + interval '8 hours', $4, $5, $6, $7, $8)`,
    [
      row.kind,
      row.town,
      row.startsAt,
      status,
      status === 'borrador' ? null : plus(row.startsAt, -(row.noticeHours ?? 0)),
      status === 'borrador' ? null : stoppedAt,
      status === 'borrador' ? null : restoredAt,
      row.forceMajeure ?? null,
    ],
  );
}

let reference = 0;
async function insertComplaint(locality: string, receivedAt: string, answeredAt: string | null, kind = 'reclamo') {
  reference += 1;
  await environment.database.db.query(
    `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, locality, received_at, answered_at)
     VALUES ($1, $2, $3, 'Vecina de prueba', 'vecina@example.com', $4, $5, $6)`,
    [kind, `R-TEST-${reference}`, answeredAt ? 'respondido' : 'recibido', locality, receivedAt, answeredAt],
  );
}

let folder: string;
let files: { page: string };

/** The page function's answer, with a built page of the test's own. */
const indicatorsPageAnswer = (req: Request, db: Database, { page }: typeof files, at: Date) =>
  filledPageAnswer([{ ...indicatorsPageFiller, file: page }], req, db, at);
let figures: Indicators;

beforeAll(async () => {
  const october = (day: number, hour = 9) =>
    aysen(`2026-10-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`);
  // Coyhaique: the issue's ten outages, 4 planned of which 3 announced 48 hours or more ahead.
  const coyhaique: OutageRow[] = [
    { town: 'coyhaique', kind: 'programado', startsAt: october(5), noticeHours: 72, hours: 2 },
    { town: 'coyhaique', kind: 'programado', startsAt: october(6), noticeHours: 48, hours: 5.5 },
    { town: 'coyhaique', kind: 'programado', startsAt: october(7), noticeHours: 100, stoppedAt: null },
    { town: 'coyhaique', kind: 'programado', startsAt: october(8), noticeHours: 47.99, hours: 13 },
    { town: 'coyhaique', kind: 'emergencia', startsAt: october(9), hours: 1 },
    { town: 'coyhaique', kind: 'emergencia', startsAt: october(10), hours: 12 },
    { town: 'coyhaique', kind: 'emergencia', startsAt: october(11), hours: 26 },
    // Under way: stopped, not yet restored.
    { town: 'coyhaique', kind: 'emergencia', status: 'en_curso', startsAt: october(13), hours: null },
    { town: 'coyhaique', kind: 'emergencia', startsAt: october(14), hours: 3, forceMajeure: 'Res. Ex. SISS N° 1234' },
    // The window's first instant counts.
    { town: 'coyhaique', kind: 'emergencia', startsAt: since, hours: 4 },
  ];
  const notCounted: OutageRow[] = [
    { town: 'coyhaique', kind: 'programado', status: 'borrador', startsAt: october(15) },
    {
      town: 'coyhaique',
      kind: 'programado',
      status: 'cancelado',
      startsAt: october(16),
      noticeHours: 72,
      stoppedAt: null,
    },
    // A millisecond before the window.
    { town: 'coyhaique', kind: 'emergencia', startsAt: plus(since, -1 / HOUR), hours: 2 },
    // Announced, still ahead.
    {
      town: 'puerto-aysen',
      kind: 'programado',
      status: 'publicado',
      startsAt: plus(now.toISOString(), 72),
      noticeHours: 96,
      stoppedAt: null,
    },
  ];
  const puertoAysen: OutageRow[] = [
    // Announced to start before the window, the water really stopped inside it: counted.
    { town: 'puerto-aysen', kind: 'emergencia', startsAt: plus(since, -2), stoppedAt: plus(since, 1), hours: 1 },
    { town: 'puerto-aysen', kind: 'emergencia', startsAt: october(20), hours: 2 },
    { town: 'puerto-aysen', kind: 'emergencia', startsAt: october(21), hours: 10 },
  ];
  for (const row of [...coyhaique, ...notCounted, ...puertoAysen]) await insertOutage(row);

  // Reclamos. Monday 12-10-2026 is a public holiday: from Friday 2 October, the 10th business day
  // is Monday 19 October.
  await insertComplaint('Coyhaique', aysen('2026-10-02T10:00'), aysen('2026-10-19T17:00'));
  await insertComplaint('coyhaique ', aysen('2026-10-02T11:00'), aysen('2026-10-20T09:00'));
  await insertComplaint('Pto. Aysén', aysen('2026-11-20T10:00'), null);
  await insertComplaint('Villa Ortega', aysen('2026-09-01T10:00'), null);
  await insertComplaint('', aysen('2026-11-02T10:00'), aysen('2026-11-02T16:00'));
  await insertComplaint('Coyhaique', plus(since, -1 / HOUR), aysen('2025-11-28T10:00'));
  await insertComplaint('Coyhaique', aysen('2026-10-05T10:00'), null, 'mensaje');

  figures = await readIndicators(environment.database.db, now);
  folder = await mkdtemp(path.join(tmpdir(), 'indicadores-'));
  files = { page: path.join(folder, 'indicadores.html') };
  await writeFile(
    files.page,
    '<!DOCTYPE html><html lang="es"><head><title>Indicadores de servicio</title></head>' +
      `<body><main><h1>Indicadores de servicio</h1><p>${RECORDS_NOTE}</p><!--indicadores:cifras--></main></body></html>`,
  );
});

afterAll(() => rm(folder, { recursive: true, force: true }));

const town = (slug: string) => figures.towns.find((row) => row.town === slug)!;
const get = (pathname: string, method = 'GET') => new Request(`http://localhost${pathname}`, { method });

describe('the period', () => {
  it('is the last 12 months of Aysén days: from the day after the same date a year before, to now', () => {
    expect(lastTwelveMonths(now)).toEqual({ since: '2025-11-27T03:00:00.000Z', until: '2026-11-26T15:00:00.000Z' });
    // Late at night in Aysén it is already the next day in UTC: the day is Aysén's.
    expect(lastTwelveMonths(new Date('2026-11-27T02:30:00Z')).since).toBe('2025-11-27T03:00:00.000Z');
    // 29 February's year before has no such day: its period starts on 1 March.
    expect(lastTwelveMonths(new Date('2028-02-29T15:00:00Z')).since).toBe('2027-03-01T03:00:00.000Z');
    expect(figures.since).toBe(since);
  });
});

describe('outages planned and unplanned', () => {
  it('counts published outages not cancelled, by cause class: the issue’s 10 in Coyhaique', () => {
    expect(town('coyhaique').outages).toEqual({ planned: 4, unplanned: 6, forceMajeure: 1, total: 10 });
  });

  it('places an outage by its real stop when recorded, and leaves out drafts, cancelled, older and future ones', () => {
    expect(town('puerto-aysen').outages).toEqual({ planned: 0, unplanned: 3, forceMajeure: 0, total: 3 });
    expect(figures.total.outages).toEqual({ planned: 4, unplanned: 9, forceMajeure: 1, total: 13 });
  });

  it('gives every town a row, zeros where nothing happened', () => {
    expect(figures.towns.map((row) => row.town)).toEqual([
      'coyhaique',
      'puerto-aysen',
      'puerto-chacabuco',
      'puerto-cisnes',
      'balmaceda',
      'puerto-ibanez',
      'chile-chico',
      'cochrane',
    ]);
    expect(town('cochrane')).toMatchObject({
      outages: { planned: 0, unplanned: 0, forceMajeure: 0, total: 0 },
      durations: { measured: 0, unmeasured: 0, medianHours: null, restoredWithin12Hours: { count: 0, of: 0 } },
      plannedNotice: { count: 0, of: 0 },
    });
  });
});

describe('real durations', () => {
  it('takes the median of an even count as the mean of the two middle ones, leaving out those without real times', () => {
    // 1, 2, 3, 4, 5.5, 12, 13, 26 hours: (4 + 5.5) / 2.
    expect(town('coyhaique').durations).toEqual({
      measured: 8,
      unmeasured: 2,
      medianHours: 4.75,
      restoredWithin12Hours: { count: 6, of: 8 },
    });
  });

  it('takes the middle one of an odd count', () => {
    expect(town('puerto-aysen').durations.medianHours).toBe(2);
    // 1, 1, 2, 2, 3, 4, 5.5, 10, 12, 13, 26.
    expect(figures.total.durations).toEqual({
      measured: 11,
      unmeasured: 2,
      medianHours: 4,
      restoredWithin12Hours: { count: 9, of: 11 },
    });
  });
});

describe('planned outages announced 48 hours ahead', () => {
  it('counts those published 48 hours or more before their announced start: 3 of 4', () => {
    expect(town('coyhaique').plannedNotice).toEqual({ count: 3, of: 4 });
    expect(figures.total.plannedNotice).toEqual({ count: 3, of: 4 });
    expect(town('puerto-aysen').plannedNotice).toEqual({ count: 0, of: 0 });
  });
});

describe('reclamos answered within 10 business days', () => {
  it('counts business days without the day received, across a public holiday', () => {
    // 10 business days (12 October is a holiday) and 11.
    expect(town('coyhaique').complaints).toEqual({
      received: 2,
      answered: 2,
      pending: 0,
      answeredWithin10BusinessDays: { count: 1, of: 2 },
      averageBusinessDaysToAnswer: 10.5,
    });
  });

  it('leaves out an unanswered one still within its term, and counts one past it as late', () => {
    expect(town('puerto-aysen').complaints).toEqual({
      received: 1,
      answered: 0,
      pending: 1,
      answeredWithin10BusinessDays: { count: 0, of: 0 },
      averageBusinessDaysToAnswer: null,
    });
    // Villa Ortega's, unanswered since September, and a blank one answered the day it came.
    expect(figures.otherLocalities.complaints).toEqual({
      received: 2,
      answered: 1,
      pending: 0,
      answeredWithin10BusinessDays: { count: 1, of: 2 },
      averageBusinessDaysToAnswer: 0,
    });
  });

  it('totals every reclamo of the period, and no other case', () => {
    expect(figures.total.complaints).toEqual({
      received: 5,
      answered: 3,
      pending: 1,
      answeredWithin10BusinessDays: { count: 2, of: 4 },
      averageBusinessDaysToAnswer: 7,
    });
  });
});

/** The cells of a table's row, by the row's heading, as text. */
function rowOf(html: string, section: string, name: string): string[] {
  const start = html.indexOf(`<h2 id="${section}">`);
  expect(start).toBeGreaterThanOrEqual(0);
  const table = html.slice(start, html.indexOf('</section>', start));
  const row = new RegExp(`<th scope="row">${name}</th>(.*?)</tr>`).exec(table)?.[1];
  expect(row).toBeDefined();
  return [...row!.matchAll(/<td>(.*?)<\/td>/g)].map(([, cell]) => cell!);
}

describe('/indicadores (the page function)', () => {
  it('shows each figure by town and in total, each table with how it is computed', async () => {
    const response = await indicatorsPageAnswer(get('/indicadores'), environment.database.db, files, now);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<!--indicadores:cifras-->');
    expect(html).toContain('Período: del 27-11-2025 al 26-11-2026 (hora de Aysén).');
    expect(rowOf(html, 'indicadores-cortes', 'Coyhaique')).toEqual(['4', '6', '1', '10']);
    expect(rowOf(html, 'indicadores-cortes', 'Total')).toEqual(['4', '9', '1', '13']);
    expect(rowOf(html, 'indicadores-duracion', 'Coyhaique')).toEqual(['8', '2', '4 h 45 min', '6 de 8 (75 %)']);
    expect(rowOf(html, 'indicadores-duracion', 'Total')).toEqual(['11', '2', '4 h', '9 de 11 (82 %)']);
    expect(rowOf(html, 'indicadores-duracion', 'Cochrane')).toEqual(['0', '0', 'sin datos', 'sin datos']);
    expect(rowOf(html, 'indicadores-aviso', 'Coyhaique')).toEqual(['3 de 4 (75 %)']);
    expect(rowOf(html, 'indicadores-aviso', 'Puerto Aysén')).toEqual(['sin datos']);
    expect(rowOf(html, 'indicadores-reclamos', 'Coyhaique')).toEqual([
      '2',
      '2',
      '0',
      '1 de 2 (50 %)',
      '10,5 días hábiles',
    ]);
    expect(rowOf(html, 'indicadores-reclamos', 'Otras localidades o sin indicar')).toEqual([
      '2',
      '1',
      '0',
      '1 de 2 (50 %)',
      '0 días hábiles',
    ]);
    expect(rowOf(html, 'indicadores-reclamos', 'Total')).toEqual(['5', '3', '1', '2 de 4 (50 %)', '7 días hábiles']);
    for (const section of ['cortes', 'duracion', 'aviso', 'reclamos']) {
      expect(html).toContain(`aria-describedby="indicadores-${section}-metodo"`);
      expect(html).toMatch(
        new RegExp(`<p id="indicadores-${section}-metodo" class="indicators__method">[^<]{80,}</p>`),
      );
    }
  });

  it('draws one figure of each table by town, its bars as long as the figures and written as the table writes them', async () => {
    const html = await (await indicatorsPageAnswer(get('/indicadores'), environment.database.db, files, now)).text();
    /** A chart's bars by town: the length of each, and its text. */
    const bars = (section: string) => {
      const start = html.indexOf(`<h2 id="${section}">`);
      const svg = html.slice(start, html.indexOf('</svg>', start));
      expect(svg).toMatch(
        /<figure class="figure-bars"><figcaption>[^<]+<\/figcaption><svg viewBox="0 0 360 \d+" role="img" aria-label="Gráfico: [^"]+\. Las cifras están en la tabla\."/,
      );
      return Object.fromEntries(
        [
          ...svg.matchAll(
            /<g><text[^>]*>([^<]+)<\/text>(?:<rect class="figure-bars__bar"[^>]* width="([\d.]+)"[^>]*><\/rect>)?<text class="figure-bars__figure"[^>]*>([^<]+)<\/text><\/g>/g,
          ),
        ].map(([, town, width, text]) => [town, { width: width === undefined ? null : Number(width), text }]),
      );
    };
    // The outages' total: Coyhaique's 10, the largest, is the longest bar (184 units).
    expect(bars('indicadores-cortes').Coyhaique).toEqual({ width: 184, text: '10' });
    expect(Object.keys(bars('indicadores-cortes'))).toHaveLength(8);
    // A share: 75 % of the 184 units of 100 %; a town with nothing to count has no bar.
    expect(bars('indicadores-duracion').Coyhaique).toEqual({ width: 138, text: '75 %' });
    expect(bars('indicadores-duracion').Cochrane).toEqual({ width: null, text: 'sin datos' });
    expect(bars('indicadores-aviso')['Puerto Aysén']).toEqual({ width: null, text: 'sin datos' });
    expect(bars('indicadores-reclamos').Coyhaique).toEqual({ width: 92, text: '50 %' });
  });

  it("answers with netlify.toml's page headers, cached a minute, and no inline code", async () => {
    const response = await indicatorsPageAnswer(get('/indicadores'), environment.database.db, files, now);
    expect(response.headers.get('content-security-policy')).toBe(
      (await pageHeaders(path.resolve(import.meta.dirname, '../..')))['Content-Security-Policy'],
    );
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await response.text();
    expect(inlineCodeOf(html)).toEqual({ 'script-src': [], 'style-src': [], blockedAttributes: [] });
    expect(html).not.toContain('<script');
  });

  it('fails loudly on a built page without its marker', () => {
    expect(() => indicatorsPageFiller.fill('<main></main>', figures)).toThrow('<!--indicadores:cifras-->');
  });

  it('answers HEAD with the headers only, and other methods 405', async () => {
    const head = await indicatorsPage(get('/indicadores', 'HEAD'), testContext().context);
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await head.text()).toBe('');
    const post = await indicatorsPage(get('/indicadores', 'POST'), testContext().context);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(indicatorsPageConfig).toEqual({ path: '/indicadores' });
  });
});

describe('GET /api/indicadores', () => {
  it('answers the same figures, with its schema, cached a minute', async () => {
    const response = await indicatorsDownload(get('/api/indicadores'), environment.database.db, now);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = IndicatorsResponseSchema.parse(await response.json());
    expect(body).toEqual({ success: true, ...figures });
    expect(Object.keys(body.total).sort()).toEqual([
      'complaints',
      'durations',
      'outages',
      'plannedNotice',
      'town',
      'townName',
    ]);
  });

  it('answers through its function, HEAD too, and refuses other methods', async () => {
    const response = await indicators(get('/api/indicadores'), testContext().context);
    expect(response.status).toBe(200);
    IndicatorsResponseSchema.parse(await response.json());
    const head = await indicators(get('/api/indicadores', 'HEAD'), testContext().context);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json');
    expect(await head.text()).toBe('');
    const post = await indicators(get('/api/indicadores', 'POST'), testContext().context);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(indicatorsConfig).toEqual({ path: ['/api/indicadores', '/indicadores.csv', '/indicadores-excel.csv'] });
  });
});

describe('/indicadores.csv', () => {
  it('has a header row, one row per town and figure, the other localities’ reclamos, then the total', async () => {
    const response = await indicatorsDownload(get('/indicadores.csv'), environment.database.db, now);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="indicadores.csv"');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const text = await response.text();
    expect(text.split('\r\n')[0]).toBe('localidad,nombre,indicador,valor,numerador,denominador');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    // 14 figures for each of the 8 towns and the total, 5 for the other localities.
    expect(rows).toHaveLength(14 * 9 + 5);
    const value = (localidad: string, indicador: string) =>
      rows.find((row) => row.localidad === localidad && row.indicador === indicador);
    expect(value('coyhaique', 'programados_avisados_48_horas_pct')).toEqual({
      localidad: 'coyhaique',
      nombre: 'Coyhaique',
      indicador: 'programados_avisados_48_horas_pct',
      valor: '75',
      numerador: '3',
      denominador: '4',
    });
    expect(value('coyhaique', 'duracion_mediana_horas')).toMatchObject({ valor: '4.75', numerador: '' });
    expect(value('total', 'restablecidos_en_12_horas_pct')).toMatchObject({
      nombre: 'Total',
      valor: '81.82',
      numerador: '9',
      denominador: '11',
    });
    expect(value('coyhaique', 'reclamos_promedio_dias_habiles_respuesta')).toMatchObject({ valor: '10.5' });
    expect(value('otras', 'reclamos_recibidos')).toMatchObject({
      nombre: 'Otras localidades o sin indicar',
      valor: '2',
    });
    expect(value('otras', 'cortes_total')).toBeUndefined();
    // "sin datos" is an empty value.
    expect(value('cochrane', 'duracion_mediana_horas')).toMatchObject({ valor: '', numerador: '', denominador: '' });
    expect(value('puerto-aysen', 'programados_avisados_48_horas_pct')).toMatchObject({
      valor: '',
      numerador: '0',
      denominador: '0',
    });
    expect(rows.at(-1)!.localidad).toBe('total');
  });

  it('for Excel: what a double-click opens in Chile, read back by two CSV parsers with that dialect', async () => {
    const response = await indicatorsDownload(get('/indicadores-excel.csv'), environment.database.db, now);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="indicadores-excel.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe('localidad;nombre;indicador;valor;numerador;denominador');
    const rows = parse(text, { columns: true, delimiter: ';' }) as Record<string, string>[];
    const programs = parse(indicatorsCsv(await readIndicators(environment.database.db, now), 'programs'), {
      columns: true,
    }) as Record<string, string>[];
    // The same figures, the decimals with a comma.
    expect(rows).toEqual(programs.map((row) => ({ ...row, valor: row.valor!.replace('.', ',') })));
    const median = rows.find((row) => row.localidad === 'coyhaique' && row.indicador === 'duracion_mediana_horas');
    expect(median).toMatchObject({ nombre: 'Coyhaique', valor: '4,75' });
    const papa = Papa.parse<Record<string, string>>(text, { header: true, delimiter: ';', skipEmptyLines: true });
    expect(papa.errors).toEqual([]);
    expect(papa.data).toEqual(rows);
  });

  it('answers HEAD with the headers only, through its function', async () => {
    const head = await indicators(get('/indicadores.csv', 'HEAD'), testContext().context);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await head.text()).toBe('');
    const csv = await indicators(get('/indicadores.csv'), testContext().context);
    expect((await csv.text()).startsWith('localidad,nombre,indicador')).toBe(true);
  });
});

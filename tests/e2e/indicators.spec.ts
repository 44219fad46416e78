import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { IndicatorsResponseSchema } from '../../src/shared/indicators/schema.ts';
import { RECORDS_NOTE } from '../../src/shared/outages/supply-days-texts.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';
import { query } from './helpers/database.ts';
import { screenshot } from './helpers/screenshots.ts';
import { expectOnlyTheRegistration } from './helpers/page-scripts.ts';

/**
 * /indicadores on records of a town of this file's own, so the other files' outages and reclamos,
 * and earlier runs' (the e2e database outlives the run), do not change its figures; the town and
 * its records are removed after the tests.
 */

// In one worker: beforeAll runs once a worker, and each would add a town of its own.
test.describe.configure({ mode: 'default' });

const suffix = randomUUID().slice(0, 8);
const town = { slug: `indicadores-${suffix}`, name: `Villa Indicadores ${suffix}` };
const reference = `R-E2E-IND-${suffix}`;

test.beforeAll(async () => {
  await query(
    `INSERT INTO outage_towns (slug, name, latitude, longitude, position) VALUES ($1, $2, -45.9, -72.1, 999)`,
    [town.slug, town.name],
  );
  // Two planned outages, one announced 72 hours ahead and one 24; an unplanned one of 5 h 30 min.
  await query(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at, supply_stopped_at, supply_restored_at)
     VALUES ('programado', $1, 'Sector Indicadores', now() - interval '20 days', now() - interval '19 days', 'restablecido',
             now() - interval '23 days', now() - interval '20 days', now() - interval '20 days' + interval '2 hours'),
            ('programado', $1, 'Sector Indicadores', now() - interval '10 days', now() - interval '9 days', 'restablecido',
             now() - interval '11 days', now() - interval '10 days', now() - interval '10 days' + interval '3 hours'),
            ('emergencia', $1, 'Sector Indicadores', now() - interval '5 days', now() - interval '4 days', 'restablecido',
             now() - interval '5 days', now() - interval '5 days', now() - interval '5 days' + interval '5 hours 30 minutes')`,
    [town.slug],
  );
  // A reclamo from that town, answered the day it arrived.
  await query(
    `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, locality, received_at, answered_at)
     VALUES ('reclamo', $1, 'respondido', 'Vecina de prueba', 'vecina@example.com', $2, now() - interval '3 days',
             now() - interval '3 days' + interval '1 second')`,
    [reference, town.name],
  );
});

test.afterAll(async () => {
  await query(`DELETE FROM cases WHERE reference = $1`, [reference]);
  await query(`DELETE FROM outages WHERE town = $1`, [town.slug]);
  await query(`DELETE FROM outage_towns WHERE slug = $1`, [town.slug]);
});

/** The cells of the town's row in the table under `heading`. */
const townRow = (page: Page, heading: string) =>
  page
    .getByRole('region', { name: heading })
    .getByRole('row', { name: new RegExp(`^${town.name}`) })
    .getByRole('cell');

for (const width of [390, 1280])
  test(`shows the town's figures in tables, with no script of a framework and no WCAG 2.2 AA violations (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/indicadores');
    await expect(page.getByRole('heading', { level: 1, name: 'Indicadores de servicio' })).toBeVisible();
    await expect(page.getByText(RECORDS_NOTE)).toBeVisible();
    await expect(townRow(page, 'Cortes programados y no programados')).toHaveText(['2', '1', '0', '3']);
    await expect(townRow(page, 'Duración real de los cortes')).toHaveText(['3', '0', '3 h', '3 de 3 (100 %)']);
    await expect(townRow(page, 'Aviso de los cortes programados con 48 horas de anticipación')).toHaveText([
      '1 de 2 (50 %)',
    ]);
    await expect(townRow(page, 'Respuesta a los reclamos')).toHaveText([
      '1',
      '1',
      '0',
      '1 de 1 (100 %)',
      '0 días hábiles',
    ]);
    // Server-rendered HTML only: no island, and the one script is the offline pages' registration
    // (quality-gates.spec.ts).
    await expect(page.locator('astro-island, [data-island]')).toHaveCount(0);
    await expectOnlyTheRegistration(page);
    expect(await pageViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `indicadores-${width}.png`, { fullPage: true });
  });

test('reads the same without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/indicadores');
  await expect(townRow(page, 'Aviso de los cortes programados con 48 horas de anticipación')).toHaveText([
    '1 de 2 (50 %)',
  ]);
  await context.close();
});

test('its CSV (for Excel and for programs) and JSON links answer the same figures', async ({ page, request }) => {
  await page.goto('/indicadores');
  const csvHref = await page
    .getByRole('link', { name: 'Indicadores en CSV estándar, para programas' })
    .getAttribute('href');
  const excelHref = await page.getByRole('link', { name: /^Indicadores para Excel/ }).getAttribute('href');
  const jsonHref = await page.getByRole('link', { name: 'Indicadores en JSON' }).getAttribute('href');

  const csv = await request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await csv.text()).split('\r\n');
  expect(lines[0]).toBe('localidad,nombre,indicador,valor,numerador,denominador');
  expect(lines).toContain(`${town.slug},${town.name},programados_avisados_48_horas_pct,50,1,2`);
  expect(lines).toContain(`${town.slug},${town.name},duracion_mediana_horas,3,,`);

  // Excel with Chile's settings: a BOM, ';' between cells, the decimal comma.
  const excel = new Uint8Array(await (await request.get(excelHref!)).body());
  expect([...excel.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const excelLines = new TextDecoder().decode(excel.slice(3)).split('\r\n');
  expect(excelLines[0]).toBe('localidad;nombre;indicador;valor;numerador;denominador');
  expect(excelLines).toContain(`${town.slug};${town.name};programados_avisados_48_horas_pct;50;1;2`);

  const json = await request.get(jsonHref!);
  expect(json.status()).toBe(200);
  const body = IndicatorsResponseSchema.parse(await json.json());
  expect(body.towns.find((row) => row.town === town.slug)).toMatchObject({
    townName: town.name,
    outages: { planned: 2, unplanned: 1, forceMajeure: 0, total: 3 },
    durations: { measured: 3, unmeasured: 0, medianHours: 3, restoredWithin12Hours: { count: 3, of: 3 } },
    plannedNotice: { count: 1, of: 2 },
    complaints: { received: 1, answered: 1, pending: 0, answeredWithin10BusinessDays: { count: 1, of: 1 } },
  });
});

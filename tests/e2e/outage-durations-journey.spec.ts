import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { chileNow, chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { IndicatorsResponseSchema } from '../../src/shared/indicators/schema.ts';
import { SUPPLY_DAY_FORMULA } from '../../src/shared/outages/supply-days-texts.ts';
import { ensureAdmin, useSession } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { frozenOutagesClock } from './helpers/notices.ts';

/**
 * Real outage durations from end to end: staff start and restore an unplanned Coyhaique outage of 5 h 30 min
 * through the admin, on a clock set for its requests; /cortes/historial shows its real duration,
 * ¿Me afecta? with service 100001 (in Coyhaique) its day without supply and the formula,
 * afectados.csv lists 100001 and /indicadores counts it.
 */

test.beforeAll(async () => {
  await ensureAdmin();
  await query(`UPDATE accounts SET locality = 'coyhaique' WHERE service_number = '100001'`);
});

/** Yesterday in Aysén at `time`, as the admin's datetime-local fields take it ("2026-11-25T08:00"). */
const yesterdayAt = (time: string) => `${chileNow(new Date(Date.now() - 24 * 3_600_000)).slice(0, 10)}T${time}`;

async function coyhaiqueFigures(request: APIRequestContext) {
  const answer = IndicatorsResponseSchema.parse(await (await request.get('/api/indicadores')).json());
  const coyhaique = answer.towns.find(({ town }) => town === 'coyhaique')!;
  return { unplanned: coyhaique.outages.unplanned, measured: coyhaique.durations.measured };
}

test('an unplanned outage of 5 h 30 min: its real duration, one day without supply, the staff file and the indicators', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const before = await coyhaiqueFigures(request);
  const sectors = uniqueName('Villa Divina Providencia');
  const start = yesterdayAt('08:00');

  // Staff write the emergency, publish it as the water stops, and mark it restored 5 h 30 min later.
  await useSession(page);
  const clock = await frozenOutagesClock(page);
  clock.at = chileLocalToIso(yesterdayAt('07:55'));
  await page.goto('/admin/cortes/nuevo');
  await page.getByLabel('Tipo de corte').selectOption({ label: 'Emergencia' });
  await page.getByLabel('Localidad').selectOption({ label: 'Coyhaique' });
  await page.getByLabel('Sectores afectados').fill(sectors);
  await page.getByLabel('Inicio').fill(start);
  await page.getByLabel('Reposición estimada').fill(yesterdayAt('14:00'));
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const situation = page.getByRole('region', { name: 'Situación' });
  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Publicado');
  clock.at = chileLocalToIso(start);
  await situation.getByRole('button', { name: 'Marcar en curso' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('En curso');
  clock.at = chileLocalToIso(yesterdayAt('13:30'));
  await situation.getByRole('button', { name: 'Marcar restablecido' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar restablecido' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Restablecido');
  const realTimes = page.getByRole('region', { name: 'Horas reales' });
  await expect(realTimes).toContainText('5 h 30 min');
  await expect(realTimes).toContainText('1 día sin suministro');

  // The staff file for billing lists service 100001 with its day.
  const id = /\/admin\/cortes\/(\d+)/.exec(page.url())![1];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Cuentas afectadas' })
      .getByRole('button', { name: 'Descargar afectados (CSV)' })
      .click(),
  ]);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toMatch(new RegExp(`^100001;${id};1;`, 'm'));

  // /cortes/historial: its real duration under Coyhaique.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/cortes/historial');
  const row = visitor
    .getByRole('region', { name: 'Coyhaique', exact: true })
    .getByRole('row', { name: new RegExp(sectors) });
  await expect(row).toContainText('Imprevisto');
  await expect(row).toContainText('5 h 30 min');

  // ¿Me afecta? with 100001: one day without supply for this outage, and the formula.
  await visitor.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await visitor.goto('/cortes');
  await expect(visitor.getByText(/^Actualizado a las/)).toBeVisible();
  await visitor.getByLabel('Número de servicio').fill('100001');
  await visitor.getByRole('button', { name: 'Consultar' }).click();
  const history = visitor.getByRole('region', { name: 'Cortes en Coyhaique en los últimos 12 meses' });
  await expect(history.getByRole('row', { name: new RegExp(sectors) })).toContainText('1 día sin suministro');
  await expect(history).toContainText(SUPPLY_DAY_FORMULA);

  // /indicadores counts it: one more unplanned outage in Coyhaique, one more real duration.
  const after = await coyhaiqueFigures(request);
  expect(after.unplanned).toBeGreaterThanOrEqual(before.unplanned + 1);
  expect(after.measured).toBeGreaterThanOrEqual(before.measured + 1);
  await visitor.goto('/indicadores');
  // Columns: programados, no programados, fuerza mayor, total.
  const coyhaique = visitor
    .getByRole('region', { name: 'Cortes programados y no programados' })
    .getByRole('row', { name: /^Coyhaique/ })
    .getByRole('cell');
  // Other files' outages may add to it meanwhile, never take from it.
  expect(Number(await coyhaique.nth(1).textContent())).toBeGreaterThanOrEqual(before.unplanned + 1);
});

import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { chileNow, chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { ESTIMATE_NOTE, RECORDS_NOTE } from '../../src/shared/outages/supply-days-texts.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';
import { serveTiles } from './helpers/map-tiles.ts';
import { query } from './helpers/database.ts';
import { screenshot } from './helpers/screenshots.ts';

/** An instant at `time` on the Aysén day `daysAgo` days before today. */
const aysen = (daysAgo: number, time: string) =>
  chileLocalToIso(`${chileNow(new Date(Date.now() - daysAgo * 86_400_000)).slice(0, 10)}T${time}`);

// The e2e database outlives the run: this worker's outages and accounts are removed when it is done.
const outages: string[] = [];
const accounts: string[] = [];
test.afterAll(async () => {
  await query(`DELETE FROM outages WHERE id = ANY($1::bigint[])`, [outages]);
  await query(`DELETE FROM accounts WHERE service_number = ANY($1::text[])`, [accounts]);
});

/**
 * An unplanned Coyhaique outage two days ago, 08:00 to 13:30 on Aysén's clock, restored, its real
 * times set directly (staff record them in the admin, another branch's).
 */
async function restoredCoyhaiqueOutage() {
  const sectors = `Villa Historial ${randomUUID().slice(0, 8)}`;
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at, closed_at,
                          supply_stopped_at, supply_restored_at)
     VALUES ('emergencia', 'coyhaique', $1, $2, $3, 'restablecido', $2, $3, $2, $3) RETURNING id::text`,
    [sectors, aysen(2, '08:00'), aysen(2, '13:30')],
  );
  outages.push(outage!.id);
  return { id: outage!.id, sectors };
}

/** A service of `town`, with its previous bill when given. */
async function account(town: string, previousBill?: { amount: number; days: number }) {
  const serviceNumber = String(randomInt(800_000_000, 899_999_999));
  await query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, previous_bill_amount, previous_bill_days)
     VALUES ($1, 0, 'Calle de prueba 1', $2, $3, $4)`,
    [serviceNumber, town, previousBill?.amount ?? null, previousBill?.days ?? null],
  );
  accounts.push(serviceNumber);
  return serviceNumber;
}

async function lookUp(page: Page, serviceNumber: string) {
  await serveTiles(page);
  await page.goto('/cortes');
  await expect(page.getByText(/^Actualizado a las/)).toBeVisible();
  await page.getByLabel('Número de servicio').fill(serviceNumber);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

test.describe('/cortes/historial', () => {
  test("shows a restored outage's real duration and days under its town, without JavaScript too", async ({
    browser,
  }) => {
    const outage = await restoredCoyhaiqueOutage();
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const response = await page.goto('/cortes/historial');
      expect(response!.headers()['cache-control']).toBe('public, max-age=60');
      await expect(page.getByRole('heading', { level: 1, name: 'Historial de cortes' })).toBeVisible();
      const row = page
        .getByRole('region', { name: 'Coyhaique', exact: true })
        .getByRole('row', { name: new RegExp(outage.sectors) });
      await expect(row).toContainText('Imprevisto');
      await expect(row.getByRole('cell', { name: '5 h 30 min', exact: true })).toHaveCount(2);
      await expect(row).toContainText('1 día sin suministro');
      await expect(row).toContainText('No aplica');
      await expect(page.getByText(RECORDS_NOTE)).toBeVisible();
      await context.close();
    }
  });

  test('/cortes links to it', async ({ page }) => {
    await page.goto('/cortes');
    await page.getByRole('link', { name: 'historial de cortes' }).click();
    await expect(page).toHaveURL(/\/cortes\/historial$/);
  });

  for (const width of [390, 1280])
    test(`has no WCAG 2.2 AA violations (${width} px)`, async ({ page }, testInfo) => {
      await restoredCoyhaiqueOutage();
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/cortes/historial');
      await expect(page.getByRole('heading', { level: 2, name: 'Coyhaique' })).toBeVisible();
      expect(await pageViolations(page)).toEqual([]);
      await screenshot(page, testInfo, `cortes-historial-${width}.png`, { fullPage: true });
    });
});

test.describe('¿Me afecta? with its history', () => {
  test("shows the outages of the service's town with their days, the formula and the estimate", async ({ page }) => {
    const outage = await restoredCoyhaiqueOutage();
    await lookUp(page, await account('coyhaique', { amount: 18990, days: 31 }));
    await expect(page.getByText('Su servicio está en Coyhaique.')).toBeVisible();
    const history = page.getByRole('region', { name: 'Cortes en Coyhaique en los últimos 12 meses' });
    const row = history.getByRole('row', { name: new RegExp(outage.sectors) });
    await expect(row).toContainText('5 h 30 min');
    await expect(row).toContainText('1 día sin suministro');
    await expect(history.getByRole('row', { name: /^Total \(cada día cuenta una vez\)/ })).toContainText(
      /días? sin suministro/,
    );
    await expect(history).toContainText('10 veces el promedio diario facturado en la boleta anterior, por cada día');
    await expect(history).toContainText(/Compensación estimada: \$[\d.]+\./);
    await expect(history).toContainText(ESTIMATE_NOTE);
    await expect(
      history.getByRole('link', { name: 'Ver el historial de cortes de todas las localidades' }),
    ).toHaveAttribute('href', '/cortes/historial');
  });

  test('without the previous bill there is no estimate; a town without recorded outages says so', async ({ page }) => {
    await restoredCoyhaiqueOutage();
    await lookUp(page, await account('coyhaique'));
    const history = page.getByRole('region', { name: 'Cortes en Coyhaique en los últimos 12 meses' });
    await expect(history.getByRole('table')).toBeVisible();
    await expect(history).not.toContainText('Compensación estimada');

    await lookUp(page, await account('puerto-ibanez', { amount: 12000, days: 30 }));
    const none = page.getByRole('region', { name: 'Cortes en Puerto Ibáñez en los últimos 12 meses' });
    await expect(none).toContainText('No hubo cortes con horas registradas en su localidad en los últimos 12 meses.');
    await expect(none).not.toContainText('Compensación estimada');
  });

  for (const width of [390, 1280])
    test(`has no WCAG 2.2 AA violations with the history shown (${width} px)`, async ({ page }, testInfo) => {
      const outage = await restoredCoyhaiqueOutage();
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await lookUp(page, await account('coyhaique', { amount: 18990, days: 31 }));
      const history = page.getByRole('region', { name: 'Cortes en Coyhaique en los últimos 12 meses' });
      await expect(history.getByRole('row', { name: new RegExp(outage.sectors) })).toBeVisible();
      expect(await pageViolations(page)).toEqual([]);
      await screenshot(history, testInfo, `cortes-me-afecta-historial-${width}.png`);
      await screenshot(page, testInfo, `cortes-me-afecta-${width}.png`, { fullPage: true });
    });
});

import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { affectedMessages } from '../../src/shared/outages/admin/affected.ts';
import { expectNoAdminViolations } from './helpers/admin-axe.ts';
import { useAdminSessions } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';

/** afectados.csv: staff download a restored outage's accounts from its detail screen. */

useAdminSessions();

test("staff download a restored outage's affected accounts once its real times are recorded", async ({ page }) => {
  // A town of its own, so the file holds only this test's account and no other test sees the outage.
  const name = uniqueName('Villa Afectados');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const service = `44${String(Date.now()).slice(-8)}`;
  await query(`INSERT INTO outage_towns (slug, name, latitude, longitude) VALUES ($1, $2, -45.6, -72.1)`, [slug, name]);
  await query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, previous_bill_amount, previous_bill_days)
     VALUES ($1, 0, 'Los Coigües 12', $2, 18000, 30)`,
    [service, slug],
  );
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, closed_at)
     VALUES ('emergencia', $1, 'Villa Los Ñires', '2026-03-02T12:00:00Z', '2026-03-02T18:00:00Z', 'restablecido', now())
     RETURNING id::text`,
    [slug],
  );
  const id = outage!.id;
  try {
    await page.goto(`/admin/cortes/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Corte en ${name}`);
    const section = page.getByRole('region', { name: 'Cuentas afectadas' });
    const button = section.getByRole('button', { name: 'Descargar afectados (CSV)' });

    // Restored without its real times: the days cannot be counted, and the screen says why.
    await button.click();
    await expect(section.getByRole('alert')).toHaveText(affectedMessages.noRealTimes);
    // The section and its error, in the default theme (every rule) and the light one (its colours).
    await expectNoAdminViolations(page, 'ONE_DARK', 'a restored outage with its export refused');
    await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ theme: 'LIGHT' })));
    await page.reload();
    await button.click();
    await expect(section.getByRole('alert')).toHaveText(affectedMessages.noRealTimes);
    await expectNoAdminViolations(page, 'LIGHT', 'a restored outage with its export refused');

    // 5 h 30 min without water: 1 day; 10 × $18.000 / 30 days = $6.000.
    await query(
      `UPDATE outages SET supply_stopped_at = '2026-03-02T09:00:00-03:00', supply_restored_at = '2026-03-02T14:30:00-03:00'
       WHERE id = $1`,
      [id],
    );
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`afectados-corte-${id}.csv`);
    await expect(section.getByRole('status')).toHaveText(`Archivo descargado: afectados-corte-${id}.csv`);
    await expect(section.getByRole('alert')).toBeEmpty();
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFservice_number;corte_id;dias_sin_suministro;credito_estimado;motivo',
      `${service};${id};1;6000;`,
      '',
    ]);
  } finally {
    // The e2e database outlives the run.
    await query('DELETE FROM accounts WHERE service_number = $1', [service]);
    await query('DELETE FROM outages WHERE id = $1', [id]);
    await query('DELETE FROM outage_towns WHERE slug = $1', [slug]);
  }
});

test('an outage that is not restored offers no export', async ({ page }) => {
  const [outage] = await query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ('emergencia', 'coyhaique', $1, now() + interval '1 day', now() + interval '2 days', 'publicado', now())
     RETURNING id::text`,
    [uniqueName('Población Afectados')],
  );
  try {
    await page.goto(`/admin/cortes/${outage!.id}`);
    await expect(page.getByRole('region', { name: 'Situación' }).getByRole('definition').first()).toHaveText(
      'Publicado',
    );
    await expect(page.getByRole('button', { name: 'Descargar afectados (CSV)' })).toHaveCount(0);
  } finally {
    await query('DELETE FROM outages WHERE id = $1', [outage!.id]);
  }
});

import { adminThemes, expectNoAdminViolations } from './helpers/admin-axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { outageAdminMessages } from '../../src/shared/outages/admin/schema.ts';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { useAdminSessions } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { frozenOutagesClock, hoursFromNow, noticeKinds } from './helpers/notices.ts';
import { screenshot } from './helpers/screenshots.ts';

/** Cortes de agua, staff's side: a planned outage from draft to restored. */

const accessToken = useAdminSessions();

test('staff create a planned outage for Coyhaique with a supply point, publish it, update it and close it', async ({
  page,
}) => {
  const sectors = uniqueName('Villa Los Ñires');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Menú de administración' }).getByRole('link', { name: 'Cortes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cortes de agua');
  await page.getByRole('link', { name: 'Nuevo corte' }).click();

  // Sent empty, the form lists what is missing.
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary.getByRole('link', { name: outageMessages.kind })).toBeVisible();
  await expect(summary.getByRole('link', { name: outageMessages.sectors })).toBeVisible();

  await page.getByLabel('Tipo de corte').selectOption({ label: 'Programado' });
  await page.getByLabel('Localidad').selectOption({ label: 'Coyhaique' });
  await page.getByLabel('Sectores afectados').fill(sectors);
  await page.getByLabel('Calles').fill('Los Coigües, Los Notros');
  const start = hoursFromNow(5 * 24);
  await page.getByLabel('Inicio').fill(start);
  await page.getByLabel('Reposición estimada').fill(hoursFromNow(5 * 24 - 1));
  await page.getByLabel('Causa').fill('Cambio de matriz');
  await page.getByRole('button', { name: 'Agregar punto de abastecimiento' }).click();
  const point = page.getByRole('group', { name: 'Punto 1' });
  await point.getByLabel('Nombre').fill('Estanque móvil plaza');
  await point.getByLabel('Dirección').fill('Plaza de Armas');
  await point.getByLabel('Latitud').fill('-45.5712');
  await point.getByLabel('Longitud').fill('72.0685'); // the sign forgotten: outside the region
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText(outageMessages.endAfterStart).last()).toBeVisible();
  await expect(point.getByText(outageMessages.outsideRegion)).toBeVisible();

  await page.getByLabel('Reposición estimada').fill(hoursFromNow(5 * 24 + 8));
  await point.getByLabel('Longitud').fill('-72.0685');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Corte en Coyhaique');
  const situation = page.getByRole('region', { name: 'Situación' });
  await expect(situation.getByRole('definition').first()).toHaveText('Borrador');
  // The time typed in Chile comes back as typed (DD-MM-YYYY HH:mm).
  const [date, time] = start.split('T');
  await expect(situation.getByText(`${date!.split('-').reverse().join('-')} ${time}`)).toBeVisible();
  const [stored] = await query<{ starts_at: string }>('SELECT starts_at::text FROM outages WHERE sectors = $1', [
    sectors,
  ]);
  expect(new Date(stored!.starts_at).toISOString()).toBe(new Date(chileLocalToIso(start)).toISOString());
  await expect(page.getByRole('group', { name: 'Punto 1' }).getByLabel('Nombre')).toHaveValue('Estanque móvil plaza');
  expect(await noticeKinds('outage', sectors)).toEqual([]);

  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Publicado');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('textbox', { name: 'Actualización' }).fill('Se confirma el horario.');
  await page.getByRole('button', { name: 'Agregar actualización' }).click();
  await expect(page.getByRole('region', { name: 'Actualizaciones' }).getByRole('listitem')).toContainText(
    'Se confirma el horario.',
  );

  await situation.getByRole('button', { name: 'Marcar en curso' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('En curso');
  // Closing mails the subscribers and cannot be undone: a dialog asks first, and Volver changes nothing.
  await situation.getByRole('button', { name: 'Marcar restablecido' }).click();
  const closing = page.getByRole('dialog', { name: '¿Marcar el corte como restablecido?' });
  await expect(closing).toContainText('se avisará por correo a los suscriptores de Coyhaique');
  await closing.getByRole('button', { name: 'Volver' }).click();
  await expect(closing).toBeHidden();
  await expect(situation.getByRole('definition').first()).toHaveText('En curso');
  expect(await noticeKinds('outage', sectors)).toEqual(['published', 'update']);
  await situation.getByRole('button', { name: 'Marcar restablecido' }).click();
  await closing.getByRole('button', { name: 'Marcar restablecido' }).click();
  await expect(closing).toBeHidden();
  await expect(situation.getByRole('definition').first()).toHaveText('Restablecido');
  await expect(situation.getByRole('term').filter({ hasText: 'Cerrado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeHidden();
  expect(await noticeKinds('outage', sectors)).toEqual(['published', 'update', 'closed']);

  // The list shows it with its last update.
  await page.getByRole('link', { name: 'Volver a Cortes de agua' }).click();
  const row = page.getByRole('row').filter({ hasText: sectors });
  await expect(row).toContainText('Programado');
  await expect(row).toContainText('Restablecido');
  await expect(row).toContainText('Se confirma el horario.');
});

/** A draft made through the API, for the tests about one screen. */
async function draft(page: Page, changes: object = {}): Promise<{ id: string; sectors: string }> {
  const sectors = uniqueName('Población Clotario Blest');
  const response = await page.request.post('/api/admin/outages', {
    headers: { Authorization: `Bearer ${accessToken()}` },
    data: {
      kind: 'programado',
      town: 'coyhaique',
      sectors,
      startsAt: chileLocalToIso(hoursFromNow(3)),
      endsAt: chileLocalToIso(hoursFromNow(9)),
      supplyPoints: [{ name: 'Colegio', address: 'Baquedano 100', latitude: -45.57, longitude: -72.06 }],
      ...changes,
    },
  });
  expect(response.status()).toBe(201);
  return { id: ((await response.json()) as { data: { outage: { id: string } } }).data.outage.id, sectors };
}

test('a planned outage within 48 hours is published only with a reason, kept on the outage', async ({ page }) => {
  const { id, sectors } = await draft(page);
  await page.goto(`/admin/cortes/${id}`);
  await page.getByRole('button', { name: 'Publicar' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Publicar con menos de 48 horas de aviso?' });
  await expect(dialog).toContainText(outageMessages.shortNotice);
  await dialog.getByRole('button', { name: 'Publicar igualmente' }).click();
  await expect(dialog.getByText(outageMessages.shortNoticeReason)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect(await noticeKinds('outage', sectors)).toEqual([]);

  await page.getByRole('button', { name: 'Publicar' }).click();
  await dialog.getByLabel('Motivo del aviso tardío').fill('Rotura detectada anoche en la matriz.');
  await dialog.getByRole('button', { name: 'Publicar igualmente' }).click();
  await expect(dialog).toBeHidden();
  const situation = page.getByRole('region', { name: 'Situación' });
  await expect(situation.getByRole('definition').first()).toHaveText('Publicado');
  await expect(situation.getByText('Rotura detectada anoche en la matriz.')).toBeVisible();
  expect(await noticeKinds('outage', sectors)).toEqual(['published']);
});

const aysen = (local: string) => new Date(chileLocalToIso(local)).toISOString();

test('staff start and restore an unplanned outage, correct its real times with a reason and see its duration', async ({
  page,
}) => {
  const { id } = await draft(page, {
    kind: 'emergencia',
    startsAt: chileLocalToIso('2026-11-20T08:00'),
    endsAt: chileLocalToIso('2026-11-20T20:00'),
  });
  const clock = await frozenOutagesClock(page);
  clock.at = aysen('2026-11-20T08:50');
  await page.goto(`/admin/cortes/${id}`);
  const situation = page.getByRole('region', { name: 'Situación' });
  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Publicado');
  // Horas reales appear once the water stops.
  await expect(page.getByRole('region', { name: 'Horas reales' })).toHaveCount(0);

  clock.at = aysen('2026-11-20T09:00');
  await situation.getByRole('button', { name: 'Marcar en curso' }).click();
  const realTimes = page.getByRole('region', { name: 'Horas reales' });
  const value = (term: string) =>
    realTimes.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(value('Corte del suministro')).toHaveText('20-11-2026 09:00');
  await expect(value('Reposición del suministro')).toHaveText('Aún sin agua');
  await expect(value('Clase de causa')).toHaveText('Imprevisto');
  // En curso, the form asks for no restore.
  await expect(realTimes.getByLabel('Reposición del suministro')).toHaveCount(0);

  clock.at = aysen('2026-11-20T14:00');
  await situation.getByRole('button', { name: 'Marcar restablecido' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar restablecido' }).click();
  await expect(value('Reposición del suministro')).toHaveText('20-11-2026 14:00');
  await expect(value('Duración real')).toHaveText('5 h');
  await expect(value('Días sin suministro (art. 25 A)')).toHaveText('1 día sin suministro');

  // The neighbours said the water went at 08:30: corrected with a reason, checked first by the form…
  clock.at = aysen('2026-11-20T16:00');
  const form = page.getByRole('form', { name: 'Corregir las horas reales' });
  await expect(form.getByLabel('Corte del suministro')).toHaveValue('2026-11-20T09:00');
  await form.getByLabel('Corte del suministro').fill('2026-11-20T08:30');
  await form.getByLabel('Reposición del suministro').fill('2026-11-20T08:00');
  await form.getByRole('button', { name: 'Guardar horas reales' }).click();
  const summary = form.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary.getByRole('link', { name: outageAdminMessages.supplyReason })).toBeVisible();
  await expect(form.getByLabel('Reposición del suministro')).toHaveAccessibleDescription(
    new RegExp(outageAdminMessages.supplyRestoredAfterStopped),
  );
  // …then by the server's clock, 16:00 in Aysén: its errors are shown on their fields.
  await form.getByLabel('Reposición del suministro').fill('2026-11-20T16:30');
  await form.getByLabel('Motivo de la corrección').fill('Avisos de vecinos y registro de telemetría.');
  await form.getByRole('button', { name: 'Guardar horas reales' }).click();
  await expect(form.getByLabel('Reposición del suministro')).toHaveAccessibleDescription(
    new RegExp(outageAdminMessages.supplyRestoredFuture),
  );

  await form.getByLabel('Reposición del suministro').fill('2026-11-20T14:00');
  await form.getByRole('button', { name: 'Guardar horas reales' }).click();
  await expect(page.getByText('Horas reales guardadas.')).toBeVisible();
  await expect(value('Corte del suministro')).toHaveText('20-11-2026 08:30');
  await expect(value('Duración real')).toHaveText('5 h 30 min');
  await expect(value('Días sin suministro (art. 25 A)')).toHaveText('1 día sin suministro');
  await expect(form.getByLabel('Motivo de la corrección')).toHaveValue('');
  const [audit] = await query<{ summary: string }>(
    `SELECT summary FROM audit_log WHERE entity = 'outage' AND entity_id = $1 AND summary LIKE 'Horas reales%'`,
    [id],
  );
  expect(audit!.summary).toBe(
    'Horas reales de Emergencia en Coyhaique, desde 20-11-2026 08:00: corte 20-11-2026 09:00 → 20-11-2026 08:30; ' +
      'reposición 20-11-2026 14:00 → 20-11-2026 14:00; motivo: Avisos de vecinos y registro de telemetría.',
  );
});

/** An emergency started and restored through the API on a frozen clock: its detail has Horas reales. */
async function restored(page: Page): Promise<string> {
  const { id } = await draft(page, {
    kind: 'emergencia',
    startsAt: chileLocalToIso('2026-11-19T07:00'),
    endsAt: chileLocalToIso('2026-11-19T19:00'),
  });
  const steps = [
    ['POST', 'publish', {}, '2026-11-19T07:00'],
    ['PUT', 'status', { status: 'en_curso' }, '2026-11-19T07:10'],
    ['PUT', 'status', { status: 'restablecido' }, '2026-11-19T10:25'],
  ] as const;
  for (const [method, step, data, at] of steps) {
    const response = await page.request.fetch(`/api/admin/outages/${id}/${step}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken()}`, 'X-Local-Now': aysen(at) },
      data,
    });
    expect(response.status()).toBe(200);
  }
  return id;
}

for (const theme of adminThemes)
  test(`the outage screens have no axe violations in the ${theme} theme`, async ({ page }, testInfo) => {
    // Four screens at two widths, each with a full-page screenshot, then axe: as long as the admin
    // accessibility tests, which are slow too.
    test.slow();
    await page.addInitScript((chosen) => localStorage.setItem('settings', JSON.stringify({ theme: chosen })), theme);
    const { id } = await draft(page, { kind: 'emergencia' });
    const closed = await restored(page);
    for (const [name, path] of [
      ['list', '/admin/cortes'],
      ['new', '/admin/cortes/nuevo'],
      ['detail', `/admin/cortes/${id}`],
      ['real-times', `/admin/cortes/${closed}`],
    ] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Cargando')).toHaveCount(0);
        if (name === 'new') await page.getByRole('button', { name: 'Agregar punto de abastecimiento' }).click();
        // Horas reales with its form refused (no reason): the errors are checked too.
        if (name === 'real-times') {
          await page.getByRole('button', { name: 'Guardar horas reales' }).click();
          await expect(page.getByRole('alert').filter({ hasText: outageAdminMessages.supplyReason })).toBeVisible();
        }
        await screenshot(page, testInfo, `${name}-${theme}-${width}.png`, { fullPage: true });
      }
      await expectNoAdminViolations(page, theme, path);
    }
  });

test('staff add a town the utility starts serving; it is offered at once, with its coordinates checked', async ({
  page,
}) => {
  const name = uniqueName('Villa Cerro Castillo');
  await page.goto('/admin/cortes');
  await page.getByText('Agregar una localidad').click();
  const form = page.getByRole('form', { name: 'Agregar una localidad' });
  await form.getByLabel('Nombre de la localidad').fill(name);
  await form.getByLabel('Latitud').fill('45.5');
  await form.getByLabel('Longitud').fill('-72.0');
  await form.getByRole('button', { name: 'Agregar localidad' }).click();
  await expect(form.getByLabel('Latitud')).toHaveAccessibleDescription(new RegExp(outageMessages.outsideRegion));

  await form.getByLabel('Latitud').fill('-46.1219');
  await form.getByRole('button', { name: 'Agregar localidad' }).click();
  await expect(page.getByText(`Localidad ${name} agregada.`)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filtrar cortes' }).getByLabel('Localidad')).toContainText(name);
  const [town] = await query<{ slug: string; latitude: number }>(
    'SELECT slug, latitude FROM outage_towns WHERE name = $1',
    [name],
  );
  expect(town!.latitude).toBe(-46.1219);
  // The e2e database outlives the run: the town would be offered to every later test.
  await query('DELETE FROM outage_towns WHERE slug = $1', [town!.slug]);
});

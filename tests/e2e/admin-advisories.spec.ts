import { expect, test, type Page } from '@playwright/test';
import { chileLocalToIso } from '../../src/shared/time/wall-clock.ts';
import { advisoryAdminMessages } from '../../src/shared/advisories/admin/schema.ts';
import { advisoryMessages, restrictionLevelRules } from '../../src/shared/advisories/schema.ts';
import { adminThemes, expectNoAdminViolations } from './helpers/admin-axe.ts';
import { useAdminSessions } from './helpers/admin-session.ts';
import { uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';
import { hoursFromNow, noticeKinds } from './helpers/notices.ts';
import { screenshot } from './helpers/screenshots.ts';

/** Avisos, staff's side: a boil-water notice for Puerto Aysén from draft to lifted. */

const accessToken = useAdminSessions();

test('staff create a boil-water notice for Puerto Aysén, publish it, update it and lift it', async ({ page }) => {
  const sectors = uniqueName('Población Gabriela Mistral');
  const update = uniqueName('Las muestras de hoy siguen con coliformes. Muestra ');
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Menú de administración' });
  // Right after Cortes: admin-layout.spec.ts checks the menu's order.
  await menu.getByRole('link', { name: 'Avisos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos');
  await page.getByRole('link', { name: 'Nuevo aviso' }).click();

  // Sent empty, the form lists what is missing.
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  for (const message of [
    advisoryMessages.kind,
    advisoryMessages.towns,
    advisoryMessages.start,
    advisoryMessages.instructions,
  ])
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
  // The summary's link to the towns lands on their group.
  await summary.getByRole('link', { name: advisoryMessages.towns }).click();
  await expect(page.getByRole('group', { name: 'Localidades' })).toBeFocused();

  // A restriction asks for its level, each with what it forbids.
  await page.getByLabel('Tipo de aviso').selectOption({ label: 'Restricción de uso del agua' });
  const levels = page.getByRole('group', { name: 'Nivel de la restricción' });
  await expect(levels.getByRole('radio')).toHaveCount(4);
  await expect(levels.getByRole('radio', { name: 'Nivel 1 (preventivo)' })).toHaveAccessibleDescription(
    'Riegue solo entre las 20:00 y las 08:00 y no lave vehículos con manguera.',
  );
  await expect(levels.getByRole('radio', { name: 'Nivel 2' })).toHaveAccessibleDescription(
    'Prohibido regar jardines, lavar vehículos o veredas y llenar piscinas.',
  );
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(summary.getByRole('link', { name: advisoryMessages.level })).toBeVisible();
  // Another kind has no level.
  await page.getByLabel('Tipo de aviso').selectOption({ label: 'Hervir el agua antes de consumirla' });
  await expect(levels).toBeHidden();

  await page.getByRole('group', { name: 'Localidades' }).getByLabel('Puerto Aysén').check();
  await page.getByLabel('Sectores').fill(sectors);
  const start = hoursFromNow(-2);
  await page.getByLabel('Desde').fill(start);
  await page.getByLabel('Término esperado').fill(hoursFromNow(-3));
  await page.getByLabel('Indicaciones para la población').fill('Hierva el agua al menos un minuto antes de beberla.');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText(advisoryMessages.end).last()).toBeVisible();
  // The expected end is optional: unknown until the samples are clean.
  await page.getByLabel('Término esperado').fill('');
  await page.getByRole('button', { name: 'Guardar borrador' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hervir el agua antes de consumirla');
  const situation = page.getByRole('region', { name: 'Situación' });
  await expect(situation.getByRole('definition').first()).toHaveText('Borrador');
  await expect(situation.getByText('Puerto Aysén', { exact: true })).toBeVisible();
  // The time typed in Chile comes back as typed (DD-MM-YYYY HH:mm), and is stored as that instant.
  const [date, time] = start.split('T');
  await expect(situation.getByText(`${date!.split('-').reverse().join('-')} ${time}`)).toBeVisible();
  const [stored] = await query<{ starts_at: Date; ends_at: Date | null }>(
    'SELECT starts_at, ends_at FROM advisories WHERE sectors = $1',
    [sectors],
  );
  expect(stored).toEqual({ starts_at: new Date(chileLocalToIso(start)), ends_at: null });
  await expect(page.getByRole('region', { name: 'Actualizaciones' })).toContainText(
    'Podrá agregar actualizaciones una vez publicado el aviso.',
  );
  expect(await noticeKinds('advisory', sectors)).toEqual([]);

  await situation.getByRole('button', { name: 'Publicar' }).click();
  await expect(situation.getByRole('definition').first()).toHaveText('Vigente');
  expect(await noticeKinds('advisory', sectors)).toEqual(['published']);

  await page.getByRole('textbox', { name: 'Actualización' }).fill(update);
  await page.getByRole('button', { name: 'Agregar actualización' }).click();
  await expect(page.getByRole('region', { name: 'Actualizaciones' }).getByRole('listitem')).toContainText(update);
  await expect.poll(() => noticeKinds('advisory', sectors)).toEqual(['published', 'update']);

  // Lifting asks for the message, and Volver changes nothing.
  await situation.getByRole('button', { name: 'Levantar', exact: true }).click();
  const lifting = page.getByRole('dialog', { name: '¿Levantar el aviso?' });
  await expect(lifting).toContainText('se avisará por correo a los suscriptores de Puerto Aysén');
  await lifting.getByRole('button', { name: 'Levantar el aviso' }).click();
  await expect(lifting.getByText(advisoryMessages.liftMessage).last()).toBeVisible();
  await lifting.getByRole('button', { name: 'Volver' }).click();
  await expect(lifting).toBeHidden();
  await expect(situation.getByRole('definition').first()).toHaveText('Vigente');

  const liftMessage = 'Las muestras salieron limpias: ya puede beber el agua de la llave sin hervirla.';
  await situation.getByRole('button', { name: 'Levantar', exact: true }).click();
  await lifting.getByLabel('Mensaje de término').fill(liftMessage);
  await lifting.getByRole('button', { name: 'Levantar el aviso' }).click();
  await expect(lifting).toBeHidden();
  await expect(situation.getByRole('definition').first()).toHaveText('Levantado');
  await expect(situation.getByText(liftMessage)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Agregar actualización' })).toBeHidden();
  expect(await noticeKinds('advisory', sectors)).toEqual(['published', 'update', 'lifted']);
  expect(
    await query<{ action: string }>(
      `SELECT l.action FROM audit_log l JOIN advisories a ON l.entity_id = a.id::text
       WHERE l.entity = 'advisory' AND a.sectors = $1 ORDER BY l.id`,
      [sectors],
    ),
  ).toEqual([{ action: 'create' }, { action: 'publish' }, { action: 'create' }, { action: 'lift' }]);

  // The list shows it, lifted, with its last update.
  await page.getByRole('link', { name: 'Volver a Avisos' }).click();
  await page
    .getByRole('form', { name: 'Filtrar avisos' })
    .getByLabel('Localidad')
    .selectOption({ label: 'Puerto Aysén' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/\?town=puerto-aysen$/);
  const row = page.getByRole('row').filter({ hasText: update });
  await expect(row).toContainText('Hervir el agua antes de consumirla');
  await expect(row).toContainText('Levantado');
});

/** A notice made through the API, for the tests about one screen; published unless `draft`. */
async function advisory(page: Page, { draft = false, ...changes }: { draft?: boolean } & object = {}) {
  const headers = { Authorization: `Bearer ${accessToken()}` };
  const response = await page.request.post('/api/admin/advisories', {
    headers,
    data: {
      kind: 'restriccion',
      restrictionLevel: 3,
      towns: ['coyhaique', 'puerto-aysen'],
      sectors: uniqueName('Sector alto'),
      startsAt: chileLocalToIso(hoursFromNow(-1)),
      endsAt: chileLocalToIso(hoursFromNow(48)),
      instructions: 'Use el agua solo para lo esencial.',
      supplyPoints: [{ name: 'Colegio', address: 'Baquedano 100', latitude: -45.57, longitude: -72.06 }],
      ...changes,
    },
  });
  expect(response.status()).toBe(201);
  const { id } = ((await response.json()) as { data: { advisory: { id: string } } }).data.advisory;
  if (!draft) expect((await page.request.post(`/api/admin/advisories/${id}/publish`, { headers })).status()).toBe(200);
  return id;
}

test('a restriction shows its level and what it forbids; a draft is deleted, a published one is not', async ({
  page,
}) => {
  const id = await advisory(page, { draft: true });
  await page.goto(`/admin/avisos/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restricción de uso del agua');
  const situation = page.getByRole('region', { name: 'Situación' });
  await expect(situation.getByText(restrictionLevelRules[3])).toBeVisible();
  await expect(situation.getByText('Coyhaique y Puerto Aysén', { exact: true })).toBeVisible();
  // The saved level and towns are chosen again in the form.
  await expect(page.getByRole('radio', { name: 'Nivel 3' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Coyhaique' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Cochrane' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'Nivel 4 (emergencia)' }).check();
  await page.getByRole('checkbox', { name: 'Puerto Aysén' }).uncheck();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(situation.getByText(restrictionLevelRules[4])).toBeVisible();
  await expect(situation.getByText('Coyhaique', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /^Eliminar/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos');
  expect(await query('SELECT 1 FROM advisories WHERE id = $1', [id])).toEqual([]);

  // The API refuses what the screen does not offer: a published notice stays.
  const published = await advisory(page);
  const refused = await page.request.delete(`/api/admin/advisories/${published}`, {
    headers: { Authorization: `Bearer ${accessToken()}` },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toBe(advisoryAdminMessages.notDraft);
});

for (const theme of adminThemes)
  test(`the avisos screens have no axe violations in the ${theme} theme`, async ({ page }, testInfo) => {
    // Three screens (and the lift dialog) at two widths, each with a full-page screenshot, then axe.
    test.slow();
    await page.addInitScript((chosen) => localStorage.setItem('settings', JSON.stringify({ theme: chosen })), theme);
    const id = await advisory(page);
    for (const [name, path] of [
      ['list', '/admin/avisos'],
      ['new', '/admin/avisos/nuevo'],
      ['detail', `/admin/avisos/${id}`],
    ] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Cargando')).toHaveCount(0);
        if (name === 'new') {
          await page.getByLabel('Tipo de aviso').selectOption({ label: 'Restricción de uso del agua' });
          await page.getByRole('button', { name: 'Agregar punto de abastecimiento' }).click();
          await page.getByRole('button', { name: 'Guardar borrador' }).click();
          await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeVisible();
        }
        await screenshot(page, testInfo, `${name}-${theme}-${width}.png`, { fullPage: true });
      }
      await expectNoAdminViolations(page, theme, path);
    }
    await page.getByRole('button', { name: 'Levantar', exact: true }).click();
    const lifting = page.getByRole('dialog', { name: '¿Levantar el aviso?' });
    await lifting.getByRole('button', { name: 'Levantar el aviso' }).click();
    await expect(lifting.getByText(advisoryMessages.liftMessage).last()).toBeVisible();
    await screenshot(page, testInfo, `lift-${theme}-1280.png`);
    await expectNoAdminViolations(page, theme, 'the lift dialog');
  });

import { expect, test, type Page } from '@playwright/test';
import { query } from './helpers/database.ts';

async function fill(page: Page) {
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Apellido').fill('Fernández');
  await page.getByLabel('RUT o pasaporte').fill('AAB123456');
  await page.getByLabel('Correo electrónico').fill('lucia@example.com');
  await page.getByLabel('Teléfono').fill('+54 9 11 2345 6789');
  await page.getByLabel('Dirección').fill('Ruta 7 km 10');
}

test.beforeEach(async ({ page }) => {
  await page.goto('/motorhome');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

test('starts on Chile, Aysén and Coyhaique, and the region drives the communes', async ({ page }) => {
  await expect(page.getByLabel('Nacionalidad').locator('option:checked')).toHaveText('Chile');
  await expect(page.getByLabel('País de residencia').locator('option:checked')).toHaveText('Chile');
  await expect(page.getByLabel('Región').locator('option:checked')).toHaveText(/^Aysén/);
  await expect(page.getByLabel('Comuna').locator('option:checked')).toHaveText('Coyhaique');
  await expect(page.getByLabel('Comuna').locator('option')).toHaveCount(11);
  await page.getByLabel('Región').selectOption({ label: 'Magallanes y de la Antártica Chilena' });
  await expect(page.getByLabel('Comuna').locator('option')).toHaveCount(12);
  await expect(page.getByLabel('Comuna').locator('option')).toContainText(['Punta Arenas']);
});

test('a foreign country asks for region and city by name', async ({ page }) => {
  await page.getByLabel('País de residencia').selectOption({ label: 'Argentina' });
  await expect(page.getByLabel('Región o estado')).toBeVisible();
  await expect(page.getByLabel('Ciudad')).toBeVisible();
});

test('send checks the terms, then the e-mail, then the phone: one at a time, in the spec order', async ({ page }) => {
  await fill(page);
  await page.getByLabel('Correo electrónico').fill('correo-invalido');
  await page.getByLabel('Teléfono').fill('abc');
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  const errors = page.locator('.field__error');

  for (const [fix, expected] of [
    [async () => {}, 'Condiciones del servicio: Debe aceptar las condiciones del servicio'],
    [() => page.getByRole('checkbox').check(), 'Correo electrónico: Debe ingresar un email válido'],
    [
      () => page.getByLabel('Correo electrónico').fill('lucia@example.com'),
      'Teléfono: Debe ingresar un teléfono válido',
    ],
  ] as const) {
    await fix();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([expected]);
    await expect(errors).toHaveCount(1);
  }
  expect(await query('SELECT 1 FROM motorhome_registrations WHERE email = $1', ['correo-invalido'])).toEqual([]);
});

test('a registration is sent, the success message shows for 10 seconds, then the form unlocks; the reference and its follow-up link stay', async ({
  page,
}) => {
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await fill(page);
  await page.getByRole('checkbox').check();
  const posted = page.waitForRequest('/api/motorhome');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const body = (await posted).postDataJSON();
  expect(body).toMatchObject({
    accepts: true,
    country: 43,
    region: 728,
    city: 11111,
    realCountry: 'Chile',
    realCity: 'Coyhaique',
  });

  const status = page.locator('form').getByRole('status');
  await expect(status).toHaveText('Formulario enviado exitosamente.');
  await expect(page.getByLabel('Nombre')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  const reference = (await page.locator('form').textContent())!.match(/MOT-[2-9A-Z]{8}/)![0];
  expect(await query('SELECT name FROM motorhome_registrations WHERE reference = $1', [reference])).toEqual([
    { name: 'Lucía' },
  ]);

  await page.clock.fastForward(9_000);
  await expect(status).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(status).toHaveText('');
  await expect(page.getByLabel('Nombre')).toBeEnabled();
  await expect(page.getByLabel('Nombre')).toHaveValue('');
  // Spec §4/§9: nothing saying it was sent remains after the 10 seconds (no lingering notification);
  // the reference stays in the page's text for the visitor to note.
  await page.clock.fastForward(33_000);
  await expect(page.getByText(/enviado/i)).toHaveCount(0);
  await expect(page.getByText(`Número de referencia: ${reference}`)).toBeVisible();
  await expect(page.locator('form').getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
});

test('the form links to the dumping-point information page', async ({ page }) => {
  await expect(page.locator('main a[href="/puntodedescarga"]').first()).toBeVisible();
});

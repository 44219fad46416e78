import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { query, root } from './helpers/database.ts';
import { unsealed } from './helpers/denuncias.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function stepOne(page: Page) {
  await page.getByRole('radio', { name: 'Contratista' }).check();
  await page.getByRole('radio', { name: 'Oficinas zonales' }).check();
  await page.getByLabel('Tipo de denuncia').selectOption('Apropiación indebida');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/denuncias');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeAttached();
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
});

test('Continuar opens step 2 only once relation, place and type are chosen; info panels toggle', async ({ page }) => {
  const next = page.getByRole('button', { name: 'Continuar' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: 'Cliente' }).check();
  await page.getByRole('radio', { name: 'Plantas' }).check();
  await expect(next).toBeDisabled();
  await page.getByLabel('Tipo de denuncia').selectOption('Consultas');
  await expect(next).toBeEnabled();
  await expect(page.getByLabel('Tipo de denuncia').locator('option')).toHaveCount(23);

  const panel = page.locator('details.info-panel').first();
  await panel.locator('summary').click();
  await expect(panel).toHaveAttribute('open', '');
  await panel.locator('summary').click();
  await expect(panel).not.toHaveAttribute('open', '');
});

test('"Otro" asks for its own words', async ({ page }) => {
  await page.getByRole('radio', { name: 'Otro' }).first().check();
  await expect(page.getByLabel('Indique su relación con la empresa')).toBeVisible();
});

test('Volver keeps everything typed; Enviar waits for the narrative; text beyond the caps is ignored', async ({
  page,
}) => {
  await stepOne(page);
  await expect(page.getByRole('heading', { name: 'Detalle de la denuncia' })).toBeFocused();
  await page.getByLabel('Nombre').fill('x'.repeat(70));
  await expect(page.getByLabel('Nombre')).toHaveValue('x'.repeat(49));
  await page.getByLabel('Relato de los hechos').fill('y'.repeat(400));
  await expect(page.getByLabel('Relato de los hechos')).toHaveValue('y'.repeat(299));
  await page.getByLabel('Relato de los hechos').fill('');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await page.getByLabel('Relato de los hechos').fill('Se retiran materiales de bodega sin registro.');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();

  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('radio', { name: 'Contratista' })).toBeChecked();
  await expect(page.getByLabel('Tipo de denuncia')).toHaveValue('Apropiación indebida');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('Relato de los hechos')).toHaveValue('Se retiran materiales de bodega sin registro.');
  await expect(page.getByLabel('Nombre')).toHaveValue('x'.repeat(49));
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});

test('an invalid e-mail and a file over 10 MB get the spec messages', async ({ page }) => {
  await stepOne(page);
  await page.getByLabel('Correo electrónico').fill('persona@');
  await page
    .getByLabel('Archivo adjunto')
    .setInputFiles({ name: 'video.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(10_000_001) });
  await expect(page.locator('#file-error')).toHaveText('Error: El tamaño máximo del archivo a subir es de 10 MB');
  await page.getByLabel('Relato de los hechos').fill('Hechos.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('#email-error')).toHaveText('Error: Por favor ingrese un correo electrónico válido.');
});

test('a denuncia with a 9.9 MB attachment is received intact; the visitor lands on /compliance with its reference; compliance is told without content', async ({
  page,
}) => {
  // Ten megabytes sent in chunks, each sealed and hashed on the server, then unsealed to compare.
  test.slow();
  const evidence = Buffer.alloc(9_900_000);
  for (let i = 0; i < evidence.length; i += 4093) evidence[i] = i % 251;
  await stepOne(page);
  await page
    .getByLabel('Archivo adjunto')
    .setInputFiles({ name: 'grabacion.mp4', mimeType: 'video/mp4', buffer: evidence });
  await page.getByLabel('Relato de los hechos').fill('Se retiran materiales de bodega sin registro, los viernes.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('button', { name: 'Cargando...' })).toBeDisabled();

  await expect(page).toHaveURL(/\/compliance$/, { timeout: 20_000 });
  const confirmation = page.getByRole('status').filter({ hasText: 'Su denuncia fue recibida.' });
  await expect(confirmation).toBeVisible();
  const reference = (await confirmation.textContent())!.match(/DEN-[2-9A-Z]{8}/)![0];

  const [row] = await query<{ type: string; id: string; file_name: string; sha256: string }>(
    `SELECT d.type, u.id, u.file_name, u.sha256 FROM denuncias d JOIN uploads u ON u.id = d.attachment_upload_id
     WHERE d.reference = $1`,
    [reference],
  );
  expect(row!.type).toBe('Apropiación indebida');
  // The file's name and hash are stored sealed, like the rest of the denuncia.
  expect(await unsealed(row!.sha256, `uploads.sha256:${row!.id}`)).toBe(sha256(evidence));
  expect(await unsealed(row!.file_name, `uploads.file_name:${row!.id}`)).toBe('grabacion.mp4');
  let eml = '';
  await expect(async () => {
    const [file] = (await readdir(path.join(root, '.data/outbox'))).filter(
      (name) => name.startsWith(reference) && name.endsWith('.eml'),
    );
    eml = await readFile(path.join(root, '.data/outbox', file!), 'utf8');
  }).toPass({ timeout: 10_000 });
  const mail = await PostalMime.parse(eml);
  expect(mail.to?.[0]?.address).toBe('denuncias@example.com');
  // The file stays sealed in the site, for the desk; the mail only says a denuncia arrived.
  expect(mail.subject).toBe('Nueva denuncia en el canal de denuncias');
  expect(mail.attachments).toEqual([]);
  expect(mail.text).not.toContain('materiales de bodega');

  await page.reload();
  await expect(page.getByText('Su denuncia fue recibida.')).toBeHidden();
});

for (const [failure, fulfil, message] of [
  [
    'success false',
    { status: 200, json: { success: false } },
    'Ha ocurrido un error. Por favor intente nuevamente más tarde.',
  ],
  [
    'a request error with the server text',
    {
      status: 400,
      json: { success: false, error: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.' },
    },
    'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
  ],
  [
    'a request error without text',
    { status: 502, body: 'Bad Gateway' },
    'Ha ocurrido un error. Por favor intente nuevamente más tarde.',
  ],
] as const) {
  test(`on ${failure} the error line says so and nothing is lost`, async ({ page }) => {
    await page.route('/api/denuncias', (route) => route.fulfill(fulfil));
    await stepOne(page);
    await page.getByLabel('Relato de los hechos').fill('Hechos que no deben perderse.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.locator('.form-error')).toHaveText(message);
    await expect(page.getByLabel('Relato de los hechos')).toHaveValue('Hechos que no deben perderse.');
    await expect(page).toHaveURL(/\/denuncias$/);
  });
}

test('the API answers are never cached', async ({ request }) => {
  const response = await request.post('/api/denuncias', { multipart: { denunciaRelacion: 'Cliente' } });
  expect(response.status()).toBe(400);
  expect(response.headers()['cache-control']).toBe('no-store');
});

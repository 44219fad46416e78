import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { query } from './helpers/database.ts';
import { mailTo, outboxMails } from './helpers/outbox.ts';
import { screenshot } from './helpers/screenshots.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function pdf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n');
  for (let i = 64; i < size; i += 997) bytes[i] = i % 251;
  return bytes;
}

async function fill(page: Page, file: { name: string; buffer: Buffer; mimeType?: string }) {
  await page.getByLabel('Nombre').fill('Camila Ríos');
  await page.getByLabel('Email').fill('camila@example.com');
  await page.getByLabel('Rut').fill('12.345.678-5');
  await page.getByLabel('Currículum').setInputFiles({ mimeType: 'application/pdf', ...file });
}

/** The application mailed to the utility (the other mail of the reference is the acknowledgement). */
async function sentMail(reference: string) {
  return PostalMime.parse(mailTo(await outboxMails(reference, 2), 'personas@example.com'));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/trabaje-con-nosotros');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled();
});

test('an application with a small CV is sent inline, stored, mailed with the CV and confirmed with the follow-up link', async ({
  page,
}) => {
  const cv = pdf(120_000);
  await fill(page, { name: 'CV Camila.pdf', buffer: cv });
  const request = page.waitForRequest('/api/job');
  await page.getByRole('button', { name: 'Enviar' }).click();
  expect((await request).headers()['content-type']).toMatch(/^multipart\/form-data/);
  const status = page.getByRole('status');
  await expect(status).toContainText('Mensaje enviado.');
  const reference = (await status.textContent())!.match(/EMP-[2-9A-Z]{8}/)![0];
  await expect(status.getByRole('link', { name: 'Siga su caso en línea' })).toHaveAttribute(
    'href',
    `/seguimiento?referencia=${reference}`,
  );
  await expect(page.getByLabel('Nombre')).toHaveValue('');

  const mail = await sentMail(reference);
  expect(mail.to?.[0]?.address).toBe('personas@example.com');
  expect(mail.attachments[0]?.filename).toBe('CV Camila.pdf');
  expect(sha256(new Uint8Array(mail.attachments[0]!.content as ArrayBuffer))).toBe(sha256(cv));
});

test('a 9.9 MB CV goes in chunks under the 6 MB limit and arrives intact in storage', async ({ page }) => {
  const cv = pdf(9_900_000);
  await fill(page, { name: 'CV completo.pdf', buffer: cv });
  const sizes: number[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sizes.push(request.postDataBuffer()?.byteLength ?? 0);
  });
  await page.getByRole('button', { name: 'Enviar' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Mensaje enviado.', { timeout: 20_000 });
  const reference = (await status.textContent())!.match(/EMP-[2-9A-Z]{8}/)![0];
  expect(Math.max(...sizes)).toBeLessThanOrEqual(6 * 1024 * 1024);

  const [stored] = await query<{ sha256: string; status: string }>(
    'SELECT u.sha256, u.status FROM job_applications a JOIN uploads u ON u.id = a.cv_upload_id WHERE a.reference = $1',
    [reference],
  );
  expect(stored).toEqual({ sha256: sha256(cv), status: 'attached' });
  const mail = await sentMail(reference);
  expect(sha256(new Uint8Array(mail.attachments[0]!.content as ArrayBuffer))).toBe(sha256(cv));
});

test('a large CV shows its progress on a slow line, and a chunk that fails is sent again, not the whole file', async ({
  page,
}, testInfo) => {
  test.slow();
  const cv = pdf(9_900_000);
  await fill(page, { name: 'CV lento.pdf', buffer: cv });
  // A slow line: each chunk answers 1.5 s late, and the second's first attempt is lost on the way.
  const attempts = new Map<string, number>();
  await page.route('**/api/uploads/*/chunks/*', async (route) => {
    const index = route.request().url().split('/').at(-1)!;
    attempts.set(index, (attempts.get(index) ?? 0) + 1);
    if (index === '1' && attempts.get(index) === 1) return route.abort('connectionreset');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return route.continue();
  });
  await page.getByRole('button', { name: 'Enviar' }).click();
  const bar = page.locator('.file-progress progress');
  await expect(bar).toBeVisible();
  await expect(page.locator('.file-progress')).toContainText('Enviando el archivo: 0 %');
  // After the first chunk, 4 MB of 9.9.
  await expect(page.locator('.file-progress')).toContainText('Enviando el archivo: 40 %');
  expect(Number(await bar.getAttribute('value'))).toBeCloseTo(4_000_000 / 9_900_000, 2);
  await screenshot(page.locator('form'), testInfo, 'trabaje-con-nosotros-progreso.png');
  await expect(page.locator('.file-progress')).toContainText('Enviando el archivo: 81 %', { timeout: 20_000 });
  const status = page.getByRole('status');
  await expect(status).toContainText('Mensaje enviado.', { timeout: 30_000 });
  await expect(bar).toHaveCount(0);
  expect(Object.fromEntries(attempts)).toEqual({ '0': 1, '1': 2, '2': 1 });
  const reference = (await status.textContent())!.match(/EMP-[2-9A-Z]{8}/)![0];
  const [stored] = await query<{ sha256: string }>(
    'SELECT u.sha256 FROM job_applications a JOIN uploads u ON u.id = a.cv_upload_id WHERE a.reference = $1',
    [reference],
  );
  expect(stored!.sha256).toBe(sha256(cv));
});

test('a file of 10,000,001 bytes is refused with the spec message, in the browser and by the server', async ({
  page,
  request,
}) => {
  await fill(page, { name: 'cv.pdf', buffer: pdf(10_000_001) });
  await expect(page.locator('#file-error')).toHaveText('Error: El tamaño máximo del archivo a subir es de 10 MB');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
  const started = await request.post('/api/uploads', { data: { purpose: 'cv', fileName: 'cv.pdf', size: 10_000_001 } });
  expect(started.status()).toBe(400);
  expect((await started.json()).error).toBe('El tamaño máximo del archivo a subir es de 10 MB');
});

test('a CV that is not .pdf or .doc is refused with the spec message', async ({ page }) => {
  await fill(page, { name: 'cv.png', buffer: Buffer.from('not a cv'), mimeType: 'image/png' });
  await expect(page.locator('#file-error')).toHaveText('Error: Sólo se permiten archivos .pdf o .doc');
});

test('without name, e-mail and RUT the spec message shows on each, and what was typed stays', async ({ page }) => {
  await page.getByLabel('Dirección').fill('Los Coigües 12');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(
    summary.getByRole('link', { name: /Debe rellenar los campos obligatorios: Nombre, Email y Rut/ }),
  ).toHaveCount(3);
  await expect(page.getByLabel('Dirección')).toHaveValue('Los Coigües 12');
});

test('success false on 200 shows the generic message; another failure shows the server message', async ({ page }) => {
  await fill(page, { name: 'cv.pdf', buffer: pdf(1_000) });
  await page.route('/api/job', (route) =>
    route.fulfill({ status: 200, json: { success: false, message: 'no se usa' } }),
  );
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Ha ocurrido un error\. Por favor intente más tarde\./);
  await page.unroute('/api/job');
  await page.route('/api/job', (route) =>
    route.fulfill({
      status: 503,
      json: { success: false, message: 'Servicio en mantención, intente en unos minutos.' },
    }),
  );
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Servicio en mantención, intente en unos minutos\./);
  await expect(page.getByLabel('Nombre')).toHaveValue('Camila Ríos');
});

test('an upload never attached to an application is cleaned up', async ({ request }) => {
  const started = await request.post('/api/uploads', {
    data: { purpose: 'cv', fileName: 'olvidado.pdf', size: 5_000_000 },
  });
  const { uploadId } = (await started.json()).data;
  await query(`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [uploadId]);
  expect((await request.post('/.netlify/functions/uploads-cleanup')).status()).toBe(204);
  expect(await query('SELECT 1 FROM uploads WHERE id = $1', [uploadId])).toEqual([]);
});

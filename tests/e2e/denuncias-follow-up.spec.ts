import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { denunciaFollowUpMessages as texts } from '../../src/shared/denuncias/follow-up/schema.ts';
import { query } from './helpers/database.ts';
import { sendDenuncia, unsealed, writeOnDenuncia } from './helpers/denuncias.ts';
import { screenshotsAtBothWidths } from './helpers/screenshots.ts';
import { expectAccessible } from './helpers/site-shell-axe.ts';

// Every test comes from one address, and some type wrong codes on purpose: its waits, which grow
// after five failures, would hold back the right code of the next test. A person's own address
// is theirs alone; here the count is forgotten before each test, as ensureAdmin forgets failed
// sign-ins.
test.beforeEach(() => query('DELETE FROM receipt_failures'));

// The reporter's side of the denuncias channel: the receipt code on /compliance, then /denuncias/seguimiento.

const FOLLOW_UP = '/denuncias/seguimiento';
const storageSizes = (page: Page) => page.evaluate(() => [localStorage.length, sessionStorage.length]);

async function openWith(page: Page, code: string) {
  await page.goto(FOLLOW_UP);
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await page.getByLabel('Código de recibo').fill(code);
  await page.getByRole('button', { name: 'Consultar' }).click();
}

const denunciaSection = (page: Page, reference: string) => page.getByRole('region', { name: `Denuncia ${reference}` });

test('a denuncia sent through both steps shows its receipt code once on /compliance, in groups of four; it copies and opens the denuncia', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/denuncias');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('radio', { name: 'Cliente' }).check();
  await page.getByRole('radio', { name: 'Recintos' }).check();
  await page.getByLabel('Tipo de denuncia').selectOption('Infracción al Código de Ética');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Relato de los hechos').fill('Un proveedor ofrece regalos a cambio de adjudicaciones.');
  await page.getByRole('button', { name: 'Enviar' }).click();

  await expect(page).toHaveURL(/\/compliance$/, { timeout: 20_000 });
  const confirmation = page.getByRole('status').filter({ hasText: 'Su denuncia fue recibida.' });
  await expect(confirmation).toBeVisible();
  const reference = (await confirmation.textContent())!.match(/DEN-[2-9A-Z]{8}/)![0];
  const code = confirmation.locator('code');
  await expect(code).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  const grouped = (await code.textContent())!;
  await expect(confirmation).toContainText('Guárdelo en un lugar seguro y no lo comparta.');
  await expect(confirmation).toContainText('no podemos recuperarlo');
  // Read once: the handoff is gone from the tab's storage.
  expect(await storageSizes(page)).toEqual([0, 0]);

  await confirmation.getByRole('button', { name: 'Copiar código' }).click();
  await expect(confirmation).toContainText('Código copiado.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(grouped);
  await screenshotsAtBothWidths(page, testInfo, 'compliance-codigo', {});

  await page.reload();
  await expect(page.getByText('Su denuncia fue recibida.')).toBeHidden();
  await expect(page.getByRole('main')).not.toContainText(grouped);

  await page
    .getByRole('main')
    .getByRole('link', { name: /Seguir una denuncia/ })
    .click();
  await expect(page).toHaveURL(FOLLOW_UP);
  const response = await page.reload();
  expect(response!.headers()['cache-control']).toBe('no-store');
  await page.getByLabel('Código de recibo').fill(grouped);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const found = denunciaSection(page, reference);
  await expect(found.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(found.getByRole('list', { name: 'Etapas de la denuncia' }).getByRole('listitem')).toHaveText([
    'Recibida (etapa actual)',
    'En análisis',
    'En investigación',
    'Cerrada',
  ]);
  await expect(found.locator('dl > div')).toHaveText([
    'EstadoRecibida',
    /^Fecha de recepción\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/,
  ]);
  await expect(found).toContainText('Aún no hay mensajes.');
  // An anonymous denuncia: no e-mail, so no notice to ask for.
  await expect(found.getByRole('checkbox')).toHaveCount(0);
  await expect(page).toHaveURL(FOLLOW_UP);
  expect(await storageSizes(page)).toEqual([0, 0]);
});

test('when the browser has no clipboard, the code is selected to copy by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
    sessionStorage.setItem(
      'denuncia:confirmacion',
      JSON.stringify({ reference: 'DEN-AAAAAAAA', receipt: '1234567890123456' }),
    );
  });
  await page.goto('/compliance');
  await page.getByRole('button', { name: 'Copiar código' }).click();
  await expect(page.getByRole('status')).toContainText(
    'No se pudo copiar automáticamente. El código quedó seleccionado',
  );
  expect(await page.evaluate(() => getSelection()?.toString())).toBe('1234 5678 9012 3456');
});

test("the reporter reads compliance's question, never a note, and answers with a file sent in chunks; asks for the notice", async ({
  page,
  request,
}, testInfo) => {
  const { reference, receipt } = await sendDenuncia(request, { email: 'testigo@example.com' });
  await writeOnDenuncia(reference, '¿En qué días y horario ocurre?\nIndique también el lugar exacto.');
  await writeOnDenuncia(reference, 'Nota interna: revisar cámaras.', 'note');

  await openWith(page, receipt);
  const found = denunciaSection(page, reference);
  const messages = found.getByRole('list', { name: 'Mensajes de la denuncia' }).getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.first().locator('p').first()).toHaveText(/^Equipo de cumplimiento, \d{2}-\d{2}-\d{4}/);
  expect(await messages.first().locator('p').nth(1).innerText()).toBe(
    '¿En qué días y horario ocurre?\nIndique también el lugar exacto.',
  );
  await expect(found).not.toContainText('Nota interna');

  // Over the inline limit: it goes to /api/uploads in chunks first, as the denuncia form sends one.
  const recording = Buffer.alloc(4_500_000);
  for (let i = 0; i < recording.length; i += 4093) recording[i] = i % 251;
  await found.getByLabel('Su mensaje').fill('Los viernes desde las 22:00, en la bodega 3.');
  await found
    .getByLabel('Archivo adjunto')
    .setInputFiles({ name: 'grabacion.mp4', mimeType: 'video/mp4', buffer: recording });
  await found.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(found.getByRole('status').filter({ hasText: 'Mensaje enviado.' })).toBeVisible({ timeout: 20_000 });
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1)).toContainText('Usted, ');
  await expect(messages.nth(1)).toContainText('Los viernes desde las 22:00, en la bodega 3.');
  await expect(messages.nth(1)).toContainText('Archivo adjunto: grabacion.mp4 (4,5 MB)');
  await expect(found.getByLabel('Su mensaje')).toHaveValue('');
  const stored = await query<{ author: string; id: string; sha256: string }>(
    `SELECT m.author, u.id, u.sha256 FROM denuncia_messages m JOIN denuncias d ON d.id = m.denuncia_id
     JOIN uploads u ON u.id = m.attachment_upload_id WHERE d.reference = $1`,
    [reference],
  );
  expect(stored.map((row) => row.author)).toEqual(['reporter']);
  // Stored sealed, like the rest of the denuncia.
  expect(await unsealed(stored[0]!.sha256, `uploads.sha256:${stored[0]!.id}`)).toBe(
    createHash('sha256').update(recording).digest('hex'),
  );
  // Without a file the message is written in the lookup's own batch, its body bound to the code's hash.
  await found.getByLabel('Su mensaje').fill('Esta vez sin archivo.');
  await found.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(2)).toContainText('Esta vez sin archivo.');
  await expect(messages.nth(2)).not.toContainText('Archivo adjunto');

  await found.getByRole('checkbox', { name: 'Avisarme por correo electrónico cuando tenga un mensaje nuevo' }).check();
  await expect(found.getByRole('status').filter({ hasText: texts.noticeOn })).toBeVisible();
  const [row] = await query<{ notify: boolean }>(
    'SELECT notify_reporter AS notify FROM denuncias WHERE reference = $1',
    [reference],
  );
  expect(row).toEqual({ notify: true });
  expect(await storageSizes(page)).toEqual([0, 0]);
  await expect(page).toHaveURL(FOLLOW_UP);

  await expectAccessible(page, 'denuncia-seguimiento', testInfo);
});

test('a closed denuncia shows its closing date and no reply form', async ({ page, request }) => {
  const { reference, receipt } = await sendDenuncia(request);
  await query(`UPDATE denuncias SET status = 'cerrada', closed_at = now() WHERE reference = $1`, [reference]);
  await openWith(page, receipt);
  const found = denunciaSection(page, reference);
  await expect(found.locator('[aria-current="step"]')).toHaveText('Cerrada (etapa actual)');
  await expect(found.locator('dl > div').nth(2)).toHaveText(/^Fecha de cierre/);
  await expect(found).toContainText('Esta denuncia está cerrada y ya no recibe mensajes.');
  await expect(found.getByLabel('Su mensaje')).toHaveCount(0);
});

test('a wrong code, unknown or malformed, shows the one generic message and no denuncia', async ({
  page,
}, testInfo) => {
  for (const code of ['0000 1111 2222 3333', '12345']) {
    await openWith(page, code);
    await expect(page.getByRole('alert')).toHaveText(texts.notFound);
    await expect(page.getByRole('region', { name: /^Denuncia / })).toHaveCount(0);
    await expect(page.getByLabel('Código de recibo')).not.toHaveAttribute('aria-invalid');
  }
  await screenshotsAtBothWidths(page, testInfo, 'denuncia-seguimiento-error');
});

test('an empty code is asked for in the error summary; the throttle says when to come back', async ({ page }) => {
  await page.goto(FOLLOW_UP);
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await page.getByRole('button', { name: 'Consultar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Código de recibo: Ingrese su código de recibo.']);

  await page.route('/api/denuncias/seguimiento', (route) =>
    route.fulfill({ status: 429, json: { success: false, error: texts.throttled(30), message: texts.throttled(30) } }),
  );
  await page.getByLabel('Código de recibo').fill('1234 5678 9012 3456');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.throttled(30));
});

import { adminThemes, expectNoAdminViolations, useAdminTheme } from './helpers/admin-axe.ts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messageStatements } from '../../src/server/denuncias/messages.ts';
import { ensureAdmin, e2eCompliance, useSession } from './helpers/admin-session.ts';
import { pdf, uniqueName } from './helpers/cases.ts';
import { query, root } from './helpers/database.ts';

/** The compliance desk, as the compliance officer and an administrator see it. */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Monday 2 March 2026 at noon in Chile: acknowledgement due 9 March, feedback 2 June, the Ley Karin
// investigation (30 business days, Good Friday not counted) 14 April. The desk is read on 13 April.
const RECEIVED = '2026-03-02T15:00:00Z';
const READ_ON = '2026-04-13T15:00:00Z';

/** A Ley Karin denuncia sent through POST /api/denuncias as /denuncias sends it; its reference. */
async function sendDenuncia(request: APIRequestContext, narrative: string): Promise<string> {
  const response = await request.post('/api/denuncias', {
    headers: { 'X-Local-Now': RECEIVED },
    multipart: {
      denunciaRelacion: 'Trabajador',
      denunciaLugar: 'Plantas',
      denunciaType: 'Acoso laboral',
      email: 'denunciante@example.com',
      denunciaText: narrative,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { reference: string } }).data.reference;
}

/**
 * The reporter's answer with a file, as the follow-up page stores one: the file through the
 * chunked upload (the server seals it), the message sealed with the server's key.
 */
async function reporterAnswers(request: APIRequestContext, reference: string, body: string, file: Buffer) {
  const started = await request.post('/api/uploads', {
    data: { purpose: 'denuncia', fileName: 'carta del turno.pdf', size: file.byteLength },
  });
  const { uploadId } = (await started.json()).data as { uploadId: string };
  expect((await request.put(`/api/uploads/${uploadId}/chunks/0`, { data: file })).status()).toBe(200);
  expect((await request.post(`/api/uploads/${uploadId}/complete`)).status()).toBe(200);
  // The local server's key (config.ts: generated once into .data/denuncias-key).
  process.env.DENUNCIAS_ENCRYPTION_KEY = (await readFile(path.join(root, '.data/denuncias-key'), 'utf8')).trim();
  for (const statement of await messageStatements({
    reference,
    author: 'reporter',
    body,
    attachmentUploadId: uploadId,
  }))
    await query(statement.text, statement.params);
  await query(`UPDATE uploads SET status = 'attached' WHERE id = $1`, [uploadId]);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú de administración' });

test.beforeAll(async () => {
  await ensureAdmin();
  await ensureAdmin(e2eCompliance, ['cumplimiento']);
});

test('an administrator without the role has no Denuncias menu, no screen and a 403 from the API', async ({
  page,
  request,
}) => {
  const { accessToken } = await useSession(page);
  await page.goto('/admin/pagos');
  await expect(menu(page).getByRole('link', { name: 'Pagos Webpay' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Denuncias' })).toHaveCount(0);
  await page.goto('/admin/denuncias');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin acceso');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Su cuenta no tiene acceso a esta sección.');
  const refused = await request.get('/api/admin/denuncias', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('Su cuenta no tiene acceso a esta sección.');
});

test("a compliance-only user lands on Denuncias, sees only it, and the administrators' screens say so", async ({
  page,
}) => {
  await useSession(page, e2eCompliance);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/denuncias$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Denuncias');
  await expect(menu(page).getByRole('link')).toHaveText(['Denuncias']);
  await page.goto('/admin/pagos');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Su cuenta no tiene acceso a esta sección.');
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi cuenta');
});

test("the desk shows a denuncia's deadlines, acknowledges it, asks the reporter and reads the answer with its file", async ({
  page,
  request,
}) => {
  const narrative = `Un supervisor grita e insulta a un trabajador del turno de noche (${uniqueName('caso')}).`;
  const reference = await sendDenuncia(request, narrative);
  await useSession(page, e2eCompliance);
  // The desk's "today" (local mode only): the clock frozen on 13 April 2026.
  await page.setExtraHTTPHeaders({ 'X-Local-Now': READ_ON });

  await page.goto(`/admin/denuncias?q=${reference}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByRole('cell')).toContainText([
    'Acoso laboral',
    '02-03-2026',
    'Acuse de recibo: 09-03-2026VencidoRespuesta al denunciante: 02-06-2026PendienteInvestigación (Ley Karin): 14-04-2026Vence pronto',
    '0',
    'Recibida',
  ]);
  // The overdue and the nearly due carry a badge with words, not a colour alone.
  await expect(row.locator('.badge--overdue')).toHaveText('Vencido');
  await expect(row.locator('.badge--soon')).toHaveText('Vence pronto');

  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Denuncia ${reference}`);
  const sent = page.getByRole('region', { name: 'Lo que envió el denunciante' });
  await expect(sent).toContainText(`Relato${narrative}`);
  await expect(sent).toContainText('Correo electrónicodenunciante@example.com');

  await page.getByRole('button', { name: 'Acusar recibo' }).click();
  await expect(page.getByText('Recibo acusado.')).toBeVisible();
  const record = page.getByRole('region', { name: 'Estado y plazos' });
  await expect(record).toContainText('EstadoEn análisis');
  await expect(record).toContainText('Acuse de recibo: 09-03-2026Cumplido');
  await expect(page.getByRole('button', { name: 'Acusar recibo' })).toHaveCount(0);

  const question = '¿En qué semana ocurrió la última vez?';
  const reply = page.getByRole('form', { name: 'Escribir al denunciante' });
  await reply.getByLabel('Mensaje').fill(question);
  await reply.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Mensaje enviado al denunciante.')).toBeVisible();
  const note = page.getByRole('form', { name: 'Nota interna' });
  await note.getByLabel('Nota').fill('Pedir turnos a RR.HH.');
  await note.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(page.getByText('Nota guardada.')).toBeVisible();

  const letter = pdf(40_000);
  await reporterAnswers(request, reference, 'Fue la semana del 9 de marzo. Adjunto la carta.', letter);
  await page.reload();
  const thread = page.getByRole('region', { name: 'Mensajes y notas' }).getByRole('listitem');
  await expect(thread).toHaveCount(3);
  await expect(thread.nth(0)).toContainText(`Mensaje al denunciante${e2eCompliance.name}`);
  await expect(thread.nth(0)).toContainText(question);
  await expect(thread.nth(1)).toContainText('Nota interna (no la ve el denunciante)');
  await expect(thread.nth(2)).toContainText('Denunciante');
  await expect(thread.nth(2)).toContainText('Fue la semana del 9 de marzo. Adjunto la carta.');
  await expect(thread.nth(2)).toContainText('carta del turno.pdf (40 KB)');

  const download = page.waitForEvent('download');
  await thread.nth(2).getByRole('button', { name: 'Descargar carta del turno.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('carta del turno.pdf');
  expect(sha256(await readFile(await file.path()))).toBe(sha256(letter));

  // The list counts the answer as not yet answered; the trail has every step.
  await page.goto(`/admin/denuncias?q=${reference}`);
  await expect(page.getByRole('row').filter({ hasText: reference }).getByRole('cell').nth(3)).toHaveText('1');
  await page
    .getByRole('navigation', { name: 'Escritorio de cumplimiento' })
    .getByRole('link', { name: 'Registro' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro de cumplimiento');
  const mine = page.getByRole('row').filter({ hasText: reference });
  for (const action of [
    'Consultó',
    'Cambió el estado',
    'Escribió al denunciante',
    'Agregó una nota',
    'Descargó un archivo',
  ])
    await expect(mine.filter({ hasText: action })).not.toHaveCount(0);
  await expect(mine.filter({ hasText: 'Cambió el estado' })).toContainText('Recibida → En análisis');
  expect(await query('SELECT 1 FROM audit_log WHERE summary LIKE $1', [`%${reference}%`])).toEqual([]);
});

test('the team screen grants and withdraws the role, and refuses to leave an account without one', async ({ page }) => {
  const person = {
    name: `Persona ${uniqueName('Equipo')}`,
    email: `${uniqueName('equipo')}@example.com`,
    password: 'clave-de-prueba-equipo',
  };
  const personId = await ensureAdmin(person);
  await useSession(page, e2eCompliance);
  await page.goto('/admin/denuncias/equipo');
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText('Administrador');
  await row.getByRole('button', { name: `Otorgar cumplimiento a ${person.name}` }).click();
  await expect(page.getByText(`Rol de cumplimiento otorgado a ${person.name}.`)).toBeVisible();
  // The name is the row's header; its cells: e-mail, roles, action.
  await expect(row.getByRole('cell').nth(1)).toHaveText('AdministradorCumplimiento');
  await row.getByRole('button', { name: `Quitar cumplimiento a ${person.name}` }).click();
  await expect(page.getByText(`Rol de cumplimiento quitado a ${person.name}.`)).toBeVisible();

  const mine = page.getByRole('row').filter({ hasText: e2eCompliance.email });
  await mine.getByRole('button', { name: /Quitar cumplimiento/ }).click();
  await expect(page.getByText(/Esa cuenta solo tiene el rol de cumplimiento/)).toBeVisible();
  // The team list shows every account: this test's goes once it is done with.
  await query('DELETE FROM admins WHERE id = $1', [personId]);
});

for (const theme of adminThemes) {
  test(`the desk screens have no WCAG 2.2 AA violations (${theme}), on a phone and a desktop`, async ({
    page,
    request,
  }) => {
    test.slow();
    const reference = await sendDenuncia(request, 'Texto de la denuncia para revisar la accesibilidad.');
    await useAdminTheme(page, theme);
    await useSession(page, e2eCompliance);
    await page.setExtraHTTPHeaders({ 'X-Local-Now': READ_ON });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of [
        `/admin/denuncias?q=${reference}`,
        `/admin/denuncias/${reference}`,
        '/admin/denuncias/equipo',
        '/admin/denuncias/registro',
      ]) {
        await page.goto(screen);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
        await expect(page.locator('table, .case').first()).toBeVisible();
        await expectNoAdminViolations(page, theme, `${screen} ${width}`);
      }
    }
  });
}

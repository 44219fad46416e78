import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { denunciaFollowUpMessages } from '../../src/shared/denuncias/follow-up/schema.ts';
import { e2eCompliance, ensureAdmin, useSession } from './helpers/admin-session.ts';
import { pdf, uniqueName } from './helpers/cases.ts';
import { query } from './helpers/database.ts';

// Every test comes from one address, and some type wrong codes on purpose: its waits, which grow
// after five failures, would hold back the right code of the next test. A person's own address
// is theirs alone; here the count is forgotten before each test, as ensureAdmin forgets failed
// sign-ins.
test.beforeEach(() => query('DELETE FROM receipt_failures'));

/**
 * The denuncias channel from end to end, each side in its own browser: a reporter sends a denuncia through
 * both steps and keeps the receipt code; an administrator cannot see it; compliance reads it with
 * its deadlines, acknowledges it and asks a question; the reporter, with the code alone, reads the
 * question and answers with a file; compliance reads the answer and downloads the file.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Wednesday 9 September 2026 at 11:00 in Chile: acknowledgement due 16 September, feedback
// 9 December, the Ley Karin investigation 30 business days later, 18 September and 12 October
// (holidays on weekdays) not counted: 23 October. Compliance reads it on 15 September.
const RECEIVED = '2026-09-09T14:00:00Z';
const READ_ON = '2026-09-15T14:00:00Z';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú de administración' });

test.beforeAll(async () => {
  await ensureAdmin();
  await ensureAdmin(e2eCompliance, ['cumplimiento']);
});

test('a denuncia goes from the reporter to compliance and back through the receipt code alone', async ({ browser }) => {
  test.setTimeout(90_000);
  const reporter = await (await browser.newContext()).newPage();
  const administrator = await (await browser.newContext()).newPage();
  const compliance = await (await browser.newContext()).newPage();

  // The reporter, on the day it happened.
  await reporter.setExtraHTTPHeaders({ 'X-Local-Now': RECEIVED });
  await reporter.goto('/denuncias');
  await reporter.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await reporter.getByRole('radio', { name: 'Trabajador' }).check();
  await reporter.getByRole('radio', { name: 'Plantas' }).check();
  await reporter.getByLabel('Tipo de denuncia').selectOption('Acoso laboral');
  await reporter.getByRole('button', { name: 'Continuar' }).click();
  const narrative = `Un jefe de turno humilla a diario a un operador (${uniqueName('relato')}).`;
  await reporter.getByLabel('Relato de los hechos').fill(narrative);
  await reporter.getByRole('button', { name: 'Enviar' }).click();
  await expect(reporter).toHaveURL(/\/compliance$/, { timeout: 20_000 });
  const confirmation = reporter.getByRole('status').filter({ hasText: 'Su denuncia fue recibida.' });
  const reference = (await confirmation.textContent())!.match(/DEN-[2-9A-Z]{8}/)![0];
  const receipt = (await confirmation.locator('code').textContent())!;
  expect(receipt).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);

  // An administrator without the role: no menu item, no screen, 403 from the API.
  const { accessToken } = await useSession(administrator);
  await administrator.goto('/admin/pagos');
  await expect(menu(administrator).getByRole('link', { name: 'Pagos Webpay' })).toBeVisible();
  await expect(menu(administrator).getByRole('link', { name: 'Denuncias' })).toHaveCount(0);
  const refused = await administrator.request.get(`/api/admin/denuncias/${reference}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(403);

  // Compliance, six days later: the deadlines, the report, the acknowledgement and a question.
  await useSession(compliance, e2eCompliance);
  await compliance.setExtraHTTPHeaders({ 'X-Local-Now': READ_ON });
  await compliance.goto('/admin');
  await expect(menu(compliance).getByRole('link', { name: 'Denuncias' })).toBeVisible();
  // The list filtered to this denuncia: the e2e database keeps every earlier run's.
  await compliance.goto(`/admin/denuncias?q=${reference}`);
  const row = compliance.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(
    'Acuse de recibo: 16-09-2026Vence prontoRespuesta al denunciante: 09-12-2026PendienteInvestigación (Ley Karin): 23-10-2026Pendiente',
  );
  await row.getByRole('link', { name: reference }).click();
  await expect(compliance.getByRole('region', { name: 'Lo que envió el denunciante' })).toContainText(
    `Relato${narrative}`,
  );
  await compliance.getByRole('button', { name: 'Acusar recibo' }).click();
  await expect(compliance.getByText('Recibo acusado.')).toBeVisible();
  const question = '¿Hay otras personas que hayan presenciado estos hechos?';
  const reply = compliance.getByRole('form', { name: 'Escribir al denunciante' });
  await reply.getByLabel('Mensaje').fill(question);
  await reply.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(compliance.getByText('Mensaje enviado al denunciante.')).toBeVisible();

  // The reporter, with the code alone: a wrong one first, then theirs.
  await reporter.goto('/denuncias/seguimiento');
  await expect(reporter.getByRole('button', { name: 'Consultar' })).toBeEnabled();
  await reporter.getByLabel('Código de recibo').fill('0000 0000 0000 0000');
  await reporter.getByRole('button', { name: 'Consultar' }).click();
  await expect(reporter.getByText(denunciaFollowUpMessages.notFound).first()).toBeVisible();
  await reporter.getByLabel('Código de recibo').fill(receipt);
  await reporter.getByRole('button', { name: 'Consultar' }).click();
  const found = reporter.getByRole('region', { name: `Denuncia ${reference}` });
  await expect(found.locator('[aria-current="step"]')).toHaveText('En análisis (etapa actual)');
  const messages = found.getByRole('list', { name: 'Mensajes de la denuncia' }).getByRole('listitem');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Equipo de cumplimiento');
  await expect(messages.first()).toContainText(question);
  await expect(messages.first()).not.toContainText(e2eCompliance.name);
  const evidence = pdf(30_000);
  const answer = 'Sí, dos compañeros del turno de noche. Adjunto el registro de turnos.';
  await found.getByLabel('Su mensaje').fill(answer);
  await found
    .getByLabel('Archivo adjunto')
    .setInputFiles({ name: 'turnos.pdf', mimeType: 'application/pdf', buffer: evidence });
  await found.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(found.getByRole('status').filter({ hasText: 'Mensaje enviado.' })).toBeVisible({ timeout: 20_000 });

  // Compliance reads the answer and downloads the file, intact.
  await compliance.reload();
  const thread = compliance.getByRole('region', { name: 'Mensajes y notas' }).getByRole('listitem');
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(1)).toContainText('Denunciante');
  await expect(thread.nth(1)).toContainText(answer);
  const download = compliance.waitForEvent('download');
  await thread.nth(1).getByRole('button', { name: 'Descargar turnos.pdf' }).click();
  expect(sha256(await readFile((await (await download).path())!))).toBe(sha256(evidence));
});

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { COMPLAINT_BUSINESS_DAYS, SISS_SENTENCE } from '../../src/shared/cases/schema.ts';
import { longDate } from '../../src/shared/time/long-date.ts';
import { addBusinessDays } from '../../src/shared/time/business-days.ts';
import { ensureAdmin, e2eAdmin, useSession } from './helpers/admin-session.ts';
import {
  caseIdOf,
  chileToday,
  complaintArrivalFor,
  pdf,
  sendApplication,
  sendComplaint,
  sendMessage,
  uniqueName,
} from './helpers/cases.ts';
import { query, root } from './helpers/database.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The mail written for a reference whose subject starts so (local mode: .data/outbox/*.eml). */
async function sentMail(reference: string, subject: string) {
  let found: Awaited<ReturnType<typeof PostalMime.parse>> | undefined;
  await expect(async () => {
    const dir = path.join(root, '.data/outbox');
    for (const file of (await readdir(dir)).filter((name) => name.startsWith(reference) && name.endsWith('.eml'))) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file), 'utf8'));
      if (mail.subject?.startsWith(subject)) found = mail;
    }
    expect(found).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** The list filtered to this test's cases, as staff would search for them. */
async function openList(page: Page, search: string) {
  await page.goto(`/admin/atencion?q=${encodeURIComponent(search)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atención ciudadana');
  await expect(page.getByLabel('Buscar')).toHaveValue(search);
}

const rowOf = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

test.beforeAll(async () => {
  await ensureAdmin();
});

test.beforeEach(async ({ page }) => {
  await useSession(page);
});

test('the list shows every kind by due date, marks the overdue and the nearly due in words, and filters in the address', async ({
  page,
  request,
}) => {
  const surname = uniqueName('Lista');
  const overdue = await sendComplaint(request, { surname, arrivedOn: complaintArrivalFor(-3) });
  const dueSoon = await sendComplaint(request, { surname, arrivedOn: complaintArrivalFor(1) });
  const message = await sendMessage(request, { surname, city: 'Cochrane' });

  await openList(page, surname);
  const table = page.getByRole('table', { name: /Casos, por fecha de vencimiento \(3 en total\)/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Referencia',
    'Tipo',
    'Ciudadano',
    'Localidad',
    'Recibido',
    'Vence',
    'Estado',
    'Asignado a',
  ]);
  // The nearest deadline first.
  await expect(table.getByRole('rowheader')).toHaveText([overdue, dueSoon, message]);

  const overdueRow = rowOf(page, overdue);
  await expect(overdueRow.getByRole('cell')).toContainText([
    'Reclamo',
    `Jorge ${surname}`,
    'Coyhaique',
    complaintArrivalFor(-3).split('-').reverse().join('-'),
    'Vencido hace 3 días hábiles',
    'Recibido',
    'Sin asignar',
  ]);
  // The mark is a badge with words, in a colour that differs from plain text.
  const overdueBadge = overdueRow.locator('.badge', { hasText: 'Vencido hace 3 días hábiles' });
  await expect(overdueBadge).toBeVisible();
  const dueSoonBadge = rowOf(page, dueSoon).locator('.badge', { hasText: 'Queda 1 día hábil' });
  await expect(dueSoonBadge).toBeVisible();
  const messageRow = rowOf(page, message);
  await expect(messageRow).toContainText('Mensaje');
  await expect(messageRow).toContainText(/Quedan \d+ días hábiles/);
  await expect(messageRow.locator('.badge')).toHaveCount(0);

  await page.getByLabel('Tipo').selectOption('Mensajes');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]kind=mensaje/);
  await expect(page.getByRole('rowheader')).toHaveText([message]);

  await page.getByLabel('Tipo').selectOption('Todos');
  await page.getByLabel('Localidad').selectOption('Cochrane');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/[?&]locality=Cochrane/);
  await expect(page.getByRole('rowheader')).toHaveText([message]);

  await page.getByLabel('Localidad').selectOption('Todas');
  await page.getByLabel('Estado').selectOption('Respondido');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('No hay casos que coincidan con los filtros.')).toBeVisible();

  // Back returns to the filters before, in the address and in the form.
  await page.goBack();
  await expect(page.getByLabel('Localidad')).toHaveValue('Cochrane');
  await expect(page.getByRole('rowheader')).toHaveText([message]);

  // A reference found by Buscar opens its case; Volver keeps the filters.
  await openList(page, message);
  await page.getByRole('link', { name: message }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mensaje ${message}`);
  // Only a reclamo's answer carries the SISS sentence.
  await expect(page.getByText(SISS_SENTENCE)).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a Atención ciudadana' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/atencion\\?q=${message}$`));
});

test('on the Saturday after a Friday deadline the case reads Vencido, not Vence hoy', async ({ page, request }) => {
  const surname = uniqueName('Sabado');
  // Friday 13 November 2026: due Friday 27 November.
  const reference = await sendComplaint(request, { surname, arrivedOn: '2026-11-13' });
  // The admin list's "today" (local mode only): Saturday 28 November.
  await page.setExtraHTTPHeaders({ 'X-Local-Now': '2026-11-28T15:00:00Z' });
  await openList(page, surname);
  await expect(rowOf(page, reference).getByRole('cell')).toContainText(['27-11-2026Vencido']);
  await expect(rowOf(page, reference).locator('.badge')).toHaveText('Vencido');
});

test('a reclamo is assigned, noted and answered; the answer goes to the citizen with the SISS sentence', async ({
  page,
  request,
}) => {
  const surname = uniqueName('Detalle');
  const details = 'Desde el lunes la presión del agua es muy baja.\nSobre todo en la mañana.';
  const reference = await sendComplaint(request, { surname }, details);

  await openList(page, reference);
  await page.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${reference}`);
  await expect(page).toHaveTitle(new RegExp(`^Reclamo ${reference} \\| Administración`));

  const sent = page.getByRole('region', { name: 'Lo que envió el ciudadano' });
  await expect(sent.getByRole('definition')).toContainText([
    `Jorge ${surname}`,
    `${surname.toLowerCase()}@example.com`,
    '—',
    'Prat 450',
    'Coyhaique',
    '100001',
    details,
  ]);
  const record = page.getByRole('region', { name: 'Caso', exact: true });
  const due = addBusinessDays(chileToday(), COMPLAINT_BUSINESS_DAYS);
  await expect(record).toContainText(
    `Plazo de respuesta${longDate(due)}Quedan ${COMPLAINT_BUSINESS_DAYS} días hábiles`,
  );
  await expect(page.getByText('Aún no hay notas ni respuestas.')).toBeVisible();

  const work = page.getByRole('form', { name: 'Estado y asignación' });
  await work.getByLabel('Estado').selectOption('En revisión');
  await work.getByLabel('Asignado a').selectOption(e2eAdmin.name);
  await work.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Caso actualizado.')).toBeVisible();
  await expect(record).toContainText(`Asignado a${e2eAdmin.name}`);
  await expect(record).toContainText('EstadoEn revisión');

  const note = page.getByRole('form', { name: 'Nota interna' });
  await note.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(note.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
  await expect(note.getByRole('link', { name: 'Nota: Escriba la nota.' })).toBeVisible();
  await note.getByLabel('Nota').fill('Llamé al cliente: confirma la baja presión.');
  await note.getByRole('button', { name: 'Guardar nota' }).click();
  await expect(page.getByText('Nota guardada.')).toBeVisible();
  await expect(note.getByLabel('Nota')).toHaveValue('');

  const reply = page.getByRole('form', { name: 'Responder' });
  await expect(reply).toContainText(`Al final de la respuesta se agregará:${SISS_SENTENCE}`);
  const answer = 'Revisamos la presión en su sector y cambiamos la válvula reductora el martes.';
  await reply.getByLabel('Respuesta').fill(answer);
  await reply.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText('Respuesta enviada.')).toBeVisible();
  await expect(reply.getByLabel('Respuesta')).toHaveValue('');

  const timeline = page.getByRole('region', { name: 'Historial' }).getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('Nota interna');
  await expect(timeline.nth(0)).toContainText(e2eAdmin.name);
  await expect(timeline.nth(0)).toContainText('Llamé al cliente: confirma la baja presión.');
  await expect(timeline.nth(1)).toContainText('Respuesta enviada al ciudadano');
  await expect(timeline.nth(1)).toContainText(`${answer} ${SISS_SENTENCE}`);
  // Answered: Respondido, and the deadline no longer counts.
  await expect(work.getByLabel('Estado')).toHaveValue('respondido');
  await expect(record).toContainText('EstadoRespondido');
  await expect(record).not.toContainText('Quedan');

  const mail = await sentMail(reference, 'Respuesta a su reclamo');
  expect(mail.to?.[0]?.address).toBe(`${surname.toLowerCase()}@example.com`);
  expect(mail.text).toContain(`${answer}\n\n${SISS_SENTENCE}`);

  // Kept: after a reload, and in the list.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Historial' }).getByRole('listitem')).toHaveCount(2);
  await openList(page, reference);
  await expect(rowOf(page, reference).getByRole('cell')).toContainText(['Respondido', e2eAdmin.name]);
});

test("staff download an application's CV; it has no deadline", async ({ page, request }) => {
  const name = `Camila ${uniqueName('Cv')}`;
  const cv = { name: 'CV Camila Ríos.pdf', buffer: pdf(150_000) };
  const reference = await sendApplication(request, name, cv);

  await page.goto(`/admin/atencion/${await caseIdOf(reference)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Postulación ${reference}`);
  await expect(page.getByRole('region', { name: 'Caso', exact: true })).toContainText('Plazo de respuestaSin plazo');

  const files = page.getByRole('region', { name: 'Archivos adjuntos' });
  await expect(files).toContainText('CV Camila Ríos.pdf (150 KB)');
  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Descargar CV Camila Ríos.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('CV Camila Ríos.pdf');
  expect(sha256(await readFile(await file.path()))).toBe(sha256(cv.buffer));
});

test('an unknown case says so', async ({ page }) => {
  await page.goto('/admin/atencion/999999999');
  await expect(page.getByRole('alert').filter({ hasText: 'Ese caso no existe.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volver a Atención ciudadana' })).toBeVisible();
});

test('the contact-message target is changed on the list screen, and a new message gets it', async ({
  page,
  request,
}) => {
  const [before] = await query<{ days: number }>('SELECT message_business_days AS days FROM case_settings');
  try {
    await page.goto('/admin/atencion');
    const settings = page.locator('details').filter({ hasText: 'Plazo de respuesta a mensajes' });
    await expect(settings.locator('summary')).toHaveText(`Plazo de respuesta a mensajes: ${before!.days} días hábiles`);
    await settings.locator('summary').click();
    const days = settings.getByLabel('Días hábiles');
    await days.fill('0');
    await settings.getByRole('button', { name: 'Guardar plazo' }).click();
    await expect(settings.getByRole('alert').filter({ hasText: 'Hay un problema' })).toBeFocused();
    await expect(settings.locator('#messageBusinessDays-error')).toHaveText(
      'Error: El plazo es de al menos 1 día hábil.',
    );

    const target = before!.days === 7 ? 8 : 7;
    await days.fill(String(target));
    await settings.getByRole('button', { name: 'Guardar plazo' }).click();
    await expect(page.getByText('Plazo guardado.')).toBeVisible();
    await expect(settings.locator('summary')).toHaveText(`Plazo de respuesta a mensajes: ${target} días hábiles`);

    const message = await sendMessage(request, { surname: uniqueName('Plazo') });
    await page.goto(`/admin/atencion/${await caseIdOf(message)}`);
    await expect(page.getByRole('region', { name: 'Caso', exact: true })).toContainText(
      `Plazo de respuesta${longDate(addBusinessDays(chileToday(), target))}Quedan ${target} días hábiles`,
    );
    await page.goto('/admin/atencion');
    await expect(page.locator('details summary')).toHaveText(`Plazo de respuesta a mensajes: ${target} días hábiles`);
  } finally {
    // Other tests send messages too: the target goes back to what it was.
    await query('UPDATE case_settings SET message_business_days = $1', [before!.days]);
  }
});

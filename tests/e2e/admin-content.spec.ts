import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { documentAdminMessages } from '../../src/shared/documents/schema.ts';
import { e2eAdmin, ensureAdmin, useSession } from './helpers/admin-session.ts';
import { query } from './helpers/database.ts';

// What each test creates it deletes again, through the screens; rows a failed run left behind
// are removed first. Each test's rows have their own names, so parallel tests do not meet.

const main = (page: Page) => page.locator('main');

/**
 * A public page as a new visitor sees it. The public lists are cacheable for a minute
 * (publicJson), so a browser that has just read one would not see a change made since.
 */
const visitors: BrowserContext[] = [];
async function visit(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  visitors.push(context);
  const visitor = await context.newPage();
  await visitor.goto(path);
  return visitor;
}

test.afterEach(async () => {
  await Promise.all(visitors.splice(0).map((context) => context.close()));
});
const notification = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Eliminar in a row, confirmed in the dialog. */
async function deleteRow(page: Page, name: string, what: string, done: string) {
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `¿Eliminar ${what} «${name}»?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(notification(page, done)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
}

test.beforeAll(async () => {
  await ensureAdmin();
});

test.beforeEach(async ({ page }) => {
  await useSession(page);
});

test('a new comunicado, written in the editor, appears on /comunicados; deleted, it is gone', async ({
  page,
  browser,
}) => {
  const shortTitle = `Aviso E2E ${Date.now()}`;
  await query(`DELETE FROM reports WHERE short_title LIKE 'Aviso E2E %'`);
  await page.goto('/admin/comunicados');
  await page.getByRole('link', { name: 'Nuevo comunicado' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuevo comunicado');

  // The schema's messages, in the summary and on each field.
  await page.getByRole('button', { name: 'Guardar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Título corto: Ingrese el título corto.',
    'Título: Ingrese el título.',
  ]);
  await expect(page.getByLabel('Título corto')).toHaveAttribute(
    'aria-describedby',
    'short_title-hint short_title-error',
  );

  await page.getByLabel('Orden').fill('0');
  await page.getByLabel('Título corto').fill(shortTitle);
  await page.getByLabel('Título', { exact: true }).fill('Corte programado de prueba');
  const editor = page.getByRole('textbox', { name: 'Texto' });
  await editor.click();
  await page.getByRole('button', { name: 'Negrita' }).click();
  await expect(page.getByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Importante:');
  await page.getByRole('button', { name: 'Negrita' }).click();
  await expect(page.getByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'false');
  await expect(editor).toBeFocused();
  await page.keyboard.type(' el agua vuelve a las 18:00.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ver cortes');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Enlace' }).click();
  await page.getByLabel('Dirección del enlace').fill('/cortes');
  await page.getByLabel('Dirección del enlace').press('Enter');
  await expect(editor.getByRole('link', { name: 'Ver cortes' })).toHaveAttribute('href', '/cortes');
  await page.getByRole('button', { name: 'Guardar' }).click();

  await expect(notification(page, 'Comunicado guardado.')).toBeVisible();
  // The public list is cached a minute: staff are told when the site shows the change.
  await expect(notification(page, 'Comunicado guardado.')).toContainText(
    'El sitio público mostrará el cambio en un minuto como máximo.',
  );
  await expect(page).toHaveURL(/\/admin\/comunicados$/);
  await expect(page.getByRole('row', { name: new RegExp(shortTitle) })).toContainText('Activo');

  const visitor = await visit(browser, '/comunicados');
  const nav = (at: Page) => at.getByRole('navigation', { name: 'Comunicados y noticias' });
  await nav(visitor).getByRole('link', { name: shortTitle }).click();
  await expect(visitor.locator('.news__item h2')).toHaveText('Corte programado de prueba');
  await expect(visitor.locator('.news__item strong')).toHaveText('Importante:');
  await expect(visitor.locator('.news__item')).toContainText('el agua vuelve a las 18:00.');
  await expect(visitor.locator('.news__item').getByRole('link', { name: 'Ver cortes' })).toHaveAttribute(
    'href',
    '/cortes',
  );

  await deleteRow(page, shortTitle, 'el comunicado', 'Comunicado eliminado.');

  // Registro de actividad: both changes, newest first, with who made them.
  await page
    .getByRole('navigation', { name: 'Menú de administración' })
    .getByRole('link', { name: 'Registro de actividad' })
    .click();
  // Only the changes: sign-ins of tests running meanwhile never push these off the first page.
  await page.getByRole('navigation', { name: 'Qué mostrar' }).getByRole('link', { name: 'Cambios' }).click();
  await expect(page).toHaveURL(/view=cambios/);
  const log = page.getByRole('table', { name: /Cambios y accesos de los administradores/ });
  await expect(log.getByRole('columnheader')).toHaveText(['Fecha', 'Administrador', 'Acción', 'Resumen']);
  const entries = log
    .locator('tbody tr')
    .filter({ hasText: 'Corte programado de prueba' })
    .filter({ hasText: e2eAdmin.email });
  await expect(entries.first()).toContainText('Eliminó comunicado');
  await expect(entries.nth(1)).toContainText('Creó comunicado');

  const later = await visit(browser, '/comunicados');
  await expect(nav(later).getByRole('link').first()).toBeVisible();
  await expect(nav(later).getByRole('link', { name: shortTitle })).toHaveCount(0);
});

test('a document uploaded as a small PDF is offered in the /nosotros year selector', async ({ page, browser }) => {
  const year = 1995;
  await query(`DELETE FROM documents WHERE type = 'Memoria' AND year = $1`, [year]);
  await page.goto('/admin/documentos/nuevo');
  await page.getByLabel('Tipo').selectOption('Memoria');
  await page.getByLabel('Año').fill(String(year));
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  await page
    .getByLabel('Subir archivo PDF')
    .setInputFiles({ name: 'memoria-1995.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('status').filter({ hasText: 'Archivo subido: memoria-1995.pdf' })).toBeVisible();
  await expect(page.getByLabel('Archivo', { exact: true })).toHaveValue(
    /^\/api\/files\/[0-9a-f-]{36}\/memoria-1995\.pdf$/,
  );
  const url = await page.getByLabel('Archivo', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Documento guardado.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Memoria 1995/ })).toBeVisible();

  const published = await page.request.get(url);
  expect(published.status()).toBe(200);
  expect(Buffer.from(await published.body())).toEqual(pdf);

  const visitor = await visit(browser, '/nosotros');
  await visitor.locator('section#memorias-estados-financieros').scrollIntoViewIfNeeded();
  const memories = visitor.getByRole('form', { name: 'Memorias' });
  await expect(memories.getByLabel('Año')).toBeEnabled();
  await expect(memories.getByLabel('Año').locator('option', { hasText: String(year) })).toHaveCount(1);
  await memories.getByLabel('Año').selectOption(String(year));
  const [popup] = await Promise.all([
    visitor.waitForEvent('popup'),
    memories.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe(url);

  await deleteRow(page, `Memoria ${year}`, 'el documento', 'Documento eliminado.');
});

test('a second document of the same type and year is refused with the server message on the year', async ({ page }) => {
  await page.goto('/admin/documentos/nuevo');
  await page.getByLabel('Tipo').selectOption('Memoria');
  await page.getByLabel('Año').fill('2024');
  await page.getByLabel('Archivo', { exact: true }).fill('/documentos/memorias/memoria-2024.pdf');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: documentAdminMessages.duplicate })).toBeVisible();
  // The year is the cause: its field says so.
  await expect(page.getByLabel('Año')).toHaveAccessibleDescription(new RegExp(documentAdminMessages.duplicate));
  await expect(page).toHaveURL(/\/admin\/documentos\/nuevo$/);
});

test('an education item marked Oculto disappears from /educacion', async ({ page, browser }) => {
  const title = `Planificación E2E ${Date.now()}`;
  await query(`DELETE FROM education_documents WHERE title LIKE 'Planificación E2E %'`);
  await page.goto('/admin/educacion/nuevo');
  await page.getByLabel('Tipo de contenido').selectOption('Planificaciones');
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Descripción').fill('Una clase sobre el agua potable.');
  await page.getByLabel('Archivo', { exact: true }).fill('/documentos/educacion/cuidemos-el-agua.pdf');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Contenido guardado.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Visible');

  const plans = (at: Page) => at.getByRole('region', { name: 'Planificaciones' });
  const visitor = await visit(browser, '/educacion');
  await plans(visitor)
    .getByRole('button', { name: /Cargar todos/ })
    .click();
  await expect(plans(visitor).getByRole('link', { name: title })).toBeVisible();

  await page.getByRole('link', { name: `Editar ${title}` }).click();
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await page.getByLabel('Oculto').check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(notification(page, 'Contenido guardado.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Oculto');

  const later = await visit(browser, '/educacion');
  await expect(plans(later).getByRole('listitem').first()).toBeVisible();
  await expect(plans(later).getByRole('button', { name: /Cargar todos/ })).toHaveCount(0);
  await expect(main(later).getByRole('link', { name: title })).toHaveCount(0);

  await deleteRow(page, title, 'el contenido', 'Contenido eliminado.');
});

test('a file over 4 MB is published in chunks, with its progress shown', async ({ page }) => {
  await page.goto('/admin/comunicados/nuevo');
  // Just over the 4 MB inline limit, so it goes through /api/uploads first (Netlify's 6 MB cap).
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4_100_000, 0x20), Buffer.from('\n%%EOF\n')]);
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads'))
      chunks.push(
        `${request.method()} ${new URL(request.url()).pathname} ${request.headers().authorization ? 'bearer' : 'none'}`,
      );
  });
  await page
    .getByLabel('Subir archivo', { exact: true })
    .setInputFiles({ name: 'informe grande.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('status').filter({ hasText: 'Subiendo…' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Archivo subido: informe grande.pdf' })).toBeVisible({
    timeout: 20_000,
  });
  expect(chunks).toEqual([
    'POST /api/uploads bearer',
    expect.stringMatching(/^PUT \/api\/uploads\/[\w-]+\/chunks\/0 bearer$/),
    expect.stringMatching(/^PUT \/api\/uploads\/[\w-]+\/chunks\/1 bearer$/),
    expect.stringMatching(/^POST \/api\/uploads\/[\w-]+\/complete bearer$/),
  ]);
  const url = await page.getByRole('textbox', { name: 'Archivo (opcional)', exact: true }).inputValue();
  expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/informe-grande\.pdf$/);
  const published = await page.request.get(url);
  expect(Buffer.from(await published.body()).equals(pdf)).toBe(true);
});

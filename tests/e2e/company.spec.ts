import { expect, test } from '@playwright/test';

test.beforeEach(async ({ page }) => {
  await page.goto('/nosotros');
});

// The year selectors and plans are islands that come alive when scrolled into view.
const reveal = async (page: import('@playwright/test').Page, id: string) =>
  page.locator(`section#${id}`).scrollIntoViewIfNeeded();

test('has the anchored sections of the spec', async ({ page }) => {
  for (const id of [
    'quienes-somos',
    'mision-vision',
    'directorio',
    'organigrama',
    'memorias-estados-financieros',
    'plan-de-desarrollo',
  ]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await expect(page.getByRole('list', { name: 'La empresa en cifras' })).toContainText('+24 mil');
});

test('the board table lists 6 members with role, name, profession and RUT', async ({ page }) => {
  const table = page.getByRole('table', { name: 'Miembros del directorio' });
  await expect(table.getByRole('columnheader')).toHaveText(['Cargo', 'Nombre', 'Profesión', 'RUT']);
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(table.locator('tbody tr').first()).toContainText(/\d{1,2}\.\d{3}\.\d{3}-[\dK]/);
});

test('the year selectors offer only years with a file, most recent first', async ({ page }) => {
  await reveal(page, 'memorias-estados-financieros');
  const memories = page.getByRole('form', { name: 'Memorias' });
  await expect(memories.getByLabel('Año')).toBeEnabled();
  // A year staff add meanwhile (admin-content.spec.ts adds 1995) may be listed too; 2020 has no file.
  const offered = await memories.getByLabel('Año').locator('option').allTextContents();
  expect(offered[0]).toBe('Seleccione un año');
  const years = offered.slice(1).map(Number);
  expect(years).toEqual([...years].sort((a, b) => b - a));
  expect(years).toEqual(expect.arrayContaining([2024, 2023, 2022, 2021]));
  expect(years).not.toContain(2020);
  await expect(page.getByRole('form', { name: 'Estados financieros' }).getByLabel('Año').locator('option')).toHaveText([
    'Seleccione un año',
    '2024',
    '2023',
    '2022',
    '2021',
  ]);
});

test('downloading without a year says a year must be chosen', async ({ page }) => {
  await reveal(page, 'memorias-estados-financieros');
  const memories = page.getByRole('form', { name: 'Memorias' });
  await expect(memories.getByLabel('Año')).toBeEnabled();
  await memories.getByRole('button', { name: 'Descargar' }).click();
  await expect(memories.locator('.field__error')).toHaveText('Error: Tienes que seleccionar un año');
  await expect(memories.getByLabel('Año')).toHaveAttribute('aria-describedby', 'memories-year-error');
});

test('downloading a year opens its document in a new window', async ({ page }) => {
  await reveal(page, 'memorias-estados-financieros');
  await expect(page.getByRole('form', { name: 'Estados financieros' }).getByLabel('Año')).toBeEnabled();
  const financial = page.getByRole('form', { name: 'Estados financieros' });
  await financial.getByLabel('Año').selectOption('2023');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    financial.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/documentos\/estados-financieros\/estados-financieros-2023\.pdf$/);
});

test('the development plan offers the 5 document groups of each of the 8 localities', async ({ page }) => {
  await reveal(page, 'plan-de-desarrollo');
  const plans = page.locator('#plan-de-desarrollo form');
  await expect(plans).toHaveCount(8);
  const cochrane = page.getByRole('form', { name: 'Plan de desarrollo de Cochrane' });
  await expect(cochrane.getByRole('combobox').locator('option')).toHaveCount(6);
  await expect(cochrane.getByRole('button', { name: 'Descargar' })).toBeEnabled();
  await cochrane.getByRole('combobox').selectOption({ label: 'Ficha FAT Cochrane' });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    cochrane.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/documentos\/plan-desarrollo\/cochrane-ficha-fat\.pdf$/);
});

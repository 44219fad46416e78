import { expect, test } from '@playwright/test';
import { exportTexts, rightsMessages } from '../../src/shared/rights/texts.ts';
import { pageViolations } from './helpers/site-shell-axe.ts';

/**
 * /privacidad/derechos/descarga: the page the export's mailed link opens. Its download
 * serves once, so only the person's press sends the token: a mail scanner opening the link spends
 * nothing. (The whole journey, from the desk's "send" to the file, is the desk's spec.)
 */

test('opening the link sends nothing; a spent or unknown link says so on the press', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/derechos/descarga')) posts.push(request.method());
  });
  await page.goto(`/privacidad/derechos/descarga?token=${'A'.repeat(43)}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(exportTexts.title);
  const button = page.getByRole('button', { name: exportTexts.button });
  await expect(button).toBeEnabled();
  expect(posts).toEqual([]);
  expect(await pageViolations(page)).toEqual([]);

  await button.click();
  await expect(page.getByRole('alert')).toHaveText(rightsMessages.downloadGone);
  expect(posts).toEqual(['POST']);
  expect(await pageViolations(page)).toEqual([]);
});

test('without its code the page says so instead of offering the button', async ({ page }) => {
  await page.goto('/privacidad/derechos/descarga');
  await expect(page.getByRole('alert')).toHaveText(exportTexts.missing);
  await expect(page.getByRole('button', { name: exportTexts.button })).toBeHidden();
});

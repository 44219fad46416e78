import { expect, type Page } from '@playwright/test';

/**
 * The code of the offline pages' worker registration (src/components/OfflineRegistration.astro),
 * which the build writes into every public page (astro.config.mjs, `assetsInlineLimit`).
 */
export const REGISTRATION_SCRIPT = /navigator\.serviceWorker\.register\(/;

/** A page without islands: no script file, and its one module script the registration, inline. */
export async function expectOnlyTheRegistration(page: Page) {
  await expect(page.locator('script[src]')).toHaveCount(0);
  const modules = await page.locator('script[type="module"]').allTextContents();
  expect(modules.map((code) => REGISTRATION_SCRIPT.test(code))).toEqual([true]);
}

import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Screenshots are for a person to look at, never compared: they are written under test-results/
 * only when E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npm run test:e2e`), so that CI spends its
 * time on assertions (the whole suite within 30 minutes).
 */
export const screenshotsWanted = Boolean(process.env.E2E_SCREENSHOTS);

/** A screenshot of a page (the whole page with `fullPage`) or of one element, named `name`. */
export async function screenshot(
  target: Page | Locator,
  testInfo: Pick<TestInfo, 'outputPath'>,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  const path = testInfo.outputPath(name);
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

/** Screenshots of `page` on a phone and on a desktop (390 and 1280 px wide): `${name}-${width}.png`. */
export async function screenshotsAtBothWidths(
  page: Page,
  testInfo: Pick<TestInfo, 'outputPath'>,
  name: string,
  options: { fullPage?: boolean } = { fullPage: true },
): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, testInfo, `${name}-${width}.png`, options);
  }
}

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

/**
 * Screenshots of an admin screen on a desktop and a phone (1280 × 800 and 390 × 844), whole:
 * `${name}-desktop.png` and `${name}-phone.png`; the desktop size is set back after.
 */
export async function adminScreenshots(target: Page, testInfo: Pick<TestInfo, 'outputPath'>, name: string) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await target.setViewportSize(viewport);
    await screenshot(target, testInfo, `${name}-${device}.png`, { fullPage: true });
  }
  await target.setViewportSize({ width: 1280, height: 800 });
}

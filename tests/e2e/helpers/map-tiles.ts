import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

// No internet here: the map tiles are served by the test, as a tile server would.
const tile = readFileSync(path.resolve(import.meta.dirname, '../../../public/favicon.svg'));

/** The page's map tiles answered with a small image, as OpenStreetMap's server would answer them. */
export const serveTiles = (page: Page) =>
  page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: tile }),
  );

/**
 * /cortes' map, brought near the window: it loads only then (use-near-window.ts), and under the
 * list it is out of the window. Brought again until it shows: the island may hydrate and redraw the
 * list after a first scroll, and its room then moves out of the window before it is watched.
 */
export async function scrollToOutagesMap(page: Page) {
  await expect(async () => {
    await page.locator('.outages .map').first().scrollIntoViewIfNeeded();
    await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

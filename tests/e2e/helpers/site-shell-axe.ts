import { expect, type Page, type TestInfo } from '@playwright/test';
import { wcagViolations } from './axe.ts';
import { screenshotsAtBothWidths } from './screenshots.ts';

/**
 * The shell every public page shares (BaseLayout.astro): the skip link, the header with its menus
 * and the footer. Its markup is the same on every page but for the menu's aria-current, and its
 * styles are the site's global stylesheets: quality-gates.spec.ts checks it whole on SHELL_PAGE at
 * the default viewport's width, and the other checks of public pages at that width leave it out
 * (it was a third of each page's axe time, the same on every page). A page whose shell is not
 * SHELL_PAGE's (a menu opened, /login with none) or at another width (on a phone the menus fold
 * into one) is checked whole.
 */
export const SHELL_PAGE = '/contacto';
export const SHELL_WIDTH = 1280;
const SHELL = ['.skip-link', '.site-header', '.site-footer'];

/** SHELL_PAGE's HTML as served, fetched once per worker. */
let shellPageHtml: Promise<string> | undefined;

/** Whether `page` shows, at SHELL_WIDTH, SHELL_PAGE's shell (aria-current aside). */
async function showsCheckedShell(page: Page): Promise<boolean> {
  if (page.viewportSize()?.width !== SHELL_WIDTH) return false;
  shellPageHtml ??= page.request.get(SHELL_PAGE).then((answer) => answer.text());
  return page.evaluate(
    ([html, selectors]) => {
      const shell = (doc: Document) =>
        selectors.map((selector) => {
          const element = doc.querySelector(selector)?.cloneNode(true) as Element | undefined;
          element?.querySelectorAll('[aria-current]').forEach((item) => item.removeAttribute('aria-current'));
          return element?.outerHTML;
        });
      const checked = shell(new DOMParser().parseFromString(html, 'text/html'));
      return shell(document).every((markup, index) => markup !== undefined && markup === checked[index]);
    },
    [await shellPageHtml, SHELL] as const,
  );
}

/** axe's WCAG 2.2 AA violations on a public page, its shell left out where SHELL_PAGE's check covers it. */
export async function pageViolations(page: Page): Promise<string[]> {
  const checked = await showsCheckedShell(page);
  return wcagViolations(page, undefined, checked ? SHELL : []);
}

/** axe on what the page shows, then its screenshots on a phone and a desktop (screenshots.ts). */
export async function expectAccessible(page: Page, name: string, testInfo: Pick<TestInfo, 'outputPath'>) {
  expect(await pageViolations(page)).toEqual([]);
  await screenshotsAtBothWidths(page, testInfo, name);
}

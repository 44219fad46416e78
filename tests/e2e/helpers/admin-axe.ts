import { expect, type Page } from '@playwright/test';
import { wcagViolations } from './axe.ts';

/** The admin's two themes (spec §3 Settings); every admin screen is checked in both. */
export const adminThemes = ['ONE_DARK', 'LIGHT'] as const;
export type AdminTheme = (typeof adminThemes)[number];

/** Stores `theme` the way the settings popover does, before the app reads it (any string: a test of a bad one). */
export async function useAdminTheme(page: Page, theme: string) {
  await page.addInitScript(
    (chosen) =>
      localStorage.setItem('settings', JSON.stringify({ direction: 'ltr', responsiveFontSizes: true, theme: chosen })),
    theme,
  );
}

// The rules whose outcome depends on colours. A theme sets colours only (the same DOM, the same
// names and roles), so the other rules would repeat in the second theme what they found in the
// first: they run once, and the second theme runs these alone (axe is most of the admin screens'
// tests, the slowest of the suite).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The admin's shell (AdminLayout.tsx): its skip link, the top bar and the side menu. */
export const ADMIN_SHELL = ['.shell > .skip-link', '.topbar', '.side-menu'];

/**
 * The shell's markup on `page`, the current screen's marks in the menu (NavLink's aria-current
 * and class) aside: two screens whose shells read the same are one state of it for axe.
 */
export function adminShellMarkup(page: Page): Promise<string> {
  return page.evaluate(
    (selectors) =>
      selectors
        .map((selector) => {
          const element = document.querySelector(selector)?.cloneNode(true) as Element | undefined;
          element?.querySelectorAll('[aria-current]').forEach((link) => {
            link.removeAttribute('aria-current');
            link.classList.remove('active');
          });
          return element?.outerHTML ?? '';
        })
        .join('\n'),
    ADMIN_SHELL,
  );
}

/**
 * Fails the test with axe's WCAG 2.2 AA violations of the admin screen `page` shows in `theme`:
 * every rule in ONE_DARK, the colour rules in LIGHT; the elements matching `exclude` left out
 * (the shell, once checked on another screen).
 */
export async function expectNoAdminViolations(
  page: Page,
  theme: AdminTheme,
  what: string,
  exclude: string[] = [],
): Promise<void> {
  expect(
    await wcagViolations(page, theme === 'ONE_DARK' ? undefined : COLOUR_RULES, exclude),
    `${what} (${theme})`,
  ).toEqual([]);
}

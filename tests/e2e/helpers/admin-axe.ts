import { expect, type Page } from '@playwright/test';
import { wcagViolations } from './axe.ts';

/** The admin's two themes (spec §3 Settings); every admin screen is checked in both. */
export const adminThemes = ['ONE_DARK', 'LIGHT'] as const;
export type AdminTheme = (typeof adminThemes)[number];

// The rules whose outcome depends on colours. A theme sets colours only (the same DOM, the same
// names and roles), so the other rules would repeat in the second theme what they found in the
// first: they run once, and the second theme runs these alone (axe is most of the admin screens'
// tests, the slowest of the suite).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails the test with axe's WCAG 2.2 AA violations of the admin screen `page` shows in `theme`:
 * every rule in ONE_DARK, the colour rules in LIGHT.
 */
export async function expectNoAdminViolations(page: Page, theme: AdminTheme, what: string): Promise<void> {
  expect(await wcagViolations(page, theme === 'ONE_DARK' ? undefined : COLOUR_RULES), `${what} (${theme})`).toEqual([]);
}

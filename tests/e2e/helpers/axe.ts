import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's WCAG 2.2 AA violations on what `page` shows, one line each (rule, help, elements);
 * `rules` limits the check to those, and the elements matching `exclude` are left out (a shell
 * checked once elsewhere: quality-gates.spec.ts). axe runs in its same-origin mode (setLegacyMode): its default
 * opens a second page for every check to merge the frames' results, a browser process each time
 * (a sixth of the end-to-end suite's time), and gains only frames of other origins, which the site
 * does not make: the one it embeds is the outages provider's page (/cortes), not ours to check.
 */
export async function wcagViolations(page: Page, rules?: string[], exclude: string[] = []): Promise<string[]> {
  const axe = exclude
    .reduce((builder, selector) => builder.exclude(selector), new AxeBuilder({ page }))
    .withTags(WCAG_22_AA)
    .setLegacyMode();
  const { violations } = await (rules ? axe.withRules(rules) : axe).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
}

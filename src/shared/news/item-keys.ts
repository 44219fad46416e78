import type { Report } from './schema.ts';

/**
 * /comunicados (spec §2): the key in the page's URL (its path, or `?item=`) selects the item
 * shown, among the fixed items of content/news and the active dynamic ones (GET /api/reports). "Comunicados" is the feature's
 * name on screen; "reports" is the spec's name for it in the API, and the code's. Apart from the
 * schemas, so that the page's island loads no zod.
 */

/** Shown when the URL names no item: the women-certification item. */
export const REPORT_DEFAULT_KEY = 'certificacion-mujeres';
/** Shown when the URL names an item that does not exist: the Covid-benefit item. */
export const REPORT_FALLBACK_KEY = 'beneficio-covid';

/** The page of the items; an item's own page is below it (reportPath). */
export const REPORTS_PATH = '/comunicados';

/**
 * Each item's own address, with its own title and description for search engines and shared
 * links (src/filled-pages/news.ts), and the sidebar's links.
 */
export const reportPath = (key: string): string => `${REPORTS_PATH}/${key}`;

/** The key an item's address names, or null for /comunicados itself. */
export function keyOfPath(pathname: string): string | null {
  // Keys are slugs (content/news' file names, `comunicado-{id}`): nothing in them is encoded.
  const key = pathname.startsWith(`${REPORTS_PATH}/`) ? pathname.slice(REPORTS_PATH.length + 1) : '';
  return key || null;
}

/**
 * The query parameter that carried the item key before each item had an address of its own:
 * /comunicados?item=key still shows the item, its canonical link naming the item's address.
 */
export const REPORT_QUERY = 'item';

export function resolveReportKey(requested: string | null, known: ReadonlySet<string>): string {
  if (!requested) return REPORT_DEFAULT_KEY;
  return known.has(requested) ? requested : REPORT_FALLBACK_KEY;
}

/** The URL key of a dynamic item, beside the keys of the fixed items. */
export const reportKey = (report: Pick<Report, 'id'>): string => `comunicado-${report.id}`;

import type { Report } from './schema.ts';

/**
 * /comunicados (spec §2): the key in the page's URL selects the item shown, among the fixed
 * items of content/news and the active dynamic ones (GET /api/reports). "Comunicados" is the feature's
 * name on screen; "reports" is the spec's name for it in the API, and the code's. Apart from the
 * schemas, so that the page's island loads no zod.
 */

/** Shown when the URL names no item: the women-certification item. */
export const REPORT_DEFAULT_KEY = 'certificacion-mujeres';
/** Shown when the URL names an item that does not exist: the Covid-benefit item. */
export const REPORT_FALLBACK_KEY = 'beneficio-covid';

/** The query parameter that carries the item key, so an item can be linked and shared. */
export const REPORT_QUERY = 'item';

export function resolveReportKey(requested: string | null, known: ReadonlySet<string>): string {
  if (!requested) return REPORT_DEFAULT_KEY;
  return known.has(requested) ? requested : REPORT_FALLBACK_KEY;
}

/** The URL key of a dynamic item, beside the keys of the fixed items. */
export const reportKey = (report: Pick<Report, 'id'>): string => `comunicado-${report.id}`;

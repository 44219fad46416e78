import * as z from 'zod/mini';
import { optionalText, requiredText } from '../fields.ts';
import { fileUrl } from '../documents/schema.ts';

/** A news item managed by staff (spec §3 Report); `text` is sanitised HTML. */
export const ReportSchema = z.object({
  id: z.int(),
  /** Only active items are listed on /comunicados. */
  active: z.boolean(),
  /** Position in the sidebar, lowest first. */
  order: z.int(),
  /** The item's name in the sidebar. */
  short_title: z.string(),
  /** The heading of the item's page. */
  title: z.string(),
  /** An internal name staff recognise it by; not shown to visitors. */
  name: z.string(),
  /** A file that goes with the item (a site path or an https address), or null. */
  url_file: z.nullable(z.string()),
  /** A second file, or null. */
  url_file_2: z.nullable(z.string()),
  /** The item's text: HTML sanitised with one allow-list (src/server/rich-text.ts). */
  text: z.string(),
});

export type Report = z.infer<typeof ReportSchema>;

/** GET /api/reports (spec §7). */
export const ReportsResponseSchema = z.object({ success: z.literal(true), reports: z.array(ReportSchema) });
export type ReportsResponse = z.infer<typeof ReportsResponseSchema>;

/**
 * /comunicados (spec §2): the key in the page's URL selects the item shown, among the fixed
 * items of content/news and the active dynamic ones (GET /api/reports). "Comunicados" is the feature's
 * name on screen; "reports" is the spec's name for it in the API, and the code's.
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

/**
 * POST/PUT /api/admin/reports: a news item (spec §3 Report). `text` is rich text; the server
 * sanitises it before storing, and again when it lists it publicly.
 */
export const ReportInputSchema = z.object({
  /** See ReportSchema for each field's meaning. */
  active: z.boolean({ error: 'Indique si el comunicado está activo.' }),
  order: z
    .number({ error: 'Ingrese el orden.' })
    .check(
      z.int('Ingrese un número entero.'),
      z.gte(0, 'El orden no puede ser negativo.'),
      z.lte(9999, 'El orden debe ser menor que 10000.'),
    ),
  short_title: requiredText(80, 'Ingrese el título corto.'),
  title: requiredText(200, 'Ingrese el título.'),
  name: optionalText(120),
  /** Empty for none. */
  url_file: fileUrl(),
  url_file_2: fileUrl(),
  /** Rich text from the editor; sanitised before it is stored. */
  text: optionalText(50_000, { multiline: true }),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

export const reportAdminMessages = { notFound: 'Comunicado no encontrado.' } as const;

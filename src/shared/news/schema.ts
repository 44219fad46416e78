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

import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';
import { fileUrl } from './documents.ts';

/** A news item managed by staff (spec §3 Report); `text` is sanitised HTML. */
export const ReportSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  order: z.number().int(),
  short_title: z.string(),
  title: z.string(),
  name: z.string(),
  url_file: z.string().nullable(),
  url_file_2: z.string().nullable(),
  text: z.string(),
});

export type Report = z.infer<typeof ReportSchema>;

/** GET /api/reports (spec §7). */
export const ReportsResponseSchema = z.object({ reports: z.array(ReportSchema) });

/** What /comunicados lists: active items by their order (spec §7). */
export const listedReports = (reports: readonly Report[]): Report[] =>
  reports.filter((report) => report.active).sort((a, b) => a.order - b.order);

/** The URL key of a dynamic item, beside the keys of the fixed items. */
export const reportKey = (report: Pick<Report, 'id'>): string => `comunicado-${report.id}`;

/**
 * POST/PUT /api/admin/reports: a news item (spec §3 Report). `text` is rich text; the server
 * sanitises it before storing, and again when it lists it publicly.
 */
export const ReportInputSchema = z.object({
  active: z.boolean({ error: 'Indique si el comunicado está activo.' }),
  order: z
    .number({ error: 'Ingrese el orden.' })
    .int('Ingrese un número entero.')
    .min(0, 'El orden no puede ser negativo.')
    .max(9999, 'El orden debe ser menor que 10000.'),
  short_title: requiredText(80, 'Ingrese el título corto.'),
  title: requiredText(200, 'Ingrese el título.'),
  name: optionalText(120),
  url_file: fileUrl(),
  url_file_2: fileUrl(),
  text: optionalText(50_000),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

export const reportAdminMessages = { notFound: 'Comunicado no encontrado.' } as const;

import { z } from 'zod';

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

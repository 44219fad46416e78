import * as z from 'zod/mini';
import { csvFileField, RejectedLineSchema } from '../imports/schema.ts';
import { CHARGE_COLUMNS } from './schema.ts';

/**
 * The readings import (docs/features/consumption.md, "The readings import"): staff load the
 * billing system's second export, one line per service and billing period, at Cuentas
 * (/admin/cuentas/lecturas), as `npm run readings:import` does from a terminal.
 */

export const readingsMessages = {
  fileRequired: 'Seleccione el archivo CSV de lecturas.',
  noReadings: 'El archivo no tiene lecturas: está vacío o solo tiene la línea de títulos.',
  tooManyLines: (max: number) =>
    `El archivo tiene más de ${new Intl.NumberFormat('es-CL').format(max)} líneas de lecturas: divídalo en partes e impórtelas una tras otra.`,
} as const;

/** The columns every readings export names in its first line; doc_url may be absent. */
export const READING_COLUMNS = [
  'service_number',
  'period',
  'read_from',
  'read_to',
  'reading_from',
  'reading_to',
  'consumption_m3',
  'reading_type',
  'overconsumption_m3',
  ...CHARGE_COLUMNS,
  'total',
  'due_date',
] as const;

/**
 * Lines of readings a file may hold: a month of the utility's 25,000 services, or two of them,
 * with room. The import is one batch, and Neon's HTTP driver takes at most 10 MiB a request
 * (tests/integration/readings-import.test.ts measures 60,000 lines at the upload's limit).
 */
export const MAX_READING_LINES = 60_000;

/** POST /api/admin/readings/import: a completed upload of purpose `readings`. */
export const ReadingsImportSchema = z.object({
  uploadId: z
    .string({ error: readingsMessages.fileRequired })
    .check(z.minLength(1, readingsMessages.fileRequired), z.maxLength(100)),
});

/** The import form: the chosen file, checked as the server will. */
export const ReadingsImportFormSchema = z.object({
  file: csvFileField('readings', readingsMessages.fileRequired),
});

/** POST /api/admin/readings/import: data.report. `rejected` holds at most IMPORT_REPORT_LIMIT of its total. */
export const ReadingsImportReportSchema = z.object({
  /** Periods written, the replaced ones included. */
  imported: z.number(),
  /** Periods the file named that were already kept: replaced by the file's. */
  replaced: z.number(),
  /** Older periods deleted to keep PERIODS_KEPT per service (the file's own included, when older still). */
  removed: z.number(),
  /** Periods warned of high consumption (src/server/consumption/warnings.ts), and those of them mailed. */
  warned: z.number(),
  mailed: z.number(),
  rejected: z.array(RejectedLineSchema),
  rejectedTotal: z.number(),
});
export type ReadingsImportReport = z.infer<typeof ReadingsImportReportSchema>;

export const ReadingsImportAnswerSchema = z.object({ report: ReadingsImportReportSchema });

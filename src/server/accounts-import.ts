import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Database } from './db/index.ts';

/**
 * The billing system's CSV export (README, "Billing data"): one row per service, columns
 * service_number, balance, install_address, expiration_date (YYYY-MM-DD, may be empty) and
 * doc_url (may be empty); comma or semicolon separated, UTF-8, with a header row.
 */
const Row = z.object({
  service_number: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'service_number must be 1 to 12 digits'),
  balance: z.string().trim().regex(/^\d+$/, 'balance must be a whole number of pesos').transform(Number),
  install_address: z.string().trim().min(1, 'install_address is empty').max(200),
  expiration_date: z
    .union([z.literal(''), z.iso.date('expiration_date must be YYYY-MM-DD')])
    .transform((value) => value || null),
  doc_url: z
    .union([z.literal(''), z.url('doc_url must be a URL'), z.string().startsWith('/')])
    .transform((value) => value || null),
});

export type AccountRow = z.output<typeof Row>;

export interface ParsedExport {
  rows: AccountRow[];
  /** Line number in the file and why the line was left out. */
  rejected: { line: number; reason: string }[];
}

export function parseAccountsCsv(text: string): ParsedExport {
  const delimiter = (text.split('\n')[0] ?? '').includes(';') ? ';' : ',';
  const records = parse(text, {
    columns: true,
    delimiter,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    relax_column_count: true,
    info: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];
  const result: ParsedExport = { rows: [], rejected: [] };
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const parsed = Row.safeParse(record);
    if (!parsed.success)
      result.rejected.push({ line: info.lines, reason: parsed.error.issues.map((issue) => issue.message).join('; ') });
    else if (seen.has(parsed.data.service_number))
      result.rejected.push({ line: info.lines, reason: `service_number ${parsed.data.service_number} repeated` });
    else {
      seen.add(parsed.data.service_number);
      result.rows.push(parsed.data);
    }
  }
  return result;
}

/** Upserts the valid rows in one transaction. */
export async function importAccounts(db: Database, rows: AccountRow[]): Promise<void> {
  await db.batch(
    rows.map((row) => ({
      text: `INSERT INTO accounts (service_number, balance, install_address, expiration_date, doc_url) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (service_number) DO UPDATE SET balance = EXCLUDED.balance, install_address = EXCLUDED.install_address,
               expiration_date = EXCLUDED.expiration_date, doc_url = EXCLUDED.doc_url, updated_at = now()`,
      params: [row.service_number, row.balance, row.install_address, row.expiration_date, row.doc_url],
    })),
  );
}

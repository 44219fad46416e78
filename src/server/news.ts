import type { Report, ReportInput } from '../shared/news/schema.ts';
import { changeAndAudit } from './audit.ts';
import type { SignedInAdmin } from './auth/require-admin.ts';
import type { Database } from './db/index.ts';
import { sanitizeReportText } from './rich-text.ts';

/** News items (comunicados) as staff manage them, active or not; `text` is stored sanitised. */

const COLUMNS = 'id::int AS id, active, "order", short_title, title, name, url_file, url_file_2, text';
const audit = { entity: 'report', entityId: 'id', summary: 'title' } as const;

// An empty file address is no file: stored as NULL, as the public list expects.
const values = async (input: ReportInput) => [
  input.active,
  input.order,
  input.short_title,
  input.title,
  input.name,
  input.url_file || null,
  input.url_file_2 || null,
  await sanitizeReportText(input.text),
];

export const listReports = (db: Database) => db.query<Report>(`SELECT ${COLUMNS} FROM reports ORDER BY "order", id`);

export const findReport = async (db: Database, id: string) =>
  (await db.query<Report>(`SELECT ${COLUMNS} FROM reports WHERE id = $1`, [id]))[0];

export async function createReport(db: Database, admin: SignedInAdmin, input: ReportInput): Promise<Report> {
  const [report] = await changeAndAudit<Report>(db, {
    change: `INSERT INTO reports (active, "order", short_title, title, name, url_file, url_file_2, text) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    params: await values(input),
    admin,
    action: 'create',
    ...audit,
  });
  return report!;
}

export async function updateReport(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: ReportInput,
): Promise<Report | undefined> {
  const [report] = await changeAndAudit<Report>(db, {
    change: `UPDATE reports SET active = $2, "order" = $3, short_title = $4, title = $5, name = $6, url_file = $7, url_file_2 = $8, text = $9
             WHERE id = $1 RETURNING ${COLUMNS}`,
    params: [id, ...(await values(input))],
    admin,
    action: 'update',
    ...audit,
  });
  return report;
}

export async function deleteReport(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  const deleted = await changeAndAudit(db, {
    change: `DELETE FROM reports WHERE id = $1 RETURNING ${COLUMNS}`,
    params: [id],
    admin,
    action: 'delete',
    ...audit,
  });
  return deleted.length > 0;
}

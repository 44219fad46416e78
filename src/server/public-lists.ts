import type { CompanyDocument, FileType } from '../shared/documents/schema.ts';
import { fileTypes } from '../shared/documents/schema.ts';
import type { EducationDocument } from '../shared/education/schema.ts';
import type { Report } from '../shared/news/schema.ts';
import type { Database } from './db/index.ts';
import { sanitizeReportText } from './rich-text.ts';

/** The lists public pages read: company documents, news items and education resources. */

export const listCompanyDocuments = (db: Database) =>
  db.query<CompanyDocument>(
    `SELECT type, year, url_file FROM documents WHERE url_file IS NOT NULL AND url_file <> '' ORDER BY year DESC, type`,
  );

export async function findDocumentUrl(db: Database, fileType: FileType, year: number): Promise<string | undefined> {
  const [row] = await db.query<{ url_file: string }>(
    `SELECT url_file FROM documents WHERE type = $1 AND year = $2 AND url_file IS NOT NULL AND url_file <> ''`,
    [fileTypes[fileType], year],
  );
  return row?.url_file;
}

export async function listActiveReports(db: Database): Promise<Report[]> {
  const rows = await db.query<Report & { id: string }>(
    `SELECT id, active, "order", short_title, title, name, url_file, url_file_2, text
     FROM reports WHERE active ORDER BY "order", id`,
  );
  // Sanitised again on the way out, so no stored markup can ever reach a visitor as script.
  return Promise.all(
    rows.map(async (row) => ({ ...row, id: Number(row.id), text: await sanitizeReportText(row.text) })),
  );
}

export async function listVisibleEducationDocuments(db: Database): Promise<EducationDocument[]> {
  const rows = await db.query<EducationDocument & { id: string }>(
    `SELECT id, content_type, hidden, title, description, url_file, thumbnail
     FROM education_documents WHERE NOT hidden ORDER BY content_type, id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

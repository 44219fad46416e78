import { documentAdminMessages, type DocumentInput, type StoredDocument } from '../shared/documents/schema.ts';
import { changeAndAudit } from './audit.ts';
import type { SignedInAdmin } from './auth/require-admin.ts';
import { isoTime, type Database } from './db/index.ts';
import { uniqueOr } from './errors.ts';

/** Company documents as staff manage them (annual reports and financial statements; one per type and year). */

const COLUMNS = `id::int AS id, type, year, url_file, ${isoTime('updated_at')} AS updated_at`;
const audit = { entity: 'document', entityId: 'id', summary: `type || ' ' || year` } as const;

export const listDocuments = (db: Database) =>
  db.query<StoredDocument>(`SELECT ${COLUMNS} FROM documents ORDER BY year DESC, type`);

export const findDocument = async (db: Database, id: string) =>
  (await db.query<StoredDocument>(`SELECT ${COLUMNS} FROM documents WHERE id = $1`, [id]))[0];

export const createDocument = (db: Database, admin: SignedInAdmin, input: DocumentInput) =>
  uniqueOr(documentAdminMessages.duplicate, 'year', async () => {
    const [document] = await changeAndAudit<StoredDocument>(db, {
      change: `INSERT INTO documents (type, year, url_file) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      params: [input.type, input.year, input.url_file],
      admin,
      action: 'create',
      ...audit,
    });
    return document!;
  });

export const updateDocument = (db: Database, admin: SignedInAdmin, id: string, input: DocumentInput) =>
  uniqueOr(documentAdminMessages.duplicate, 'year', async () => {
    const [document] = await changeAndAudit<StoredDocument>(db, {
      change: `UPDATE documents SET type = $2, year = $3, url_file = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      params: [id, input.type, input.year, input.url_file],
      admin,
      action: 'update',
      ...audit,
    });
    return document;
  });

export async function deleteDocument(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  const deleted = await changeAndAudit(db, {
    change: `DELETE FROM documents WHERE id = $1 RETURNING ${COLUMNS}`,
    params: [id],
    admin,
    action: 'delete',
    ...audit,
  });
  return deleted.length > 0;
}

import type { EducationDocument, EducationInput } from '../shared/education/schema.ts';
import { changeAndAudit } from './audit.ts';
import type { SignedInAdmin } from './auth/require-admin.ts';
import type { Database } from './db/index.ts';

/** Education resources as staff manage them, hidden ones too. */

const COLUMNS = 'id::int AS id, content_type, hidden, title, description, url_file, thumbnail';
const audit = { entity: 'education', entityId: 'id', summary: 'title' } as const;

// No thumbnail is NULL, as the public list expects.
const values = (input: EducationInput) => [
  input.content_type,
  input.hidden,
  input.title,
  input.description,
  input.url_file,
  input.thumbnail || null,
];

export const listEducation = (db: Database) =>
  db.query<EducationDocument>(`SELECT ${COLUMNS} FROM education_documents ORDER BY content_type, id`);

export const findEducation = async (db: Database, id: string) =>
  (await db.query<EducationDocument>(`SELECT ${COLUMNS} FROM education_documents WHERE id = $1`, [id]))[0];

export async function createEducation(
  db: Database,
  admin: SignedInAdmin,
  input: EducationInput,
): Promise<EducationDocument> {
  const [document] = await changeAndAudit<EducationDocument>(db, {
    change: `INSERT INTO education_documents (content_type, hidden, title, description, url_file, thumbnail) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    params: values(input),
    admin,
    action: 'create',
    ...audit,
  });
  return document!;
}

export async function updateEducation(
  db: Database,
  admin: SignedInAdmin,
  id: string,
  input: EducationInput,
): Promise<EducationDocument | undefined> {
  const [document] = await changeAndAudit<EducationDocument>(db, {
    change: `UPDATE education_documents SET content_type = $2, hidden = $3, title = $4, description = $5, url_file = $6, thumbnail = $7
             WHERE id = $1 RETURNING ${COLUMNS}`,
    params: [id, ...values(input)],
    admin,
    action: 'update',
    ...audit,
  });
  return document;
}

export async function deleteEducation(db: Database, admin: SignedInAdmin, id: string): Promise<boolean> {
  const deleted = await changeAndAudit(db, {
    change: `DELETE FROM education_documents WHERE id = $1 RETURNING ${COLUMNS}`,
    params: [id],
    admin,
    action: 'delete',
    ...audit,
  });
  return deleted.length > 0;
}

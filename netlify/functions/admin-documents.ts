import type { Config } from '@netlify/functions';
import { documentAdminMessages, DocumentInputSchema } from '../../src/shared/documents/schema.ts';
import { adminCollection } from '../../src/server/admin-collection.ts';
import {
  createDocument,
  deleteDocument,
  findDocument,
  listDocuments,
  updateDocument,
} from '../../src/server/documents.ts';
import { isRowId } from '../../src/server/ids.ts';

/** /api/admin/documents and /api/admin/documents/{id} (docs/reference/admin-api.md): annual reports and financial statements. */
export default adminCollection({
  schemas: { create: DocumentInputSchema, update: DocumentInputSchema },
  maxBytes: 4_096,
  keys: { list: 'documents', item: 'document' },
  notFound: documentAdminMessages.notFound,
  isId: isRowId,
  list: listDocuments,
  find: findDocument,
  create: createDocument,
  update: updateDocument,
  remove: deleteDocument,
});

export const config: Config = { path: ['/api/admin/documents', '/api/admin/documents/:id'] };

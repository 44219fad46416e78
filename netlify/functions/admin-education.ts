import type { Config } from '@netlify/functions';
import { educationAdminMessages, EducationInputSchema } from '../../src/shared/education/schema.ts';
import { adminCollection } from '../../src/server/admin-collection.ts';
import {
  createEducation,
  deleteEducation,
  findEducation,
  listEducation,
  updateEducation,
} from '../../src/server/education.ts';
import { isRowId } from '../../src/server/ids.ts';

/** /api/admin/education and /api/admin/education/{id} (docs/reference/admin-api.md): education resources. */
export default adminCollection({
  schemas: { create: EducationInputSchema, update: EducationInputSchema },
  maxBytes: 8_192,
  keys: { list: 'documents', item: 'document' },
  notFound: educationAdminMessages.notFound,
  isId: isRowId,
  list: listEducation,
  find: findEducation,
  create: createEducation,
  update: updateEducation,
  remove: deleteEducation,
});

export const config: Config = { path: ['/api/admin/education', '/api/admin/education/:id'] };

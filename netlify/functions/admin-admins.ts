import type { Config } from '@netlify/functions';
import { AdminCreateSchema, adminMessages, AdminUpdateSchema } from '../../src/shared/admins/schema.ts';
import { adminCollection } from '../../src/server/admin-collection.ts';
import { addAdmin, deleteAdmin, listAdmins, updateAdmin } from '../../src/server/admins/manage.ts';
import { findAdmin } from '../../src/server/auth/sign-in.ts';
import { isUuid } from '../../src/server/ids.ts';

/** /api/admin/admins and /api/admin/admins/{id} (docs/reference/admin-api.md): the administrators. */
export default adminCollection({
  schemas: { create: AdminCreateSchema, update: AdminUpdateSchema },
  maxBytes: 4_096,
  keys: { list: 'admins', item: 'admin' },
  notFound: adminMessages.notFound,
  isId: isUuid,
  list: listAdmins,
  find: findAdmin,
  create: addAdmin,
  update: updateAdmin,
  remove: deleteAdmin,
});

export const config: Config = { path: ['/api/admin/admins', '/api/admin/admins/:id'] };

import type { Config, Context } from '@netlify/functions';
import { findAdmin } from '../../src/server/auth/admins.ts';
import { requireAdmin } from '../../src/server/auth/require-admin.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { failure, json, methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';

/** GET /api/admins/{id} (spec §7): data.data.admin, for a signed-in admin only. */
export default withErrorHandling(async (req: Request, context: Context) => {
  const auth = await requireAdmin(req);
  if ('response' in auth) return auth.response;
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const admin = await findAdmin(getDatabase(), context.params.id ?? '');
  return admin ? json({ success: true, data: { admin } }) : failure(404, 'Administrador no encontrado.');
});

export const config: Config = { path: '/api/admins/:id' };

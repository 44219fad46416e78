import type { Config } from '@netlify/functions';
import { adminMessages } from '../../src/shared/admins/schema.ts';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { findAdmin } from '../../src/server/auth/sign-in.ts';
import { NotFound } from '../../src/server/errors.ts';

/**
 * GET /api/admins/{id} (spec §7): data.data.admin, for a signed-in admin only, whatever their
 * role: the app loads its user's profile here, a compliance-only user's too.
 */
export default adminEndpoint(
  async ({ req, context, db }) =>
    byMethod(req, {
      GET: async () => {
        const admin = await findAdmin(db, context.params.id ?? '');
        if (!admin) throw new NotFound(adminMessages.notFound);
        return answer({ admin });
      },
    }),
  'any',
);

export const config: Config = { path: '/api/admins/:id' };

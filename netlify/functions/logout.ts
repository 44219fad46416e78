import type { Config } from '@netlify/functions';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { endSessions } from '../../src/server/auth/sign-in.ts';

/** POST /api/logout (docs/reference/admin-api.md): every token the signed-in admin holds stops working. */
export default adminEndpoint(
  async ({ req, admin, db }) =>
    byMethod(req, {
      POST: async () => {
        await endSessions(db, admin);
        return answer({});
      },
    }),
  'any',
);

export const config: Config = { path: '/api/logout' };

import type { Config } from '@netlify/functions';
import { AuditQuerySchema } from '../../src/shared/audit/schema.ts';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { listAudit } from '../../src/server/audit.ts';
import { parseInput } from '../../src/server/http.ts';

/**
 * GET /api/admin/audit?page=N&view=(|cambios|accesos) (docs/reference/admin-api.md): the audit log, newest
 * first; everything, only changes or only accesses.
 */
export default adminEndpoint(async ({ req, db }) =>
  byMethod(req, {
    GET: async () => {
      const query = parseInput(AuditQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
      return answer(await listAudit(db, query));
    },
  }),
);

export const config: Config = { path: '/api/admin/audit' };

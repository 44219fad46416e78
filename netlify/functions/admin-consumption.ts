import type { Config } from '@netlify/functions';
import { adminEndpoint, answer } from '../../src/server/admin-endpoint.ts';
import { staffConsumption } from '../../src/server/consumption/lookup.ts';
import { parseInput } from '../../src/server/http.ts';
import { byMethod } from '../../src/server/route-table.ts';
import { StaffConsumptionSchema } from '../../src/shared/consumption/schema.ts';

/**
 * GET /api/admin/consumption/{serviceNumber} (docs/reference/admin-api.md): the holder's view of a
 * service (POST /api/consumo's data), for staff answering the phone or the counter, who have
 * checked who is asking. A look at a holder's consumption is an access, audited with the read.
 */
export default adminEndpoint(async ({ req, context, admin, db }) =>
  byMethod(req, {
    GET: async () => {
      const { serviceNumber } = parseInput(StaffConsumptionSchema, context.params);
      return answer(await staffConsumption(db, serviceNumber, admin));
    },
  }),
);

export const config: Config = { path: '/api/admin/consumption/:serviceNumber' };

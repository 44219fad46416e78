import type { Config } from '@netlify/functions';
import {
  OutageListQuerySchema,
  OutageStatusChangeSchema,
  OutageTownInputSchema,
  OutageUpdateInputSchema,
} from '../../src/shared/outages-admin.ts';
import { OutageInputSchema, outageMessages, OutagePublishSchema } from '../../src/shared/outages.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { arrivalOf, failure, parseInput, readInput } from '../../src/server/http.ts';
import { listOutages, outageDetail } from '../../src/server/outages/admin-list.ts';
import { addOutageUpdate, changeOutageStatus, publishOutage } from '../../src/server/outages/lifecycle.ts';
import { createOutage, deleteOutage, updateOutage } from '../../src/server/outages/manage.ts';
import { addTown, listTowns } from '../../src/server/outages/towns.ts';

/**
 * Cortes de agua, staff's side (docs/admin-api.md): GET and POST /api/admin/outages,
 * GET and POST …/towns, GET, PUT and DELETE …/{id}, POST …/{id}/publish, PUT …/{id}/status and
 * POST …/{id}/updates. Every change answers the outage as it left it.
 */
export default adminEndpoint(async ({ req, context, admin, db }) => {
  const { pathname, searchParams } = new URL(req.url);
  // "Now" is the arrival's clock, which local e2e tests may set (the 48-hour rule, the stamps).
  const now = () => arrivalOf(req).at;
  const notFound = () => failure(404, outageMessages.notFound);

  if (pathname.endsWith('/outages/towns'))
    return byMethod(req, {
      GET: async () => answer({ towns: await listTowns(db) }),
      POST: async () =>
        answer({ town: await addTown(db, admin, await readInput(req, OutageTownInputSchema, 1_024)) }, 201),
    });

  const { id } = context.params;
  const detail = async (outageId: string, status = 200) => {
    const outage = await outageDetail(db, outageId);
    return outage ? answer({ outage }, status) : notFound();
  };
  // Outage bodies carry up to 20 supply points of a few hundred characters each.
  const readOutage = () => readInput(req, OutageInputSchema, 65_536);

  if (id === undefined)
    return byMethod(req, {
      GET: async () =>
        answer(await listOutages(db, parseInput(OutageListQuerySchema, Object.fromEntries(searchParams)))),
      POST: async () => detail(await createOutage(db, admin, await readOutage(), now()), 201),
    });

  if (pathname.endsWith('/publish'))
    return byMethod(req, {
      POST: async () => {
        const input = await readInput(req, OutagePublishSchema, 4_096);
        return (await publishOutage(db, admin, id, input, now())) ? detail(id) : notFound();
      },
    });

  if (pathname.endsWith('/status'))
    return byMethod(req, {
      PUT: async () => {
        const input = await readInput(req, OutageStatusChangeSchema, 1_024);
        return (await changeOutageStatus(db, admin, id, input, now())) ? detail(id) : notFound();
      },
    });

  if (pathname.endsWith('/updates'))
    return byMethod(req, {
      POST: async () => {
        const { body } = await readInput(req, OutageUpdateInputSchema, 8_192);
        return (await addOutageUpdate(db, admin, id, body, now())) ? detail(id, 201) : notFound();
      },
    });

  return byMethod(req, {
    GET: () => detail(id),
    PUT: async () => ((await updateOutage(db, admin, id, await readOutage(), now())) ? detail(id) : notFound()),
    DELETE: async () => ((await deleteOutage(db, admin, id)) ? answer({ deleted: id }) : notFound()),
  });
});

export const config: Config = {
  path: [
    '/api/admin/outages',
    '/api/admin/outages/towns',
    '/api/admin/outages/:id',
    '/api/admin/outages/:id/publish',
    '/api/admin/outages/:id/status',
    '/api/admin/outages/:id/updates',
  ],
};

import type { Config } from '@netlify/functions';
import {
  OutageListQuerySchema,
  OutageStatusChangeSchema,
  OutageSupplyTimesSchema,
  OutageTownInputSchema,
  OutageUpdateInputSchema,
} from '../../src/shared/outages/admin/schema.ts';
import { affectedFileName, affectedMessages } from '../../src/shared/outages/admin/affected.ts';
import {
  closedStatuses,
  OutageInputSchema,
  outageMessages,
  OutagePublishSchema,
} from '../../src/shared/outages/schema.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { keepCapDocumentsAfter } from '../../src/server/cap/store.ts';
import type { Database } from '../../src/server/db/index.ts';
import { arrivalOf, failure, parseInput, readInput } from '../../src/server/http.ts';
import { listOutages, outageDetail } from '../../src/server/outages/admin-list.ts';
import { exportAffected } from '../../src/server/outages/affected.ts';
import { addOutageUpdate, changeOutageStatus, publishOutage } from '../../src/server/outages/lifecycle.ts';
import { createOutage, deleteOutage, updateOutage } from '../../src/server/outages/manage.ts';
import { correctSupplyTimes } from '../../src/server/outages/supply-times.ts';
import { answerWaterReports } from '../../src/server/outages/water-reports.ts';
import { phoneAlertSettings, setPhoneAlertSettings } from '../../src/server/phone-alerts/billing-phones.ts';
import { PhoneAlertSettingsSchema } from '../../src/shared/outage-alerts/schema.ts';
import { addTown, listTowns } from '../../src/server/outages/towns.ts';

// "Now" is the arrival's clock, which local e2e tests may set (the 48-hour rule, the stamps).
const now = (req: Request) => arrivalOf(req).at;
const notFound = () => failure(404, outageMessages.notFound);
// Outage bodies carry up to 20 supply points of a few hundred characters each.
const readOutage = (req: Request) => readInput(req, OutageInputSchema, 65_536);

/** The outage as a change left it. */
async function detail(db: Database, id: string, status = 200) {
  const outage = await outageDetail(db, id);
  return outage ? answer({ outage }, status) : notFound();
}

/** afectados.csv of a restored outage with its real times (src/server/outages/affected.ts), streamed. */
async function affected(db: Database, admin: SignedInAdmin, id: string) {
  const exported = await exportAffected(db, admin, id);
  if (exported.kind === 'not-found') return notFound();
  if (exported.kind === 'not-restored') return failure(409, affectedMessages.notRestored);
  if (exported.kind === 'no-real-times') return failure(409, affectedMessages.noRealTimes);
  return new Response(exported.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${affectedFileName(id)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * Cortes de agua, staff's side (docs/reference/admin-api.md): GET and POST /api/admin/outages,
 * GET and POST …/towns, GET and PUT …/phone-alerts (the billing export's phones), GET, PUT and DELETE …/{id}, POST …/{id}/publish, PUT …/{id}/status,
 * POST …/{id}/updates, PUT …/{id}/supply (the real times) and PUT …/{id}/water-reports (the
 * SIGO SIN AGUA replies answered). Every change answers the outage as
 * it left it. GET …/{id}/afectados.csv is the export of a restored outage's affected accounts. A
 * step that issues a CAP message keeps its document after the answer (cap/store.ts).
 */
export default adminRoutes({
  '/api/admin/outages': {
    GET: async ({ req, db }) =>
      answer(
        await listOutages(db, parseInput(OutageListQuerySchema, Object.fromEntries(new URL(req.url).searchParams))),
      ),
    POST: async ({ req, db, admin }) =>
      answer({ outage: await createOutage(db, admin, await readOutage(req), now(req)) }, 201),
  },
  '/api/admin/outages/towns': {
    GET: async ({ db }) => answer({ towns: await listTowns(db) }),
    POST: async ({ req, db, admin }) =>
      answer({ town: await addTown(db, admin, await readInput(req, OutageTownInputSchema, 1_024)) }, 201),
  },
  '/api/admin/outages/phone-alerts': {
    GET: async ({ db }) => answer({ settings: await phoneAlertSettings(db) }),
    PUT: async ({ req, db, admin }) =>
      answer({
        settings: await setPhoneAlertSettings(db, admin, await readInput(req, PhoneAlertSettingsSchema, 1_024)),
      }),
  },
  '/api/admin/outages/:id': {
    GET: ({ db, params }) => detail(db, params.id),
    PUT: async ({ req, db, admin, params: { id } }) =>
      (await updateOutage(db, admin, id, await readOutage(req), now(req))) ? detail(db, id) : notFound(),
    DELETE: async ({ db, admin, params: { id } }) =>
      (await deleteOutage(db, admin, id)) ? answer({ deleted: id }) : notFound(),
  },
  '/api/admin/outages/:id/publish': {
    POST: async ({ req, context, db, admin, params: { id } }) => {
      const input = await readInput(req, OutagePublishSchema, 4_096);
      const outage = await publishOutage(db, admin, id, input, now(req));
      if (!outage) return notFound();
      keepCapDocumentsAfter(context, db, 'corte', id);
      return answer({ outage });
    },
  },
  '/api/admin/outages/:id/status': {
    PUT: async ({ req, context, db, admin, params: { id } }) => {
      const input = await readInput(req, OutageStatusChangeSchema, 1_024);
      if (!(await changeOutageStatus(db, admin, id, input, now(req)))) return notFound();
      // Closing issues CAP's Cancel.
      if (closedStatuses.includes(input.status)) keepCapDocumentsAfter(context, db, 'corte', id);
      return detail(db, id);
    },
  },
  '/api/admin/outages/:id/updates': {
    POST: async ({ req, context, db, admin, params: { id } }) => {
      const { body } = await readInput(req, OutageUpdateInputSchema, 8_192);
      if (!(await addOutageUpdate(db, admin, id, body, now(req)))) return notFound();
      keepCapDocumentsAfter(context, db, 'corte', id);
      return detail(db, id, 201);
    },
  },
  '/api/admin/outages/:id/supply': {
    PUT: async ({ req, db, admin, params: { id } }) => {
      const input = await readInput(req, OutageSupplyTimesSchema, 4_096);
      return (await correctSupplyTimes(db, admin, id, input, now(req))) ? detail(db, id) : notFound();
    },
  },
  '/api/admin/outages/:id/afectados.csv': {
    GET: ({ db, admin, params }) => affected(db, admin, params.id),
  },
  '/api/admin/outages/:id/water-reports': {
    PUT: async ({ db, admin, params: { id } }) =>
      (await answerWaterReports(db, admin, id)) === undefined ? notFound() : detail(db, id),
  },
});

export const config: Config = {
  path: [
    '/api/admin/outages',
    '/api/admin/outages/towns',
    '/api/admin/outages/phone-alerts',
    '/api/admin/outages/:id',
    '/api/admin/outages/:id/publish',
    '/api/admin/outages/:id/status',
    '/api/admin/outages/:id/updates',
    '/api/admin/outages/:id/supply',
    '/api/admin/outages/:id/afectados.csv',
    '/api/admin/outages/:id/water-reports',
  ],
};

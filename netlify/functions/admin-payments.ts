import type { Config } from '@netlify/functions';
import {
  ManualSettlementSchema,
  paymentAdminMessages,
  PaymentFiltersSchema,
} from '../../src/shared/payments/admin/schema.ts';
import { adminRoutes, answer } from '../../src/server/admin-endpoint.ts';
import { chileDate } from '../../src/shared/time/wall-clock.ts';
import { config as settings } from '../../src/server/config.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { verifyPayment } from '../../src/server/payments/admin-verify.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';
import { parseInput, readInput } from '../../src/server/http.ts';
import { settleByHand } from '../../src/server/payments/admin-settle.ts';
import { paymentsCsv } from '../../src/server/payments/admin-csv.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { exportSummary, findPayment, listPayments, paymentsForExport } from '../../src/server/payments/admin-list.ts';
import { Conflict, NotFound } from '../../src/server/errors.ts';

// Far more than a year of payments, and still a file a spreadsheet opens.
const EXPORT_LIMIT = 50_000;

const filtersOf = (req: Request) => parseInput(PaymentFiltersSchema, Object.fromEntries(new URL(req.url).searchParams));

/**
 * GET /api/admin/payments (a page of the filtered list), /api/admin/payments/export (every
 * matching row as CSV) and /api/admin/payments/{billId} (one bill and its card record);
 * POST /api/admin/payments/{billId}/verify ("Verificar estado en Webpay": that bill's reconciliation) and
 * /api/admin/payments/{billId}/settle (how staff settled by hand a bill that required a person).
 */
export default adminRoutes({
  '/api/admin/payments': {
    GET: async ({ req, db }) => answer(await listPayments(db, filtersOf(req))),
  },
  '/api/admin/payments/export': {
    GET: async ({ req, db, admin }) => {
      const filters = filtersOf(req);
      await recordAccess(db, {
        admin,
        action: 'export',
        entity: 'payments',
        entityId: '',
        summary: exportSummary(filters),
      });
      return new Response(paymentsCsv(paymentsForExport(db, filters, { limit: EXPORT_LIMIT, batchSize: 5_000 })), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="pagos-webpay-${chileDate(new Date())}.csv"`,
          'Cache-Control': 'no-store',
        },
      });
    },
  },
  '/api/admin/payments/:billId': {
    GET: async ({ db, admin, params }) => {
      const payment = await findPayment(db, params.billId, admin);
      if (!payment) throw new NotFound(paymentAdminMessages.notFound);
      return answer(payment);
    },
  },
  '/api/admin/payments/:billId/verify': {
    POST: async ({ req, context, db, admin, params }) => {
      const webpay = createWebpayClient(settings.webpay(new URL(req.url).origin, context.deploy?.context));
      const verification = await verifyPayment(db, webpay, admin, params.billId);
      if (!verification) throw new NotFound(paymentAdminMessages.notFound);
      // A receipt recorded now goes out after the answer, as after a customer's return.
      context.waitUntil(deliverDueMail());
      return answer(verification);
    },
  },
  '/api/admin/payments/:billId/settle': {
    POST: async ({ req, db, admin, params }) => {
      const input = await readInput(req, ManualSettlementSchema, 8_192);
      const outcome = await settleByHand(db, admin, params.billId, input);
      if (outcome.kind === 'not-found') throw new NotFound(paymentAdminMessages.notFound);
      if (outcome.kind === 'not-requiring-person')
        throw new Conflict(
          outcome.alreadySettled ? paymentAdminMessages.alreadySettled : paymentAdminMessages.notRequiringPerson,
        );
      return answer({ payment: outcome.payment });
    },
  },
});

export const config: Config = {
  path: [
    '/api/admin/payments',
    '/api/admin/payments/export',
    '/api/admin/payments/:billId',
    '/api/admin/payments/:billId/verify',
    '/api/admin/payments/:billId/settle',
  ],
};

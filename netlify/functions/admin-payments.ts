import type { Config } from '@netlify/functions';
import { paymentAdminMessages, PaymentFiltersSchema } from '../../src/shared/payments.ts';
import { adminEndpoint, answer, byMethod } from '../../src/server/admin-endpoint.ts';
import { failure, parseInput } from '../../src/server/http.ts';
import { paymentsCsv } from '../../src/server/payments-csv.ts';
import { recordAccess } from '../../src/server/audit.ts';
import { exportSummary, findPayment, listPayments, paymentsForExport } from '../../src/server/payments.ts';

const EXPORT_PATH = '/api/admin/payments/export';
// Far more than a year of payments, and still a file a spreadsheet opens.
const EXPORT_LIMIT = 50_000;

/** Today in Chile, for the export's file name. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

/**
 * GET /api/admin/payments (a page of the filtered list), /api/admin/payments/export (every
 * matching row as CSV) and /api/admin/payments/{billId} (one bill and its card record).
 */
export default adminEndpoint(async ({ req, context, admin, db }) =>
  byMethod(req, {
    GET: async () => {
      const url = new URL(req.url);
      const billId = url.pathname === EXPORT_PATH ? undefined : context.params.billId;
      if (billId !== undefined) {
        const payment = await findPayment(db, billId);
        if (!payment) return failure(404, paymentAdminMessages.notFound);
        await recordAccess(db, {
          admin,
          action: 'view',
          entity: 'payment',
          entityId: payment.bill.id,
          summary: `Orden ${payment.bill.buy_order ?? '(sin orden)'}, servicio ${payment.bill.service_number}`,
        });
        return answer(payment);
      }
      const filters = parseInput(PaymentFiltersSchema, Object.fromEntries(url.searchParams));
      if (url.pathname !== EXPORT_PATH) return answer(await listPayments(db, filters));
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
          'Content-Disposition': `attachment; filename="pagos-webpay-${today()}.csv"`,
          'Cache-Control': 'no-store',
        },
      });
    },
  }),
);

export const config: Config = {
  path: ['/api/admin/payments', '/api/admin/payments/export', '/api/admin/payments/:billId'],
};

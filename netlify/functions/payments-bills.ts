import type { Config } from '@netlify/functions';
import {
  BillRequestSchema,
  paymentMessages,
  type BillAnswer,
  type CreatedBillAnswer,
} from '../../src/shared/payments/schema.ts';
import { createBill, findBill, type CreatedBill } from '../../src/server/payments/bills.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { failure, json, readInput } from '../../src/server/http.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';
import { Invalid, NotFound } from '../../src/server/errors.ts';
import { publicRoutes } from '../../src/server/route-table.ts';

/**
 * POST /api/bills/new (spec §7): a bill for the service's whole debt and its Webpay transaction;
 * 201 created, 400 no debt, 404 unknown service. GET /api/bills/{billId}: the bill a receipt shows.
 */
export default publicRoutes({
  // The fixed path before the parameter beside it: the first pattern that matches wins.
  '/api/bills/new': {
    POST: async ({ req, context }) => {
      const { origin } = new URL(req.url);
      // 400 means "no debt" to the page (spec §8), so invalid input answers 422.
      const input = await readInput(req, BillRequestSchema, 4_096, { status: 422 });
      if (input.paymentOption !== 'webpay-plus') return failure(422, paymentMessages.chooseMethod);
      const webpay = createWebpayClient(settings.webpay(origin, context.deploy?.context));
      const bill = await createBill(getDatabase(), webpay, input, `${origin}/api/tbk/return`);
      return createdBillResponse(bill);
    },
  },
  '/api/bills/:billId': {
    GET: async ({ params }) => {
      const bill = await findBill(getDatabase(), params.billId);
      if (!bill) throw new NotFound(paymentMessages.billNotFound);
      return json({ success: true, bill } satisfies BillAnswer);
    },
  },
});

/** Spec §7 and §8: 201 with paymentData (Webpay's address, or the error to show), 400 no debt, 404 unknown. */
function createdBillResponse(bill: CreatedBill): Response {
  switch (bill.kind) {
    case 'unknown-service':
      throw new NotFound(paymentMessages.unknownService);
    case 'no-debt':
      throw new Invalid(paymentMessages.noDebt);
    case 'created':
      return json(
        {
          success: true,
          billId: bill.billId,
          paymentData: {
            success: true,
            data: { payment_method: 'webpay-plus', tbk_url: bill.tbkUrl, token: bill.token },
          },
        } satisfies CreatedBillAnswer,
        201,
      );
    case 'webpay-unavailable':
      return json(
        {
          success: false,
          billId: bill.billId,
          paymentData: {
            success: false,
            data: { payment_method: 'webpay-plus', errorMessage: paymentMessages.webpayUnavailable },
          },
        } satisfies CreatedBillAnswer,
        201,
      );
  }
}

export const config: Config = {
  path: ['/api/bills/new', '/api/bills/:billId'],
  rateLimit: { windowSize: 60, windowLimit: 20, aggregateBy: ['ip', 'domain'] },
};

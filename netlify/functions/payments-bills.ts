import type { Config, Context } from '@netlify/functions';
import {
  BillRequestSchema,
  paymentMessages,
  type BillAnswer,
  type CreatedBillAnswer,
} from '../../src/shared/payments/schema.ts';
import { createBill, findBill, type CreatedBill } from '../../src/server/payments/bills.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { failure, json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';
import { Invalid, NotFound } from '../../src/server/errors.ts';

/**
 * POST /api/bills/new (spec §7): a bill for the service's whole debt and its Webpay transaction;
 * 201 created, 400 no debt, 404 unknown service. GET /api/bills/{billId}: the bill a receipt shows.
 */
export default withErrorHandling(async (req: Request, context: Context) => {
  const { pathname, origin } = new URL(req.url);
  const db = getDatabase();
  if (pathname === '/api/bills/new') {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    // 400 means "no debt" to the page (spec §8), so invalid input answers 422.
    const input = await readInput(req, BillRequestSchema, 4_096, { status: 422 });
    if (input.paymentOption !== 'webpay-plus') return failure(422, paymentMessages.chooseMethod);

    const webpay = createWebpayClient(settings.webpay(origin, context.deploy?.context));
    const bill = await createBill(db, webpay, input, `${origin}/api/tbk/return`);
    return createdBillResponse(bill);
  }
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const bill = await findBill(db, pathname.split('/').pop() ?? '');
  if (!bill) throw new NotFound(paymentMessages.billNotFound);
  return json({ success: true, bill } satisfies BillAnswer);
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

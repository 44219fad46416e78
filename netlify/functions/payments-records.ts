import type { Config, Context } from '@netlify/functions';
import type { TbkPaymentAnswer } from '../../src/shared/payments/schema.ts';
import { paymentMessages } from '../../src/shared/payments/texts.ts';
import { findTbkPayment } from '../../src/server/payments/bills.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { json, methodNotAllowed, withErrorHandling } from '../../src/server/http.ts';
import { NotFound } from '../../src/server/errors.ts';

/** GET /api/tbk-payments/{tbkPaymentId} (spec §7): the card payment record of a receipt. */
export default withErrorHandling(async (req: Request, context: Context) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const tbkPayment = await findTbkPayment(getDatabase(), context.params.tbkPaymentId ?? '');
  if (!tbkPayment) throw new NotFound(paymentMessages.paymentNotFound);
  return json({ success: true, tbkPayment } satisfies TbkPaymentAnswer);
});

export const config: Config = { path: '/api/tbk-payments/:tbkPaymentId' };

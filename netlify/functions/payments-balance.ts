import type { Config } from '@netlify/functions';
import { paymentMessages, TicketRequestSchema, type BalanceAnswer } from '../../src/shared/payments/schema.ts';
import { lookupBalance } from '../../src/server/payments/bills.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { failure, json, methodNotAllowed, readInput, withErrorHandling } from '../../src/server/http.ts';

/** POST /api/ticket (spec §7): the balance of a service number. */
export default withErrorHandling(async (req: Request) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const input = await readInput(req, TicketRequestSchema, 1_024);

  const balance = await lookupBalance(getDatabase(), input.service_number);
  // Spec §8: a 200 with success false shows the server's message.
  if (!balance) return failure(200, paymentMessages.unknownService);
  return json({ success: true, message: '', data: balance } satisfies BalanceAnswer);
});

export const config: Config = {
  path: '/api/ticket',
  rateLimit: { windowSize: 60, windowLimit: 30, aggregateBy: ['ip', 'domain'] },
};

import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { reconcileDue } from '../../src/server/payments/reconcile.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';

// Netlify ends a scheduled function at 30 s: no bill is started after 15 s and every Webpay call
// still under way ends at 22 s (its bill stays claimed, and a later run settles it).
const START_BUDGET_MS = 15_000;
const DEADLINE_MS = 22_000;

/**
 * Every minute, so a customer who approved at Webpay and never came back is confirmed inside
 * Webpay's confirmation window (src/server/payments/reconcile.ts).
 */
export default async (req: Request, context: Context): Promise<Response> => {
  const webpay = createWebpayClient(settings.webpay(new URL(req.url).origin, context.deploy?.context), {
    timeoutMs: 8_000,
    signal: AbortSignal.timeout(DEADLINE_MS),
  });
  const run = await reconcileDue(getDatabase(), webpay, { batch: 20, budgetMs: START_BUDGET_MS });
  if (Object.keys(run.outcomes).length > 0)
    console.log(`payments-reconcile: ${JSON.stringify(run.outcomes)}${run.more ? ', more left for the next run' : ''}`);
  // A receipt recorded here goes out now rather than at the next outbox retry.
  if (run.outcomes.recorded) context.waitUntil(deliverDueMail());
  return Response.json(run);
};

export const config: Config = { schedule: '* * * * *' };

import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { nextReconciliation, reconcileDue } from '../../src/server/payments/reconcile.ts';
import { createWebpayClient } from '../../src/server/payments/webpay-client.ts';
import { runWhenDue } from '../../src/server/work-markers/markers.ts';

// Of the run's time (src/server/deadline.ts): Webpay's calls end RECEIPTS_MS before its end, and
// no bill is started less than LAST_BILL_MS before that (its bill stays claimed, a later run
// settles it); the receipts the run recorded go out in the rest.
const RECEIPTS_MS = 10_000;
const LAST_BILL_MS = 5_000;

/**
 * Every minute, so a customer who approved at Webpay and never came back is confirmed inside
 * Webpay's confirmation window (src/server/payments/reconcile.ts); a run with no bill due reads
 * only its work markers, never the database (src/server/work-markers/markers.ts).
 */
export default async (req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const calls = deadline.earlier(RECEIPTS_MS);
  const db = getDatabase();
  const run = await runWhenDue('payments', async () => {
    // The request's address only locates the local simulator (local mode); no link is made of it.
    const webpay = createWebpayClient(settings.webpay(new URL(req.url).origin, context.deploy?.context), {
      timeoutMs: 8_000,
      deadline: calls,
    });
    const result = await reconcileDue(db, webpay, { batch: 20, deadline: calls.earlier(LAST_BILL_MS) });
    return { result, nextDue: await nextReconciliation(db) };
  });
  if (run.reason === 'idle') return Response.json({ outcomes: {}, more: false });
  const { outcomes, more } = run.result;
  if (Object.keys(outcomes).length > 0)
    console.log(`payments-reconcile: ${JSON.stringify(outcomes)}${more ? ', more left for the next run' : ''}`);
  // A receipt recorded here goes out now rather than at the next outbox retry; awaited, not handed
  // to waitUntil, whose time Netlify counts in the run's 30 s all the same.
  if (outcomes.recorded) await deliverDueMail({ deadline });
  return Response.json(run.result);
};

export const config: Config = { schedule: '* * * * *' };

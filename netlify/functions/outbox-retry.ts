import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { errorSummary } from '../../src/server/error-summary.ts';
import { forgetPastAcknowledgements } from '../../src/server/mail/acknowledgements.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/**
 * Retries mail whose first delivery failed (design.md: a provider outage delays a mail, never
 * loses it). Up to 50 mails (a batch of alerts is never split) within 20 seconds, under Netlify's
 * 30-second limit for a scheduled function; the rest are due on the next run. Also forgets the
 * acknowledgement counts of past days (src/server/mail/acknowledgements.ts).
 */
export default async (): Promise<Response> => {
  await deliverDueMail({ limit: 50, budgetMs: 20_000 });
  await forgetPastAcknowledgements(getDatabase()).catch((error: unknown) =>
    console.error(`outbox: past acknowledgement counts not deleted: ${errorSummary(error)}`),
  );
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };

import type { Config, Context } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { errorSummary } from '../../src/server/error-summary.ts';
import { forgetPastAcknowledgements } from '../../src/server/mail/acknowledgements.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { deliverDuePhones } from '../../src/server/phone-alerts/deliver.ts';

/**
 * Retries mail and phone messages whose first delivery failed (design.md: a provider outage delays a mail, never
 * loses it): up to 50 mails (a batch of alerts is never split) within the run's deadline
 * (src/server/deadline.ts); the rest are due on the next run. First it forgets the acknowledgement
 * counts of past days (src/server/mail/acknowledgements.ts), one statement.
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  await forgetPastAcknowledgements(getDatabase()).catch((error: unknown) =>
    console.error(`outbox: past acknowledgement counts not deleted: ${errorSummary(error)}`),
  );
  await Promise.all([
    deliverDueMail({ limit: 50, deadline }),
    deliverDuePhones(context?.site, { limit: 50, deadline }),
  ]);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };

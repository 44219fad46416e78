import type { Config, Context } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { errorSummary } from '../../src/server/error-summary.ts';
import { forgetPastAcknowledgements } from '../../src/server/mail/acknowledgements.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { config as settings } from '../../src/server/config.ts';
import { nextOutboxAttempt } from '../../src/server/outbox/outbox.ts';
import { phonesStillDue, startPhoneSender } from '../../src/server/phone-alerts/send-queue.ts';
import { runWhenDue } from '../../src/server/work-markers/markers.ts';

/**
 * Retries mail and phone messages whose first delivery failed (design.md: a provider outage delays a
 * message, never loses it): up to 50 mails (a batch of alerts is never split) within the run's
 * deadline (src/server/deadline.ts), the rest due on the next run; phones' messages still due start
 * the background sender (phone-alerts/send-queue.ts). First it forgets the acknowledgement
 * counts of past days (src/server/mail/acknowledgements.ts), one statement. A run with nothing due
 * reads only its work markers, never the database (src/server/work-markers/markers.ts); the daily
 * look forgets the counts all the same.
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const db = getDatabase();
  await runWhenDue('outbox', async () => {
    await forgetPastAcknowledgements(db).catch((error: unknown) =>
      console.error(`outbox: past acknowledgement counts not deleted: ${errorSummary(error)}`),
    );
    await deliverDueMail({ limit: 50, deadline });
    // Phones' messages due and unsent (a failure to retry, the end of the quiet hours at 08:00, a start
    // that never came): the background sender, the one function that sends to phones, takes them.
    if (await phonesStillDue(db)) await startPhoneSender(settings.siteAddress(context.site));
    return { result: null, nextDue: await nextOutboxAttempt(db) };
  });
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };

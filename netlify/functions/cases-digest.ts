import type { Config, Context } from '@netlify/functions';
import { queueDigest } from '../../src/server/cases/digest.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/**
 * Hourly: from 08:00 in Aysén, once a day, the digest of overdue and nearly due cases to the
 * complaints mailbox (src/server/cases/digest.ts), its link on the site's address, sent within the
 * run's deadline (src/server/deadline.ts).
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const listed = await queueDigest(getDatabase(), new Date(), settings.siteAddress(context.site));
  if (listed > 0) {
    console.log(`cases-digest: ${listed} cases listed`);
    await deliverDueMail({ deadline });
  }
  return Response.json({ listed });
};

export const config: Config = { schedule: '@hourly' };

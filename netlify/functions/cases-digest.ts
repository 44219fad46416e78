import type { Config, Context } from '@netlify/functions';
import { queueDigest } from '../../src/server/cases/digest.ts';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';
import { queueRightsDigest } from '../../src/server/rights/digest.ts';

/**
 * Hourly: from 08:00 in Aysén, once a day, the digest of overdue and nearly due cases to the
 * complaints mailbox (src/server/cases/digest.ts) and that of rights requests to the privacy
 * mailbox (src/server/rights/digest.ts), their links on the site's address, sent within the run's
 * deadline (src/server/deadline.ts).
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const db = getDatabase();
  const now = new Date();
  const origin = settings.siteAddress(context.site);
  const listed = await queueDigest(db, now, origin);
  const rights = await queueRightsDigest(db, now, origin);
  if (listed + rights > 0) {
    console.log(`cases-digest: ${listed} cases, ${rights} rights requests listed`);
    await deliverDueMail({ deadline });
  }
  return Response.json({ listed, rights });
};

export const config: Config = { schedule: '@hourly' };

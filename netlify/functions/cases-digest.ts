import type { Config } from '@netlify/functions';
import { queueDigest } from '../../src/server/cases/digest.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/**
 * Hourly: from 08:00 in Chile, once a day, the digest of overdue and nearly due cases to the
 * complaints mailbox (src/server/cases/digest.ts); hourly so the hour holds in summer and winter time.
 */
export default async (req: Request): Promise<Response> => {
  const listed = await queueDigest(getDatabase(), new Date(), new URL(req.url).origin);
  if (listed > 0) {
    console.log(`cases-digest: ${listed} cases listed`);
    await deliverDueMail();
  }
  return Response.json({ listed });
};

export const config: Config = { schedule: '@hourly' };

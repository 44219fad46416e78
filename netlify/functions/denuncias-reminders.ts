import type { Config, Context } from '@netlify/functions';
import { config as settings } from '../../src/server/config.ts';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { queueReminders } from '../../src/server/denuncias/reminders.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/**
 * Hourly: the compliance mailbox's reminders of denuncias' deadlines (src/server/denuncias/reminders.ts),
 * their links on the site's address, sent within the run's deadline (src/server/deadline.ts).
 */
export default async (_req: Request, context: Context): Promise<Response> => {
  const deadline = scheduledRunDeadline();
  const reminded = await queueReminders(getDatabase(), new Date(), settings.siteAddress(context.site));
  if (reminded > 0) {
    console.log(`denuncias-reminders: ${reminded} deadlines reminded`);
    await deliverDueMail({ deadline });
  }
  return Response.json({ reminded });
};

export const config: Config = { schedule: '@hourly' };

import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { queueReminders } from '../../src/server/denuncias/reminders.ts';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/** Hourly: the compliance mailbox's reminders of denuncias' deadlines (src/server/denuncias/reminders.ts). */
export default async (req: Request): Promise<Response> => {
  const reminded = await queueReminders(getDatabase(), new Date(), new URL(req.url).origin);
  if (reminded > 0) {
    console.log(`denuncia-reminders: ${reminded} deadlines reminded`);
    await deliverDueMail();
  }
  return Response.json({ reminded });
};

export const config: Config = { schedule: '@hourly' };

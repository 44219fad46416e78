import type { Config } from '@netlify/functions';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/**
 * Retries mail whose first delivery failed (design.md: a provider outage delays a mail, never
 * loses it). Up to 50 mails within 20 seconds, under Netlify's 30-second limit for a scheduled
 * function; the rest are due on the next run.
 */
export default async (): Promise<Response> => {
  await deliverDueMail({ limit: 50, budgetMs: 20_000 });
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };

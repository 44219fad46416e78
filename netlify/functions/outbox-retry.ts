import type { Config } from '@netlify/functions';
import { deliverDueMail } from '../../src/server/mail/deliver.ts';

/** Retries mail whose first delivery failed (design.md: a provider outage delays a mail, never loses it). */
export default async (): Promise<Response> => {
  await deliverDueMail();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };

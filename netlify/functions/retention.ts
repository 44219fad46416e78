import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { applyRetention } from '../../src/server/retention.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/** What the last step started (a batch of files deleted, a legacy file sealed) is given. */
const LAST_STEP_MS = 5_000;

/** Deletes the personal data whose period in /privacidad has ended (src/server/retention.ts). */
export default async (): Promise<Response> => {
  const deadline = scheduledRunDeadline().earlier(LAST_STEP_MS);
  const report = await applyRetention(getDatabase(), uploadStore(), { deadline });
  // Counts only: the log never says whose data it was.
  const handled = Object.entries(report).filter(([, count]) => count > 0);
  if (handled.length > 0) console.log(`retention: ${handled.map(([rule, count]) => `${rule} ${count}`).join(', ')}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };

import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { scheduledRunDeadline } from '../../src/server/deadline.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { pruneQuota } from '../../src/server/uploads/quota.ts';
import { deleteStaleUploads } from '../../src/server/uploads/files.ts';
import { deleteUnreferencedBytes } from '../../src/server/uploads/unreferenced.ts';

/** What the last upload started (its chunks and file deleted) is given. */
const LAST_UPLOAD_MS = 5_000;

/**
 * Deletes files uploaded more than a day ago and never attached to a submission (up to 200, none
 * started within LAST_UPLOAD_MS of the run's deadline, src/server/deadline.ts; the rest on the next
 * runs), which then stop counting toward their pool's daily total, the per-client counters of
 * past days, and bytes no upload names an hour after they were stored (uploads/unreferenced.ts).
 */
export default async (): Promise<Response> => {
  const deadline = scheduledRunDeadline().earlier(LAST_UPLOAD_MS);
  await pruneQuota(getDatabase());
  const deleted = await deleteStaleUploads(getDatabase(), uploadStore(), { deadline });
  if (deleted > 0) console.log(`uploads-cleanup: deleted ${deleted} unattached upload(s)`);
  const unreferenced = await deleteUnreferencedBytes(getDatabase(), uploadStore(), { deadline });
  if (unreferenced > 0) console.log(`uploads-cleanup: deleted ${unreferenced} file(s) no upload names`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };

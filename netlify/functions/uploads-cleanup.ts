import type { Config } from '@netlify/functions';
import { getDatabase } from '../../src/server/db/index.ts';
import { uploadStore } from '../../src/server/storage.ts';
import { pruneQuota } from '../../src/server/upload-quota.ts';
import { deleteStaleUploads } from '../../src/server/uploads.ts';

/**
 * Deletes files uploaded more than a day ago and never attached to a submission (up to 200 within
 * 20 seconds, under Netlify's 30-second limit; the rest on the next runs), which then stop counting
 * toward their pool's daily total, and the per-client counters of past days.
 */
export default async (): Promise<Response> => {
  await pruneQuota(getDatabase());
  const deleted = await deleteStaleUploads(getDatabase(), uploadStore());
  if (deleted > 0) console.log(`uploads-cleanup: deleted ${deleted} unattached upload(s)`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };

import type { Database } from './db/index.ts';
import { deadlineIn, type Deadline } from './deadline.ts';
import { isUuid } from './ids.ts';
import type { UploadStore } from './storage.ts';

/**
 * Bytes in the store that no upload row names (issue 30). A file sent inline is stored before its
 * row, which the submission's batch writes (uploads.ts), so a crash or a lost answer between the
 * two leaves bytes under an id no row has; a chunk is stored before its claim (chunked-uploads.ts),
 * and a completion deletes its upload's chunks after its statement. Both kinds are deleted here:
 * `files/{id}` whose id has no row, `chunks/{id}/…` whose upload has none or is no longer
 * receiving chunks. Only bytes stored more than `graceMs` ago (putBytes' `storedAt`; none on bytes
 * stored before it was kept): a request still under way has not run its batch yet.
 */

/** A request ends within seconds (Netlify's limit is 26 s): an hour leaves every batch its time. */
const GRACE_MS = 3_600_000;

interface SweepBounds {
  graceMs?: number;
  /** No page is listed and no blob deleted once it has passed; the next run goes on. */
  deadline?: Deadline;
}

/** The upload a blob's key is under, and whether that upload's row keeps it. */
const KINDS = [
  { prefix: 'files/', kept: () => true },
  { prefix: 'chunks/', kept: (status: string) => status === 'receiving' || status === 'completing' },
];

/** Deletes the bytes no row keeps; answers how many blobs it deleted. */
export async function deleteUnreferencedBytes(
  db: Database,
  store: UploadStore,
  { graceMs = GRACE_MS, deadline = deadlineIn(20_000) }: SweepBounds = {},
): Promise<number> {
  let deleted = 0;
  for (const { prefix, kept } of KINDS) {
    for await (const { blobs } of store.list({ prefix, paginate: true })) {
      if (deadline.passed()) return deleted;
      const owners = blobs.map(({ key }) => ({ key, id: key.slice(prefix.length).split('/')[0]! }));
      const rows = await db.query<{ id: string; status: string }>(
        'SELECT id::text AS id, status FROM uploads WHERE id = ANY($1::uuid[])',
        [owners.map(({ id }) => id).filter(isUuid)],
      );
      const statuses = new Map(rows.map((row) => [row.id, row.status]));
      for (const { key, id } of owners) {
        const status = statuses.get(id);
        if (status !== undefined && kept(status)) continue;
        if (deadline.passed()) return deleted;
        const storedAt = Number((await store.getMetadata(key))?.metadata.storedAt ?? 0);
        if (Date.now() - storedAt < graceMs) continue;
        await store.delete(key);
        deleted += 1;
      }
    }
  }
  return deleted;
}

import type { Database } from '../db/index.ts';
import { deadlineIn, type Deadline } from '../deadline.ts';
import { isUuid } from '../ids.ts';
import { EXPORTS_PREFIX, type UploadStore } from './store.ts';

/**
 * Bytes in the store that no row names. A file sent inline is stored before its
 * row, which the submission's batch writes (files.ts), so a crash or a lost answer between the
 * two leaves bytes under an id no row has; a chunk is stored before its claim (uploads/chunks.ts),
 * and a completion deletes its upload's chunks after its statement. These are deleted here:
 * `files/{id}` whose id has no row, `chunks/{id}/…` whose upload has none or is no longer
 * receiving chunks. A rights export's ZIP is stored before the batch that records it
 * (rights/export.ts), which keeps it when that batch's answer was lost: `exports/{id}` whose id no
 * export row has. Only bytes stored more than `graceMs` ago (putBytes' `storedAt`; none on bytes
 * stored before it was kept): a request still under way has not run its batch yet.
 */

/** A request ends within seconds (Netlify's limit is 26 s): an hour leaves every batch its time. */
const GRACE_MS = 3_600_000;

interface SweepBounds {
  graceMs?: number;
  /** No page is listed and no blob deleted once it has passed; the next run goes on. */
  deadline?: Deadline;
}

type Owners = (db: Database, ids: string[]) => Promise<{ id: string; status: string }[]>;
const uploadRows: Owners = (db, ids) =>
  db.query('SELECT id::text AS id, status FROM uploads WHERE id = ANY($1::uuid[])', [ids]);
const exportRows: Owners = (db, ids) =>
  db.query(`SELECT id::text AS id, 'recorded' AS status FROM rights_exports WHERE id = ANY($1::uuid[])`, [ids]);

/** The rows a blob's key may be under, and whether its row keeps it. */
const KINDS: { prefix: string; rows: Owners; kept: (status: string) => boolean }[] = [
  { prefix: 'files/', rows: uploadRows, kept: () => true },
  { prefix: 'chunks/', rows: uploadRows, kept: (status) => status === 'receiving' || status === 'completing' },
  { prefix: EXPORTS_PREFIX, rows: exportRows, kept: () => true },
];

/** Deletes the bytes no row keeps; answers how many blobs it deleted. */
export async function deleteUnreferencedBytes(
  db: Database,
  store: UploadStore,
  { graceMs = GRACE_MS, deadline = deadlineIn(20_000) }: SweepBounds = {},
): Promise<number> {
  let deleted = 0;
  for (const { prefix, rows: rowsOf, kept } of KINDS) {
    for await (const { blobs } of store.list({ prefix, paginate: true })) {
      if (deadline.passed()) return deleted;
      const owners = blobs.map(({ key }) => ({ key, id: key.slice(prefix.length).split('/')[0]! }));
      if (owners.length === 0) continue;
      const rows = await rowsOf(db, owners.map(({ id }) => id).filter(isUuid));
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

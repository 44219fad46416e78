import { strFromU8, unzipSync } from 'fflate';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import type { Database } from '../../src/server/db/index.ts';
import { downloadExport, sendExport } from '../../src/server/rights/export.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';

/**
 * The ZIP the requester of rights request `reference` (case `caseId`) would download once staff
 * send the export: every entry's text, by name.
 */
export async function exportedZip(
  db: Database,
  admin: SignedInAdmin,
  { caseId, reference }: { caseId: string; reference: string },
  origin: string,
): Promise<Record<string, string>> {
  await sendExport(db, uploadStore(), admin, caseId, origin);
  const [mail] = await db.query<{ body: string }>(
    `SELECT body FROM outbox WHERE reference = $1 AND body LIKE '%/descarga?token=%' ORDER BY id DESC LIMIT 1`,
    [reference],
  );
  const token = /descarga\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
  const { bytes } = await downloadExport(db, uploadStore(), token, new Date());
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, entry]) => [name, strFromU8(entry)]));
}

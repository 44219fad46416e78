import type { SignedInAdmin } from '../auth/require-admin.ts';
import { changeAndAudit } from '../audit.ts';
import type { Database } from '../db/index.ts';

/** The contact-message target, in business days; it applies to the messages received from now on. */
export async function readCaseSettings(db: Database): Promise<{ messageBusinessDays: number }> {
  const [row] = await db.query<{ messageBusinessDays: number }>(
    'SELECT message_business_days AS "messageBusinessDays" FROM case_settings',
  );
  return row!;
}

export async function updateCaseSettings(
  db: Database,
  admin: SignedInAdmin,
  messageBusinessDays: number,
): Promise<{ messageBusinessDays: number }> {
  const [row] = await changeAndAudit<{ messageBusinessDays: number }>(db, {
    change: `UPDATE case_settings SET message_business_days = $1, updated_at = now()
             RETURNING message_business_days AS "messageBusinessDays"`,
    params: [messageBusinessDays],
    admin,
    action: 'update',
    entity: 'case_settings',
    entityId: "'mensajes'",
    summary: `'plazo de mensajes: ' || "messageBusinessDays" || ' días hábiles'`,
  });
  return row!;
}

import { retention, type Period } from '../shared/retention/texts.ts';
import type { Database } from './db/index.ts';
import { deadlineIn, type Deadline } from './deadline.ts';
import { warningReferenceOf } from './consumption/warnings.ts';
import { EMPTY_MAIL } from './outbox/outbox.ts';
import { sealLegacyDenuncias, sealLegacyFileDescriptions } from './denuncias/seal-legacy.ts';
import { deleteExpiredExports } from './rights/export.ts';
import { fileKey, type UploadStore } from './uploads/store.ts';

/**
 * The retention policy of /privacidad (Ley 21.719), run every hour by the scheduled function
 * `retention`. What it deletes, and nothing else:
 * - a denuncia's mail, once delivered: its copy in the outbox is emptied (it once carried the
 *   report; now it says only that one arrived);
 * - a closed denuncia, `retention.denuncias` after its closing, with its messages and their files,
 *   its reminders and its mails' copies; the compliance trail keeps its reference and who did what,
 *   never what it said. An open denuncia is never deleted. Denuncias stored before their texts were
 *   sealed are sealed, files included, and so are the names, sizes and hashes of denuncias' files
 *   once stored in the clear (denuncias/seal-legacy.ts);
 * - any other delivered mail's copy, `retention.deliveredMail` after delivery;
 * - job applications with their CVs, contact messages, motorhome registrations, complaints,
 *   bills with their card records and rights requests with their download records and the records
 *   of others staff included in their export (rights_inclusions, by cascade), each after its
 *   period, together with their mail's copy and their case in Atención ciudadana (notes and
 *   replies). A contact message's, a complaint's and a rights request's period runs from the
 *   closing of the case: an open case is never deleted. The marks of bloqueo and oposición
 *   (data_blocks) stay after the request that made them;
 * - the failed lookups of /seguimiento and of /denuncias/seguimiento, after their periods;
 * - a subscription to the alerts of cortes never confirmed, after its period (a confirmed one
 *   stays until its owner unsubscribes), and a change requested for a confirmed one, never
 *   confirmed, after the same period;
 * - a warning of high consumption, `retention.consumptionWarnings` after it was written (its
 *   service's opt-out stays, with the account);
 * - the bytes of a rights request's export (rights/export.ts), once its link has expired or an hour
 *   after it was downloaded (the download deletes them itself; this catches one that failed).
 * A submission whose mail has not been delivered is never deleted, and an undelivered mail never
 * emptied: the utility has not received it yet. Each step handles at most `limit` rows, and none
 * starts once the run's deadline has passed (nor does a legacy denuncia's sealing, which rewrites
 * its file), so a run stays inside Netlify's 30 seconds; a backlog is worked off over the next runs.
 */

export const RETENTION_BATCH = 200;

export interface RetentionReport {
  denunciaMails: number;
  denuncias: number;
  sealedDenuncias: number;
  sealedFileDescriptions: number;
  deliveredMails: number;
  phoneInbound: number;
  phoneOptOuts: number;
  jobApplications: number;
  contactMessages: number;
  motorhomeRegistrations: number;
  complaints: number;
  bills: number;
  followUpFailures: number;
  receiptFailures: number;
  unconfirmedOutageAlerts: number;
  consumptionWarnings: number;
  rightsExports: number;
  rightsRequests: number;
}

const interval = ({ amount, unit }: Period): string => `${amount} ${unit}s`;

/** True while every mail of the row's reference has been delivered (or it has none). */
const mailDelivered = (reference: string): string =>
  `NOT EXISTS (SELECT 1 FROM outbox o WHERE o.reference = ${reference} AND o.status <> 'sent')`;

const count = async (db: Database, text: string, params: unknown[]): Promise<number> =>
  (await db.query<{ count: number }>(text, params))[0]!.count;

const emptyMails = (db: Database, which: string, params: unknown[]) =>
  count(
    db,
    `WITH emptied AS (UPDATE outbox SET ${EMPTY_MAIL} WHERE id IN (${which}) RETURNING 1)
     SELECT count(*)::int AS count FROM emptied`,
    params,
  );

const emptyDenunciaMails = (db: Database, limit: number) =>
  emptyMails(
    db,
    `SELECT o.id FROM outbox o JOIN denuncias d ON d.reference = o.reference
     WHERE o.status = 'sent' AND o.redacted_at IS NULL ORDER BY o.id LIMIT $1`,
    [limit],
  );

const emptyDeliveredMails = (db: Database, limit: number) =>
  emptyMails(
    db,
    `SELECT id FROM outbox WHERE status = 'sent' AND redacted_at IS NULL AND sent_at < now() - $1::interval
     ORDER BY sent_at LIMIT $2`,
    [interval(retention.deliveredMail), limit],
  );

/** Bytes first: if deleting them fails, the rows stay as they were and the next run tries again. */
async function deleteFiles(store: UploadStore, uploadIds: string[]): Promise<void> {
  await Promise.all(uploadIds.map((id) => store.delete(fileKey(id))));
}

/** Closed denuncias past their period: files first, then the rows, in one transaction. */
async function deleteDenuncias(db: Database, store: UploadStore, limit: number): Promise<number> {
  const expired = await db.query<{ id: string; uploads: string[] }>(
    `SELECT d.id,
       array_remove(array_cat(ARRAY[d.attachment_upload_id], array_agg(m.attachment_upload_id)), NULL)::text[] AS uploads
     FROM denuncias d LEFT JOIN denuncia_messages m ON m.denuncia_id = d.id
     WHERE d.status = 'cerrada' AND d.closed_at < now() - $1::interval AND ${mailDelivered('d.reference')}
     GROUP BY d.id ORDER BY d.closed_at LIMIT $2`,
    [interval(retention.denuncias), limit],
  );
  if (expired.length === 0) return 0;
  const uploads = expired.flatMap((row) => row.uploads);
  await deleteFiles(store, uploads);
  await db.batch([
    // Messages and reminders go with their denuncia (ON DELETE CASCADE); its mails' copies were
    // emptied once delivered (emptyDenunciaMails).
    { text: 'DELETE FROM denuncias WHERE id = ANY($1::bigint[])', params: [expired.map((row) => row.id)] },
    { text: 'DELETE FROM uploads WHERE id = ANY($1::uuid[])', params: [uploads] },
  ]);
  return expired.length;
}

async function deleteJobApplications(db: Database, store: UploadStore, limit: number): Promise<number> {
  const expired = await db.query<{ id: string; reference: string; cv_upload_id: string }>(
    `SELECT id, reference, cv_upload_id FROM job_applications j
     WHERE created_at < now() - $1::interval AND ${mailDelivered('j.reference')} ORDER BY created_at LIMIT $2`,
    [interval(retention.jobApplications), limit],
  );
  if (expired.length === 0) return 0;
  const uploads = expired.map((row) => row.cv_upload_id);
  await deleteFiles(store, uploads);
  await db.batch([
    {
      text: `UPDATE outbox SET ${EMPTY_MAIL} WHERE reference = ANY($1::text[]) AND status = 'sent' AND redacted_at IS NULL`,
      params: [expired.map((row) => row.reference)],
    },
    { text: 'DELETE FROM cases WHERE reference = ANY($1::text[])', params: [expired.map((row) => row.reference)] },
    { text: 'DELETE FROM job_applications WHERE id = ANY($1::bigint[])', params: [expired.map((row) => row.id)] },
    { text: 'DELETE FROM uploads WHERE id = ANY($1::uuid[])', params: [uploads] },
  ]);
  return expired.length;
}

/** A submission's period runs from its arrival, or from the closing of its case (cases.ts). */
type Since = 'submission' | 'closing';

/** The condition of an expired row `s` of a submission table, its period being $1. */
const expiredSince = (since: Since, reference: string): string =>
  since === 'submission'
    ? `s.created_at < now() - $1::interval`
    : `(EXISTS (SELECT 1 FROM cases c WHERE c.reference = s.${reference} AND c.status = 'cerrado'
          AND c.closed_at < now() - $1::interval)
        OR (NOT EXISTS (SELECT 1 FROM cases c WHERE c.reference = s.${reference}) AND s.created_at < now() - $1::interval))`;

/**
 * Deletes the expired rows of a submission table with their cases and empties their mails, in one
 * statement. `dependent` is one more CTE of it, deleting the rows of another table that reference
 * them (a bill's card record); the foreign key is checked when the whole statement ends. `keepWhile`
 * is a condition on a row `s` that keeps it, expired or not, until a later run.
 */
function deleteSubmissions(
  db: Database,
  table: 'contact_messages' | 'motorhome_registrations' | 'complaints' | 'bills' | 'rights_requests',
  reference: 'reference' | 'buy_order',
  period: Period,
  limit: number,
  {
    since = 'submission',
    dependent = '',
    keepWhile = 'false',
  }: { since?: Since; dependent?: string; keepWhile?: string } = {},
): Promise<number> {
  return count(
    db,
    `WITH expired AS (
       SELECT id, ${reference} AS reference FROM ${table} s
       WHERE ${expiredSince(since, reference)} AND ${mailDelivered(`s.${reference}`)} AND NOT (${keepWhile})
       ORDER BY created_at LIMIT $2
     ), emptied AS (
       UPDATE outbox SET ${EMPTY_MAIL} WHERE reference IN (SELECT reference FROM expired) AND status = 'sent'
         AND redacted_at IS NULL
     ), closed AS (
       DELETE FROM cases WHERE reference IN (SELECT reference FROM expired)
     )${dependent}, deleted AS (
       DELETE FROM ${table} WHERE id IN (SELECT id FROM expired) RETURNING 1
     )
     SELECT count(*)::int AS count FROM deleted`,
    [interval(period), limit],
  );
}

/**
 * Failed lookups of /seguimiento (cases/follow-up.ts) and of /denuncias/seguimiento's receipt
 * codes (denuncias/follow-up.ts): each prunes them as it writes one; this keeps the notice's
 * period when none fails for a while.
 */
/** The ids of texts received, past their period (phone-alerts/inbound.ts). */
const deletePhoneInbound = (db: Database, limit: number) =>
  count(
    db,
    `WITH deleted AS (
       DELETE FROM phone_inbound WHERE message_sid IN (
         SELECT message_sid FROM phone_inbound WHERE received_at < now() - $1::interval ORDER BY received_at LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS count FROM deleted`,
    [interval(retention.phoneInbound), limit],
  );

/** A BAJA is kept while its number is in the billing export, the one place that would subscribe it again. */
const deletePhoneOptOuts = (db: Database, limit: number) =>
  count(
    db,
    `WITH deleted AS (
       DELETE FROM phone_opt_outs WHERE phone IN (
         SELECT o.phone FROM phone_opt_outs o
         WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.contact_phone = o.phone) LIMIT $1
       ) RETURNING 1
     )
     SELECT count(*)::int AS count FROM deleted`,
    [limit],
  );

const deleteFailures = (
  db: Database,
  table: 'follow_up_failures' | 'receipt_failures',
  period: Period,
  limit: number,
) =>
  count(
    db,
    `WITH deleted AS (
       DELETE FROM ${table} WHERE ctid IN (
         SELECT ctid FROM ${table} WHERE failed_at < now() - $1::interval ORDER BY failed_at LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS count FROM deleted`,
    [interval(period), limit],
  );

/**
 * Subscriptions to the alerts of cortes whose confirmation link has expired, and the pending
 * changes of confirmed ones whose link has (outage-alerts/subscriptions.ts): both counted here.
 */
const deleteUnconfirmedOutageAlerts = (db: Database, limit: number) =>
  count(
    db,
    `WITH deleted AS (
       DELETE FROM outage_subscriptions WHERE id IN (
         SELECT id FROM outage_subscriptions WHERE confirmed_at IS NULL AND created_at < now() - $1::interval
         ORDER BY created_at LIMIT $2
       ) RETURNING 1
     ), cleared AS (
       UPDATE outage_subscriptions
       SET change_towns = NULL, change_channel = NULL, change_token_hash = NULL, change_discard_token_hash = NULL,
         change_requested_at = NULL
       WHERE id IN (
         SELECT id FROM outage_subscriptions WHERE change_requested_at < now() - $1::interval
         ORDER BY change_requested_at LIMIT $2
       ) RETURNING 1
     )
     SELECT ((SELECT count(*) FROM deleted) + (SELECT count(*) FROM cleared))::int AS count`,
    [interval(retention.unconfirmedOutageAlerts), limit],
  );

const deleteConsumptionWarnings = (db: Database, limit: number) =>
  count(
    db,
    `WITH deleted AS (
       DELETE FROM consumption_warnings WHERE (service_number, period) IN (
         SELECT service_number, period FROM consumption_warnings w
         WHERE w.warned_at < now() - $1::interval
           AND ${mailDelivered(warningReferenceOf('w'))}
         ORDER BY w.warned_at LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS count FROM deleted`,
    [interval(retention.consumptionWarnings), limit],
  );

export interface RetentionBounds {
  /** Rows per step. */
  limit?: number;
  /** No step starts once it has passed; the steps left count 0 and wait for the next run. */
  deadline?: Deadline;
}

/** Applies every rule once, each on at most `limit` rows; answers how many of each it handled. */
export async function applyRetention(
  db: Database,
  store: UploadStore,
  { limit = RETENTION_BATCH, deadline = deadlineIn(20_000) }: RetentionBounds = {},
): Promise<RetentionReport> {
  const steps: [keyof RetentionReport, () => Promise<number>][] = [
    ['denunciaMails', () => emptyDenunciaMails(db, limit)],
    ['denuncias', () => deleteDenuncias(db, store, limit)],
    ['sealedDenuncias', () => sealLegacyDenuncias(db, store, limit, deadline)],
    ['sealedFileDescriptions', () => sealLegacyFileDescriptions(db, limit)],
    ['deliveredMails', () => emptyDeliveredMails(db, limit)],
    ['phoneInbound', () => deletePhoneInbound(db, limit)],
    ['phoneOptOuts', () => deletePhoneOptOuts(db, limit)],
    ['jobApplications', () => deleteJobApplications(db, store, limit)],
    [
      'contactMessages',
      () =>
        deleteSubmissions(db, 'contact_messages', 'reference', retention.contactMessages, limit, { since: 'closing' }),
    ],
    [
      'motorhomeRegistrations',
      () => deleteSubmissions(db, 'motorhome_registrations', 'reference', retention.motorhomeRegistrations, limit),
    ],
    [
      'complaints',
      () => deleteSubmissions(db, 'complaints', 'reference', retention.complaints, limit, { since: 'closing' }),
    ],
    [
      'bills',
      () =>
        deleteSubmissions(db, 'bills', 'buy_order', retention.bills, limit, {
          dependent: ', cards AS (DELETE FROM tbk_payments WHERE bill_id IN (SELECT id FROM expired))',
        }),
    ],
    ['followUpFailures', () => deleteFailures(db, 'follow_up_failures', retention.followUpFailures, limit)],
    ['receiptFailures', () => deleteFailures(db, 'receipt_failures', retention.receiptFailures, limit)],
    ['unconfirmedOutageAlerts', () => deleteUnconfirmedOutageAlerts(db, limit)],
    ['consumptionWarnings', () => deleteConsumptionWarnings(db, limit)],
    // Before the requests: a request waits for its exports' bytes to be gone.
    ['rightsExports', () => deleteExpiredExports(db, store, limit)],
    [
      'rightsRequests',
      () =>
        deleteSubmissions(db, 'rights_requests', 'reference', retention.rightsRequests, limit, {
          since: 'closing',
          // Their download records go with them (ON DELETE CASCADE), once no file of theirs is
          // left in the store: rights/export.ts deletes those when they are downloaded or expire.
          keepWhile: 'EXISTS (SELECT 1 FROM rights_exports e WHERE e.request_id = s.id AND e.bytes_deleted_at IS NULL)',
        }),
    ],
  ];
  const report = Object.fromEntries(steps.map(([name]) => [name, 0])) as unknown as RetentionReport;
  for (const [name, step] of steps) {
    if (deadline.passed()) break;
    report[name] = await step();
  }
  return report;
}

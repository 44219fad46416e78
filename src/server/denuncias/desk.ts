import type { DenunciaStatus } from '../../shared/denuncias/case/schema.ts';
import {
  DESK_PAGE_SIZE,
  TRAIL_PAGE_SIZE,
  type DeskDetail,
  type DeskList,
  type DeskListQuery,
  type DeskSummary,
  type TrailEntry,
} from '../../shared/denuncias/desk/schema.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { isoTime, type Database, type Statement } from '../db/index.ts';
import { isUuid } from '../ids.ts';
import { fileKey, getBytes, uploadStore } from '../uploads/store.ts';
import { readDescription } from '../uploads/metadata.ts';
import { streamUpload } from '../uploads/files.ts';
import { deadlines } from './deadlines.ts';
import { messagesStatement, openMessages } from './messages.ts';
import { reportFields, REPORT_COLUMNS, type ReportRow } from './report.ts';
import { trailEntry } from './trail.ts';

/**
 * What the compliance desk reads (docs/reference/admin-api.md, /api/admin/denuncias): the list, one
 * denuncia, its files and the trail. Each read of a denuncia writes its trail row in the same
 * batch, so nothing is read without it. `now` is the request's (arrivalOf), for the deadlines.
 */

const SUMMARY_COLUMNS = `d.reference, d.status, d.type, ${isoTime('d.created_at')} AS "receivedAt",
  ${isoTime('d.updated_at')} AS "lastActivity",
  ${isoTime('d.acknowledged_at')} AS "acknowledgedAt", ${isoTime('d.closed_at')} AS "closedAt",
  (SELECT count(*)::int FROM denuncia_messages m WHERE m.denuncia_id = d.id AND m.author = 'reporter'
     AND m.id > coalesce((SELECT max(c.id) FROM denuncia_messages c WHERE c.denuncia_id = d.id AND c.author = 'compliance'), 0)
  ) AS unanswered`;

type SummaryRow = Omit<DeskSummary, 'deadlines'> & { acknowledgedAt: string | null; closedAt: string | null };

const orNull = (iso: string | null) => (iso ? new Date(iso) : null);

function withDeadlines({ acknowledgedAt, closedAt, ...row }: SummaryRow, now: Date) {
  const facts = {
    receivedAt: new Date(row.receivedAt),
    type: row.type,
    acknowledgedAt: orNull(acknowledgedAt),
    closedAt: orNull(closedAt),
  };
  return { summary: { ...row, deadlines: deadlines(facts, now) }, acknowledgedAt, closedAt };
}

/** A text typed in the search box, as a LIKE pattern matching it anywhere, literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Open cases first, the oldest (the nearest deadlines) first; closed ones after, by arrival. */
export async function listDenuncias(
  db: Database,
  admin: SignedInAdmin,
  query: DeskListQuery,
  now: Date,
): Promise<DeskList> {
  const params = [query.status ?? null, query.q ? containing(query.q) : null];
  const where = '($1::text IS NULL OR d.status = $1) AND ($2::text IS NULL OR d.reference ILIKE $2)';
  const filters = [query.status && `estado ${query.status}`, query.q && `referencia ${query.q}`].filter(Boolean);
  const [count, rows] = (await db.batch([
    { text: `SELECT count(*)::int AS total FROM denuncias d WHERE ${where}`, params },
    {
      text: `SELECT ${SUMMARY_COLUMNS} FROM denuncias d WHERE ${where}
             ORDER BY d.status = 'cerrada', d.created_at, d.id LIMIT $3 OFFSET $4`,
      params: [...params, DESK_PAGE_SIZE, (query.page - 1) * DESK_PAGE_SIZE],
    },
    trailEntry(admin, 'list', null, `Página ${query.page}${filters.length ? `, ${filters.join(', ')}` : ''}`),
  ])) as [{ total: number }[], SummaryRow[], unknown];
  return {
    denuncias: rows.map((row) => withDeadlines(row, now).summary),
    total: count[0]!.total,
    page: query.page,
    pageSize: DESK_PAGE_SIZE,
  };
}

/** One denuncia as the desk works on it, unsealed; undefined when there is none. */
export async function denunciaDetail(
  db: Database,
  reference: string,
  now: Date,
  { read, change = [] }: { read?: SignedInAdmin; change?: Statement[] } = {},
): Promise<DeskDetail | undefined> {
  // The denuncia, its messages and, when staff look at it, the trail's entry: one round trip.
  const results = await db.batch([
    // A change of the denuncia (a note) first: the detail is the denuncia as it left it.
    ...change,
    {
      text: `SELECT ${SUMMARY_COLUMNS}, d.notify_reporter AS "notifyReporter", ${REPORT_COLUMNS},
               u.id::text AS attachment_id, u.file_name, u.declared_size, u.sealed_size
             FROM denuncias d LEFT JOIN uploads u ON u.id = d.attachment_upload_id AND u.bytes_deleted_at IS NULL
             WHERE d.reference = $1`,
      params: [reference],
    },
    messagesStatement({ reference }, { withNotes: true }),
    // A look at a denuncia is in the trail, whether or not the reference exists.
    ...(read ? [trailEntry(read, 'view', reference, 'Consultó la denuncia')] : []),
  ]);
  const [rows, messages] = results.slice(change.length) as [
    (SummaryRow &
      ReportRow & {
        notifyReporter: boolean;
        attachment_id: string | null;
        file_name: string | null;
        declared_size: number | null;
        sealed_size: string | null;
      })[],
    unknown[],
    ...unknown[],
  ];
  const row = rows[0];
  if (!row) return undefined;
  const { summary, acknowledgedAt, closedAt } = withDeadlines(
    {
      reference: row.reference,
      status: row.status as DenunciaStatus,
      type: row.type,
      receivedAt: row.receivedAt,
      lastActivity: row.lastActivity,
      unanswered: row.unanswered,
      acknowledgedAt: row.acknowledgedAt,
      closedAt: row.closedAt,
    },
    now,
  );
  return {
    ...summary,
    fields: await reportFields(row),
    attachment: row.attachment_id
      ? {
          id: row.attachment_id,
          ...(await readDescription(row.attachment_id, { ...row, file_name: row.file_name! })),
        }
      : null,
    messages: await openMessages(reference, messages),
    acknowledgedAt,
    closedAt,
    notifyReporter: row.notifyReporter,
  };
}

/**
 * A file of this denuncia (its report's or one of its messages'), whose bytes are still kept, to
 * download with its name; undefined for any other upload. Reading it is in the trail, which is
 * never deleted nor sealed: it says a file was downloaded, never which. Stored sealed
 * (uploads/store.ts), but for the report's file of a denuncia stored before encryption at rest.
 */
export async function openDenunciaFile(
  db: Database,
  admin: SignedInAdmin,
  reference: string,
  uploadId: string,
): Promise<{ fileName: string; body: ReadableStream } | undefined> {
  if (!isUuid(uploadId)) return undefined;
  const [file] = await db.query<{
    id: string;
    file_name: string;
    declared_size: number | null;
    sealed_size: string | null;
    sealed: boolean;
  }>(
    `SELECT u.id::text AS id, u.file_name, u.declared_size, u.sealed_size,
       (d.sealed OR d.attachment_upload_id IS DISTINCT FROM u.id) AS sealed
     FROM denuncias d JOIN uploads u ON u.id = $2
     WHERE d.reference = $1 AND u.bytes_deleted_at IS NULL
       AND (d.attachment_upload_id = u.id
            OR EXISTS (SELECT 1 FROM denuncia_messages m WHERE m.denuncia_id = d.id AND m.attachment_upload_id = u.id))`,
    [reference, uploadId],
  );
  if (!file) return undefined;
  const store = uploadStore();
  // Unsealing needs the whole file in memory (at most 10 MB); it is answered as a stream, since
  // Netlify caps a buffered answer at 6 MB.
  const sealed = file.sealed ? await getBytes(store, fileKey(file.id), 'denuncia') : undefined;
  const body = sealed ? new Blob([sealed]).stream() : file.sealed ? null : await streamUpload(store, file.id);
  if (!body) return undefined;
  const { text, params } = trailEntry(admin, 'download', reference, 'Descargó un adjunto');
  await db.query(text, params);
  return { fileName: (await readDescription(file.id, file)).fileName, body };
}

/** The compliance trail, newest first. */
export async function listTrail(db: Database, page: number) {
  const [count, entries] = (await db.batch([
    { text: 'SELECT count(*)::int AS total FROM compliance_trail' },
    {
      text: `SELECT id::text AS id, ${isoTime('created_at')} AS "createdAt", admin_email AS "adminEmail", action,
               denuncia_reference AS reference, summary
             FROM compliance_trail ORDER BY compliance_trail.id DESC LIMIT $1 OFFSET $2`,
      params: [TRAIL_PAGE_SIZE, (page - 1) * TRAIL_PAGE_SIZE],
    },
  ])) as [{ total: number }[], TrailEntry[]];
  return { entries, total: count[0]!.total, page, pageSize: TRAIL_PAGE_SIZE };
}

import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Zippable } from 'fflate';
import { chileMinute } from '../../shared/time/format.ts';
import { longDate } from '../../shared/time/long-date.ts';
import type { ExportData } from '../../shared/rights/records/schema.ts';
import { recordSourceKeys, recordSources, type RecordSource } from '../../shared/rights/records/texts.ts';
import {
  exportReadmeTexts as readme,
  exportTexts,
  RIGHTS_DOWNLOAD_PATH,
  RIGHTS_LINK_DAYS,
  rightsMailTexts,
  rightsMessages,
} from '../../shared/rights/texts.ts';
import { site } from '../../shared/site.ts';
import { auditedChange } from '../audit.ts';
import type { SignedInAdmin } from '../auth/require-admin.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import type { Database } from '../db/index.ts';
import { rolledBack } from '../db/refusals.ts';
import { Conflict, NotFound } from '../errors.ts';
import { hashToken, newToken } from '../link-tokens.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { neutralise } from '../csv-export.ts';
import { safeFileName } from '../uploads/published.ts';
import { exportKey, getBytes, putBytes, type UploadStore } from '../uploads/store.ts';
import { readUpload } from '../uploads/files.ts';
import { confirmedRightsRequest, type RightsRequestRow } from './request.ts';
import { exportedData } from './search.ts';

const utf8 = new TextEncoder();

/**
 * Acceso and portabilidad answered with one action: a ZIP of the requester's own records and of
 * the records of others staff included (search.ts, `exportedData`), in the structure docs/reference/rights-export.md documents, kept in the uploads store under
 * exports/{id} and mailed as a link to the request's confirmed e-mail. The link's token is stored
 * hashed, serves once and expires after RIGHTS_LINK_DAYS; the bytes leave the store once downloaded
 * or, at the latest, when the retention clean-up finds the link expired (deleteExpiredExports).
 */

const DAY_MS = 86_400_000;

/** Each source's CSV in the ZIP, by a name its reader understands. */
export const csvFiles: Record<RecordSource, string> = {
  contact_messages: 'mensajes-de-contacto.csv',
  complaints: 'reclamos.csv',
  cases: 'casos.csv',
  job_applications: 'postulaciones.csv',
  motorhome_registrations: 'registros-de-motorhome.csv',
  outage_subscriptions: 'suscripciones-a-avisos-de-cortes.csv',
  bills: 'boletas-y-pagos.csv',
  tbk_payments: 'pagos-con-tarjeta.csv',
  accounts: 'cuentas-de-servicio.csv',
  consumption_periods: 'lecturas-y-consumo.csv',
  consumption_warnings: 'avisos-de-consumo.csv',
  rights_requests: 'solicitudes-de-derechos.csv',
};

type ExportRecord = ExportData['records'][number];

/**
 * One source's records as a spreadsheet opens them, like the staff's exports (csv-export.ts):
 * UTF-8 with a BOM, `;` between cells, formulas neutralised. A column per field any record of the
 * source has, in the source's order: an included record of someone else leaves its person's
 * fields empty. Such a record says why it concerns the requester in "Coincidencia".
 */
function csvOf(records: ExportRecord[]): Uint8Array {
  const labels = [...new Set(records.flatMap((record) => record.fields.map((field) => field.label)))];
  const withFiles = records.some((record) => record.files.length > 0);
  const withMatch = records.some((record) => record.thirdParty);
  const header = [
    'Referencia',
    'Fecha (hora de Aysén)',
    ...labels,
    ...(withFiles ? ['Archivos'] : []),
    ...(withMatch ? ['Coincidencia'] : []),
  ];
  const rows = records.map((record) => [
    record.reference ?? '',
    chileMinute(record.createdAt),
    ...labels.map((label) => record.fields.find((field) => field.label === label)?.value ?? ''),
    ...(withFiles ? [record.files.map((file) => file.path).join(' | ')] : []),
    ...(withMatch ? [record.thirdParty?.reason ?? ''] : []),
  ]);
  return utf8.encode(
    stringify([header, ...rows], {
      bom: true,
      delimiter: ';',
      quoted_match: ',',
      record_delimiter: 'windows',
      cast: { string: neutralise },
    }),
  );
}

function readmeOf(data: ExportData, present: RecordSource[], files: number): Uint8Array {
  const count = (source: RecordSource) => data.records.filter((record) => record.source === source).length;
  const lines = [
    readme.title(site.name),
    '',
    readme.request(data.reference, chileMinute(data.generatedAt)),
    readme.searched(data.subject.email, data.subject.rut),
    ...(data.records.some((record) => record.thirdParty)
      ? [readme.thirdParty(data.records.filter((record) => record.thirdParty).length)]
      : []),
    '',
    readme.contents,
    `- ${readme.self}`,
    `- ${readme.json}`,
    ...present.map((source) => `- ${readme.csv(csvFiles[source], recordSources[source], count(source))}`),
    ...(files > 0 ? [`- ${readme.files(files)}`] : []),
    '',
    readme.csvFormat,
    '',
    ...readme.jsonFormat,
    '',
    readme.sources,
    ...recordSourceKeys.map((source) => `- ${source}: ${recordSources[source]}`),
    '',
    readme.denuncias,
  ];
  // Windows' Notepad among the readers: CRLF.
  return utf8.encode(`${lines.join('\r\n')}\r\n`);
}

/** The ZIP: LEAME.txt, datos.json, one CSV per source with records, and archivos/ with their files. */
async function zipOf(
  request: RightsRequestRow,
  store: UploadStore,
  db: Database,
  at: Date,
): Promise<{ zip: Uint8Array; records: number }> {
  const found = await exportedData(db, request);
  const stored: Zippable = {};
  const records: ExportRecord[] = [];
  for (const record of found.records) {
    const files = [];
    for (const file of record.files) {
      const bytes = await readUpload(store, file.uploadId);
      // Listed means kept (search.ts): a file missing from the store is a fault, never a silently shorter export.
      if (!bytes) throw new Error(`rights export: the bytes of upload ${file.uploadId} are missing`);
      const path = `archivos/${record.reference ?? record.id}-${safeFileName(file.name)}`;
      stored[path] = bytes;
      files.push({ ...file, path });
    }
    records.push({ ...record, files, thirdParty: record.thirdParty && { reason: record.thirdParty.reason } });
  }
  const data: ExportData = { reference: request.reference, generatedAt: at.toISOString(), ...found, records };
  const present = recordSourceKeys.filter((source) => records.some((record) => record.source === source));
  const zip: Zippable = {
    'LEAME.txt': readmeOf(data, present, Object.keys(stored).length),
    'datos.json': utf8.encode(JSON.stringify(data, null, 2)),
  };
  for (const source of present) zip[csvFiles[source]] = csvOf(records.filter((record) => record.source === source));
  // fflate builds its tables as it loads: imported by the first export, not with the functions that carry it.
  const { zipSync } = await import('fflate');
  return { zip: zipSync({ ...zip, ...stored }, { mtime: at }), records: records.length };
}

/**
 * POST /api/admin/cases/:caseId/rights/export: builds the ZIP, stores it, and in one transaction
 * records the export with its token's hash (audited) and queues the mail with the link. Refused
 * before the e-mail is confirmed (Conflict) and once the case is closed.
 */
export async function sendExport(
  db: Database,
  store: UploadStore,
  admin: SignedInAdmin,
  caseId: string,
  origin: string,
): Promise<{ expiresAt: string }> {
  const request = await confirmedRightsRequest(db, caseId);
  if (request.status === 'cerrado') throw new Conflict(rightsMessages.closed);
  const at = new Date();
  const { zip, records } = await zipOf(request, store, db, at);
  const id = randomUUID();
  const token = newToken();
  const expiresAt = new Date(at.getTime() + RIGHTS_LINK_DAYS * DAY_MS).toISOString();
  const expiry = `${longDate(chileDate(new Date(expiresAt)))} a las ${chileMinute(expiresAt).slice(11)}`;
  await putBytes(store, exportKey(id), 'export', zip);
  try {
    await db.batch([
      auditedChange({
        change: `INSERT INTO rights_exports (id, request_id, token_hash, file_name, size, expires_at, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        params: [
          id,
          request.id,
          hashToken(token),
          exportTexts.fileName(request.reference),
          zip.byteLength,
          expiresAt,
          at.toISOString(),
          caseId,
          `${request.reference}: enlace de descarga de ${records} ${records === 1 ? 'registro' : 'registros'}`,
        ],
        admin,
        action: 'export',
        entity: 'rights_request',
        entityId: '$8::text',
        summary: '$9::text',
      }),
      enqueueMail(
        {
          to: request.email,
          // "Responda al correo que le enviamos" (rightsMessages.downloadGone): answers reach the privacy mailbox.
          replyTo: site.mailboxes.privacy,
          subject: rightsMailTexts.exportSubject(request.reference),
          text: [
            rightsMailTexts.export(request.reference, expiry),
            `${origin}${RIGHTS_DOWNLOAD_PATH}?token=${token}`,
            '',
            rightsMailTexts.exportContents,
            '',
            site.name,
          ].join('\n'),
        },
        request.reference,
      ),
    ]);
  } catch (error) {
    // Only a batch the database refused wrote nothing: after a lost answer it may have committed
    // and queued the link, which must still serve. Bytes left by one that did not are swept by
    // uploads-cleanup once no row names them; a failed deletion is left to it too.
    if (rolledBack(error)) await store.delete(exportKey(id)).catch(() => undefined);
    throw error;
  }
  return { expiresAt };
}

/**
 * POST /api/derechos/descarga: the export of the link's token, once. One statement claims it
 * (not downloaded, not expired at `at`), so of two downloads at once exactly one gets the bytes;
 * then the bytes leave the store. A failure after the claim spends the link: the person asks for
 * a new one, as for an expired link.
 */
export async function downloadExport(
  db: Database,
  store: UploadStore,
  token: string,
  at: Date,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const [claimed] = await db.query<{ id: string; file_name: string }>(
    `UPDATE rights_exports SET downloaded_at = $2
     WHERE token_hash = $1 AND downloaded_at IS NULL AND expires_at > $2 RETURNING id::text AS id, file_name`,
    [hashToken(token), at.toISOString()],
  );
  if (!claimed) throw new NotFound(rightsMessages.downloadGone);
  const bytes = await getBytes(store, exportKey(claimed.id), 'export');
  await store.delete(exportKey(claimed.id));
  await db.query('UPDATE rights_exports SET bytes_deleted_at = $2 WHERE id = $1', [claimed.id, at.toISOString()]);
  if (!bytes) throw new NotFound(rightsMessages.downloadGone);
  return { bytes, fileName: claimed.file_name };
}

/**
 * The retention clean-up's step (src/server/retention.ts): deletes the bytes of at most `limit`
 * exports whose link expired, or that were downloaded over an hour ago and still have them (a
 * download that failed between its claim and its deletion; the hour leaves one under way alone).
 * The rows stay, as the desk's record of what was sent, until their request is deleted.
 */
export async function deleteExpiredExports(db: Database, store: UploadStore, limit: number): Promise<number> {
  const done = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM rights_exports
     WHERE bytes_deleted_at IS NULL AND (expires_at <= now() OR downloaded_at < now() - interval '1 hour')
     ORDER BY expires_at LIMIT $1`,
    [limit],
  );
  if (done.length === 0) return 0;
  const ids = done.map((row) => row.id);
  // Bytes first: if deleting them fails, the rows stay as they were and the next run tries again.
  await Promise.all(ids.map((id) => store.delete(exportKey(id))));
  await db.query('UPDATE rights_exports SET bytes_deleted_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  return done.length;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import alertSubscriptions from '../../netlify/functions/outage-alerts-subscriptions.ts';
import reclamos from '../../netlify/functions/complaints.ts';
import contacto from '../../netlify/functions/contact.ts';
import denuncias from '../../netlify/functions/denuncias.ts';
import jobs from '../../netlify/functions/jobs.ts';
import motorhome from '../../netlify/functions/motorhome.ts';
import rightsFunction from '../../netlify/functions/rights.ts';
import * as rightsDownload from '../../netlify/functions/rights-download.ts';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { Conflict, NotFound } from '../../src/server/errors.ts';
import { hashToken } from '../../src/server/link-tokens.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { csvFiles, deleteExpiredExports, downloadExport, sendExport } from '../../src/server/rights/export.ts';
import { findPersonalData } from '../../src/server/rights/search.ts';
import { getBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { ExportDataSchema, type PersonalData } from '../../src/shared/rights/records/schema.ts';
import { chileMinute as chileTime } from '../../src/shared/time/format.ts';
import { rightsMessages } from '../../src/shared/rights/texts.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { multipart, pdfBytes } from '../helpers/files.ts';
import { postJson, refused, testContext } from '../helpers/functions.ts';
import { motorhomeRegistration } from '../helpers/submissions.ts';

/**
 * Derechos ARCO+, the export: the desk's search of everything the site holds for a
 * confirmed request's e-mail, RUT and service number (never a denuncia), the ZIP mailed as a
 * single-use link, its download, and the clean-up of its bytes.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'http://localhost';
let admin: SignedInAdmin;

type Handler = (req: Request, context: ReturnType<typeof testContext>['context']) => Promise<Response>;

/** Calls a public function with `request`, its waitUntil work settled; answers status and JSON body. */
async function send(fn: Handler, request: Request) {
  const { context, settle } = testContext();
  const response = await fn(request, context);
  await settle();
  return { status: response.status, body: await response.json() };
}

const at = (iso: string) => ({ headers: { 'x-local-now': iso } });

/**
 * Sends a rights request and confirms its e-mail with the token of the mail it got, and staff record
 * the proof of identity received, so its RUT and service number count (subject.ts); answers its case id.
 */
async function confirmedRequest(
  body: Record<string, string>,
  confirm = true,
): Promise<{ caseId: string; reference: string }> {
  const sent = await send(
    rightsFunction,
    postJson('/api/derechos', { type: 'acceso', name: 'Rosa Vera', details: 'Quiero mis datos.', ...body }),
  );
  expect(sent.status).toBe(200);
  const reference = sent.body.data.reference as string;
  const [mail] = await db().query<{ body: string }>('SELECT body FROM outbox WHERE reference = $1 AND recipient = $2', [
    reference,
    body.email,
  ]);
  const token = /\/privacidad\/derechos\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
  if (confirm) await confirmRightsEmail(db(), token, new Date('2026-12-01T15:30:00Z'));
  await db().query(
    `UPDATE rights_requests SET proof_received = 'Copia de la cédula de identidad, cotejada.', proof_received_at = now() WHERE reference = $1`,
    [reference],
  );
  const [row] = await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE reference = $1', [reference]);
  return { caseId: row!.id, reference };
}

/** The token of the last export link mailed for `reference`. */
async function exportToken(reference: string): Promise<string> {
  const [mail] = await db().query<{ body: string }>(
    'SELECT body FROM outbox WHERE reference = $1 AND body LIKE $2 ORDER BY id DESC LIMIT 1',
    [reference, '%/privacidad/derechos/descarga?token=%'],
  );
  return /\/privacidad\/derechos\/descarga\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
}

const download = (token: string, when = new Date().toISOString()) =>
  callFunction(rightsDownload, 'POST', '/api/derechos/descarga', { body: { token }, ...at(when) });

const ROSA = 'rosa.vera@correo.cl';
const DENUNCIA_TEXT = 'Relato confidencial del turno de noche, número 7781.';
const world = {} as {
  complaint: string;
  otherComplaint: string;
  message: string;
  application: string;
  registration: string;
  denuncia: string;
  cv: Uint8Array<ArrayBuffer>;
};

beforeAll(async () => {
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  const reference = async (fn: Handler, request: Request) => {
    const answer = await send(fn, request);
    expect(answer.status).toBe(200);
    return answer.body.data.reference as string;
  };
  const complaint = {
    name: 'Rosa',
    surname: 'Vera',
    email: 'Rosa.Vera@Correo.CL',
    phone: '',
    address: 'Baquedano 100',
    city: 'Coyhaique',
    clientNumber: '100001',
    complaintDetails: 'Me cobraron dos veces el mes de octubre.',
  };
  world.complaint = await reference(
    reclamos,
    postJson('/api/reclamos', complaint, {
      headers: { 'content-type': 'application/json', 'x-local-now': '2026-11-02T15:00:00Z' },
    }),
  );
  // Another person's complaint about the same service: found by the service number only.
  world.otherComplaint = await reference(
    reclamos,
    postJson('/api/reclamos', { ...complaint, name: 'Pedro', email: 'pedro@correo.cl', clientNumber: '100-001' }),
  );
  world.message = await reference(
    contacto,
    postJson('/api/contacto', { name: 'Luis', surname: 'Soto', email: 'luis@correo.cl', reqs: 'Consulta.' }),
  );
  expect(
    (
      await send(
        alertSubscriptions,
        postJson('/api/cortes/alertas', { email: 'ROSA.VERA@correo.cl', towns: ['puerto-aysen', 'coyhaique'] }),
      )
    ).status,
  ).toBe(200);
  // Sent from another spelling of her mailbox (a +tag), with the RUT written without dots.
  world.cv = pdfBytes(3_000);
  world.application = await reference(
    jobs,
    multipart(
      '/api/job',
      {
        name: 'Rosa Vera',
        email: 'Rosa.Vera+trabajo@correo.cl',
        rut: '12345678-5',
        address: 'Baquedano 100',
        fileName: 'CV Rosa Vera.pdf',
      },
      { name: 'CV Rosa Vera.pdf', bytes: world.cv },
    ),
  );
  world.registration = await reference(motorhome, postJson('/api/motorhome', motorhomeRegistration));
  // A denuncia sent with Rosa's address: no search or export may show or link it.
  world.denuncia = await reference(
    denuncias,
    multipart('/api/denuncias', {
      denunciaRelacion: 'Trabajador',
      denunciaLugar: 'Plantas',
      denunciaType: 'Acoso laboral',
      name: 'Rosa',
      lastName: 'Vera',
      email: ROSA,
      contactTime: 'De 9:00 a 12:00',
      denunciaText: DENUNCIA_TEXT,
    }),
  );
  // Bills: Rosa's card payment, a factura paid from a company address with her RUT, and another
  // person's payment for the same service.
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 0, 'Baquedano 100'), ('100002', 0, 'Prat 5')`,
  );
  await db().query(
    `INSERT INTO bills (service_number, amount, email, billing_type, company, rut, payment_method, status, buy_order, session_id, created_at, paid_at)
     VALUES ('100001', 15990, 'rosa.vera@correo.cl', 'boleta', '', '', 'webpay-plus', 'paid', 'ORD-ROSA-1', 's1', '2026-11-20T13:00:00Z', '2026-11-20T13:02:00Z'),
            ('100002', 25000, 'pagos@empresa.cl', 'factura', 'Vera Ltda.', '12345678-5', 'webpay-plus', 'paid', 'ORD-EMPRESA-1', 's2', '2026-11-21T13:00:00Z', '2026-11-21T13:01:00Z'),
            ('100001', 9990, 'pedro@correo.cl', 'boleta', '', '', 'webpay-plus', 'paid', 'ORD-PEDRO-1', 's3', '2026-11-22T13:00:00Z', '2026-11-22T13:01:00Z')`,
  );
  await db().query(
    `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, payment_type_code, authorization_code, transaction_date, card_number, installments_number, created_at)
     SELECT id, 'AUTHORIZED', 0, amount, buy_order, 'VD', '1213', paid_at, '6623', 0, paid_at FROM bills`,
  );
  // A reply Rosa was mailed about her complaint.
  await db().query(
    `INSERT INTO case_entries (case_id, kind, body, admin_name, created_at)
     SELECT id, 'reply', 'Revisamos su cuenta y anulamos el cobro duplicado.', 'Ana Admin', '2026-12-02T14:00:00Z'
     FROM cases WHERE reference = $1`,
    [world.complaint],
  );
});

beforeEach(async () => {
  await db().query('DELETE FROM rights_exports');
  await db().query('DELETE FROM rights_requests');
  await db().query(`DELETE FROM cases WHERE kind = 'derechos'`);
  await db().query('DELETE FROM mail_acknowledgements');
  await db().query('DELETE FROM audit_log');
});

/** Each record found as `source reference`, in the order the search gives them; someone else's with why. */
const found = (data: PersonalData) =>
  data.records.map(
    (record) => `${record.source} ${record.reference}${record.thirdParty ? ` · ${record.thirdParty.reason}` : ''}`,
  );
const fieldsOf = (data: PersonalData, source: string) =>
  Object.fromEntries(data.records.find((record) => record.source === source)!.fields.map((f) => [f.label, f.value]));

describe('findPersonalData', () => {
  it("finds by the e-mail's mailbox however spelt: the complaint, the cases, the application with its CV, the subscription, the bill, the card record, the request; by the RUT however written, someone else's factura, de un tercero; never a denuncia", async () => {
    const { caseId, reference } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' });
    const data = await findPersonalData(db(), caseId);
    expect(data.subject).toEqual({ email: ROSA, rut: '12.345.678-5', serviceNumber: '' });
    expect(found(data)).toEqual([
      `complaints ${world.complaint}`,
      `cases ${world.complaint}`,
      `cases ${world.application}`,
      `cases ${reference}`,
      `job_applications ${world.application}`,
      'outage_subscriptions null',
      'bills ORD-ROSA-1',
      'bills ORD-EMPRESA-1 · Coincide el RUT 12.345.678-5',
      'tbk_payments ORD-ROSA-1',
      'tbk_payments ORD-EMPRESA-1 · Coincide el RUT 12.345.678-5',
      `rights_requests ${reference}`,
    ]);
    expect(fieldsOf(data, 'complaints')).toEqual({
      Nombre: 'Rosa',
      Apellido: 'Vera',
      'Correo electrónico': 'Rosa.Vera@Correo.CL',
      Teléfono: '',
      Dirección: 'Baquedano 100',
      Ciudad: 'Coyhaique',
      'Número de servicio': '100001',
      'Detalle del reclamo': 'Me cobraron dos veces el mes de octubre.',
    });
    // The case as the citizen follows it, its instants on Aysén's clock (UTC−3).
    expect(data.records[1]).toMatchObject({ createdAt: '2026-11-02T15:00:00Z' });
    expect(fieldsOf(data, 'cases')).toMatchObject({
      Tipo: 'Reclamo',
      Estado: 'Recibido',
      'Plazo de respuesta': '16-11-2026',
      'Respuestas enviadas': '02-12-2026 11:00: Revisamos su cuenta y anulamos el cobro duplicado.',
    });
    expect(fieldsOf(data, 'outage_subscriptions')).toEqual({
      'Correo electrónico': 'ROSA.VERA@correo.cl',
      Teléfono: '',
      Canal: 'Correo',
      Localidades: 'Coyhaique, Puerto Aysén',
      'Confirmada el': '',
      'Cambio de localidades pedido': '',
      'Cambio pedido el': '',
    });
    expect(fieldsOf(data, 'bills')).toMatchObject({
      Monto: '$15.990',
      Estado: 'Pagado',
      'Pagada el': '20-11-2026 10:02',
    });
    expect(fieldsOf(data, 'tbk_payments')).toMatchObject({
      'Tipo de pago': 'Débito',
      'Últimos dígitos de la tarjeta': '6623',
    });
    expect(fieldsOf(data, 'rights_requests')).toMatchObject({
      Derecho: 'Acceso',
      'Correo confirmado el': '01-12-2026 12:30',
    });
    const [cv] = await db().query<{ id: string }>(
      'SELECT cv_upload_id::text AS id FROM job_applications WHERE reference = $1',
      [world.application],
    );
    expect(data.records.find((record) => record.source === 'job_applications')!.files).toEqual([
      { uploadId: cv!.id, name: 'CV Rosa Vera.pdf', size: world.cv.byteLength },
    ]);
    // Neither the denuncia nor anything it said; nor the others' submissions.
    const text = JSON.stringify(data);
    for (const absent of [
      world.denuncia,
      DENUNCIA_TEXT,
      'DEN-',
      world.otherComplaint,
      world.message,
      world.registration,
    ])
      expect(text).not.toContain(absent);
  });

  it('finds by the service number however written every complaint, bill and card record of that service, each de un tercero; never their cases', async () => {
    const { caseId, reference } = await confirmedRequest({ email: 'otra@correo.cl', serviceNumber: '100 001' });
    const why = 'Coincide el número de servicio 100 001';
    expect(found(await findPersonalData(db(), caseId))).toEqual([
      `complaints ${world.complaint} · ${why}`,
      `complaints ${world.otherComplaint} · ${why}`,
      `cases ${reference}`,
      `bills ORD-ROSA-1 · ${why}`,
      `bills ORD-PEDRO-1 · ${why}`,
      `tbk_payments ORD-ROSA-1 · ${why}`,
      `tbk_payments ORD-PEDRO-1 · ${why}`,
      // The service's account: no holder on file, so no one's own.
      `accounts 100001 · ${why}`,
      `rights_requests ${reference}`,
    ]);
  });

  it("finds a phone's subscription when it is the contact phone of a service the person holds", async () => {
    await db().query(
      `UPDATE accounts SET holder_rut = '12345678-5', contact_phone = '+56987651234' WHERE service_number = '100001'`,
    );
    await db().query(
      `INSERT INTO outage_subscriptions (phone, channel, towns, confirmed_at, source)
       VALUES ('+56987651234', 'sms', '{coyhaique}', now(), 'billing'), ('+56911119999', 'sms', '{coyhaique}', now(), 'web')`,
    );
    try {
      const { caseId } = await confirmedRequest({ email: 'otra.persona@correo.cl', rut: '12.345.678-5' });
      const data = await findPersonalData(db(), caseId);
      expect(found(data).filter((record) => record.startsWith('outage_subscriptions'))).toHaveLength(1);
      expect(fieldsOf(data, 'outage_subscriptions')).toMatchObject({ Teléfono: '+56987651234', Canal: 'SMS' });
    } finally {
      await db().query(`DELETE FROM outage_subscriptions WHERE phone IS NOT NULL`);
      await db().query(`UPDATE accounts SET holder_rut = NULL, contact_phone = NULL WHERE service_number = '100001'`);
    }
  });

  it('compares only what looks like a RUT: a passport with the same digits is someone else', async () => {
    const { caseId } = await confirmedRequest({ email: 'otra@correo.cl', rut: '1-9' });
    const motorhomeFound = async (rut: string) => {
      await db().query('UPDATE motorhome_registrations SET rut = $2 WHERE reference = $1', [world.registration, rut]);
      return found(await findPersonalData(db(), caseId)).filter((record) => record.startsWith('motorhome'));
    };
    try {
      expect(await motorhomeFound('P1-9')).toEqual([]);
      expect(await motorhomeFound('0.001-9')).toEqual([
        `motorhome_registrations ${world.registration} · Coincide el RUT 1-9`,
      ]);
    } finally {
      await motorhomeFound(motorhomeRegistration.rut);
    }
  });

  it("lists an application's CV only while its bytes are kept", async () => {
    const { caseId } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' });
    const cvDeleted = (deleted: boolean) =>
      db().query(
        `UPDATE uploads SET bytes_deleted_at = CASE WHEN $2 THEN now() END
         WHERE id = (SELECT cv_upload_id FROM job_applications WHERE reference = $1)`,
        [world.application, deleted],
      );
    await cvDeleted(true);
    try {
      const data = await findPersonalData(db(), caseId);
      expect(data.records.find((record) => record.source === 'job_applications')!.files).toEqual([]);
    } finally {
      await cvDeleted(false);
    }
  });

  it('refuses before the e-mail is confirmed, and for a case that is no rights request', async () => {
    const { caseId } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' }, false);
    await expect(findPersonalData(db(), caseId)).rejects.toEqual(new Conflict(rightsMessages.notConfirmed));
    const [complaintCase] = await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE reference = $1', [
      world.complaint,
    ]);
    await expect(findPersonalData(db(), complaintCase!.id)).rejects.toEqual(new NotFound(rightsMessages.notFound));
  });
});

/** The ZIP's entries, by name. */
const unzip = async (response: Response) => unzipSync(new Uint8Array(await response.arrayBuffer()));
const exportRow = async () =>
  (
    await db().query<Record<string, string | null>>(
      `SELECT id::text AS id, token_hash, file_name, size, expires_at, downloaded_at, bytes_deleted_at FROM rights_exports`,
    )
  )[0]!;

describe('sendExport and the download', () => {
  it('mails a single-use link to the confirmed e-mail, audited; the ZIP holds exactly what the search finds, the CV and LEAME.txt; its bytes go once downloaded', async () => {
    const { caseId, reference } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' });
    const before = Date.now();
    const { expiresAt } = await sendExport(db(), uploadStore(), admin, caseId, ORIGIN);
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const token = await exportToken(reference);
    const [mail] = await db().query<Record<string, string>>(
      'SELECT recipient, reply_to, subject, body FROM outbox WHERE reference = $1 AND body LIKE $2',
      [reference, '%/descarga?token=%'],
    );
    expect(mail).toMatchObject({
      recipient: ROSA,
      reply_to: 'privacidad@example.com',
      subject: `Sus datos personales (${reference})`,
    });
    expect(mail!.body).toContain(`${ORIGIN}/privacidad/derechos/descarga?token=${token}`);
    expect(mail!.body).toContain(`En respuesta a su solicitud ${reference}, puede descargar`);
    // Only the token's hash is stored.
    const row = await exportRow();
    expect(row).toMatchObject({ token_hash: hashToken(token), file_name: `datos-personales-${reference}.zip` });
    expect(JSON.stringify(await db().query('SELECT * FROM rights_exports'))).not.toContain(token);
    expect(
      await db().query('SELECT admin_email, action, entity, entity_id, summary FROM audit_log ORDER BY id'),
    ).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'export',
        entity: 'rights_request',
        entity_id: caseId,
        summary: `${reference}: enlace de descarga de 9 registros`,
      },
    ]);

    // Her own records; not the factura of someone else found by her RUT, which staff did not include.
    const searched = await findPersonalData(db(), caseId);
    const own = searched.records.filter((record) => !record.thirdParty);
    expect(own).toHaveLength(9);
    const response = await download(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="datos-personales-${reference}.zip"; filename*=UTF-8''datos-personales-${reference}.zip`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const entries = await unzip(response);
    const cvPath = `archivos/${world.application}-CV-Rosa-Vera.pdf`;
    expect(Object.keys(entries)).toEqual([
      'LEAME.txt',
      'datos.json',
      'reclamos.csv',
      'casos.csv',
      'postulaciones.csv',
      'suscripciones-a-avisos-de-cortes.csv',
      'boletas-y-pagos.csv',
      'pagos-con-tarjeta.csv',
      'solicitudes-de-derechos.csv',
      cvPath,
    ]);
    // datos.json: the search's answer, the request and its time, each file with its place in the ZIP.
    const data = ExportDataSchema.parse(JSON.parse(strFromU8(entries['datos.json']!)));
    expect(data).toEqual({
      reference,
      generatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      subject: searched.subject,
      records: own.map((record) => ({
        ...record,
        files: record.files.map((file) => ({ ...file, path: cvPath })),
      })),
    });
    expect(entries[cvPath]).toEqual(world.cv);
    // A CSV per source: UTF-8 with a BOM, `;`, Windows line ends, the reference and Aysén's date first.
    expect([...entries['reclamos.csv']!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const complaints = strFromU8(entries['reclamos.csv']!);
    expect(complaints.startsWith('Referencia;Fecha (hora de Aysén);Nombre;Apellido;')).toBe(true);
    expect(complaints.split('\r\n')[1]).toBe(
      `${world.complaint};${chileTime(searched.records[0]!.createdAt)};Rosa;Vera;Rosa.Vera@Correo.CL;;Baquedano 100;Coyhaique;100001;Me cobraron dos veces el mes de octubre.`,
    );
    expect(strFromU8(entries['postulaciones.csv']!).split('\r\n')[0]).toMatch(/;Archivos$/);
    expect(strFromU8(entries['postulaciones.csv']!)).toContain(`;${cvPath}\r\n`);
    const readme = strFromU8(entries['LEAME.txt']!);
    expect(readme).toContain(`Solicitud ${reference}.`);
    expect(readme).toContain(
      'Contiene los datos personales que encontramos en nuestro sitio web en los registros con su correo electrónico confirmado, rosa.vera@correo.cl, y la cuenta y las lecturas de los servicios de los que usted es titular con el RUT 12.345.678-5, según nuestro sistema de facturación.',
    );
    expect(readme).not.toContain('Incluye además');
    expect(readme).toContain('- reclamos.csv: Reclamos (1 registro).');
    expect(readme).toContain('- casos.csv: Casos de Atención ciudadana (3 registros).');
    expect(readme).toContain('- archivos/: el documento que usted nos envió (por ejemplo, su currículum).');
    // Nothing of the denuncia anywhere in the file.
    const everything = Object.values(entries)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    for (const absent of [world.denuncia, DENUNCIA_TEXT, 'DEN-', 'ORD-EMPRESA-1', 'Vera Ltda.', 'pagos@empresa.cl'])
      expect(everything).not.toContain(absent);

    // Used once: the bytes are gone and the link answers 404 with its message.
    const used = await exportRow();
    expect(used.downloaded_at).not.toBeNull();
    expect(used.bytes_deleted_at).not.toBeNull();
    expect(await getBytes(uploadStore(), `exports/${used.id}`, 'export')).toBeUndefined();
    expect(await read(await download(token))).toEqual(refused(404, rightsMessages.downloadGone));
    // The second attempt did not move the first download's time.
    expect((await exportRow()).downloaded_at).toEqual(used.downloaded_at);
  });

  it('the link expires after 7 days; the clean-up then deletes its bytes', async () => {
    const { caseId, reference } = await confirmedRequest({ email: ROSA });
    const { expiresAt } = await sendExport(db(), uploadStore(), admin, caseId, ORIGIN);
    const token = await exportToken(reference);
    const late = new Date(Date.parse(expiresAt) + 60_000).toISOString();
    expect(await read(await download(token, late))).toEqual(refused(404, rightsMessages.downloadGone));
    const row = await exportRow();
    expect(row.downloaded_at).toBeNull();

    // Not expired yet for the clean-up, which reads the database's clock: nothing deleted.
    expect(await deleteExpiredExports(db(), uploadStore(), 10)).toBe(0);
    expect(await getBytes(uploadStore(), `exports/${row.id}`, 'export')).toBeDefined();
    await db().query(`UPDATE rights_exports SET expires_at = now() - interval '1 minute'`);
    expect(await deleteExpiredExports(db(), uploadStore(), 10)).toBe(1);
    expect(await getBytes(uploadStore(), `exports/${row.id}`, 'export')).toBeUndefined();
    expect((await exportRow()).bytes_deleted_at).not.toBeNull();
    expect(await deleteExpiredExports(db(), uploadStore(), 10)).toBe(0);
  });

  it('a minute before it expires, the link still serves', async () => {
    const { caseId, reference } = await confirmedRequest({ email: ROSA });
    const { expiresAt } = await sendExport(db(), uploadStore(), admin, caseId, ORIGIN);
    const response = await download(
      await exportToken(reference),
      new Date(Date.parse(expiresAt) - 60_000).toISOString(),
    );
    expect(response.status).toBe(200);
  });

  it('the clean-up deletes the bytes a download left over an hour ago, never those of a download under way', async () => {
    const { caseId } = await confirmedRequest({ email: ROSA });
    await sendExport(db(), uploadStore(), admin, caseId, ORIGIN);
    const { id } = await exportRow();
    await db().query(`UPDATE rights_exports SET downloaded_at = now() - interval '5 minutes'`);
    expect(await deleteExpiredExports(db(), uploadStore(), 10)).toBe(0);
    await db().query(`UPDATE rights_exports SET downloaded_at = now() - interval '2 hours'`);
    expect(await deleteExpiredExports(db(), uploadStore(), 10)).toBe(1);
    expect(await getBytes(uploadStore(), `exports/${id}`, 'export')).toBeUndefined();
  });

  it('refuses before the e-mail is confirmed and once the case is closed: no file, no mail, no audit', async () => {
    const unconfirmed = await confirmedRequest({ email: ROSA }, false);
    await expect(sendExport(db(), uploadStore(), admin, unconfirmed.caseId, ORIGIN)).rejects.toEqual(
      new Conflict(rightsMessages.notConfirmed),
    );
    const closed = await confirmedRequest({ email: 'otra@correo.cl' });
    await db().query(`UPDATE cases SET status = 'cerrado', closed_at = now() WHERE id = $1`, [closed.caseId]);
    await expect(sendExport(db(), uploadStore(), admin, closed.caseId, ORIGIN)).rejects.toEqual(
      new Conflict(rightsMessages.closed),
    );
    expect(await db().query('SELECT id FROM rights_exports')).toEqual([]);
    expect(
      await db().query(`SELECT id FROM outbox WHERE reference = ANY($1) AND body LIKE '%/descarga?token=%'`, [
        [unconfirmed.reference, closed.reference],
      ]),
    ).toEqual([]);
    expect(await db().query('SELECT id FROM audit_log')).toEqual([]);
    const { blobs } = await uploadStore().list({ prefix: 'exports/' });
    expect(blobs).toEqual([]);
  });

  it('of two downloads of one link at once, on separate connections, exactly one gets the file (20 rounds)', async () => {
    const { caseId, reference } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' });
    const store = uploadStore();
    for (let round = 0; round < 20; round++) {
      await sendExport(db(), store, admin, caseId, ORIGIN);
      const token = await exportToken(reference);
      const now = new Date();
      const outcomes = await Promise.allSettled([
        downloadExport(environment.database.connect(), store, token, now),
        downloadExport(environment.database.connect(), store, token, now),
      ]);
      const served = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(served).toHaveLength(1);
      expect(unzipSync(served[0]!.value.bytes)['LEAME.txt']).toBeDefined();
      expect(outcomes.find((outcome) => outcome.status === 'rejected')!.reason).toEqual(
        new NotFound(rightsMessages.downloadGone),
      );
    }
  });
});

describe('POST /api/derechos/descarga', () => {
  it('answers only a POST, refuses a mangled token at its field, and is rate limited', async () => {
    const get = await callFunction(rightsDownload, 'GET', '/api/derechos/descarga');
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    expect(await read(await download('not-a-token'))).toEqual(
      refused(400, 'Revise los datos del formulario.', { token: rightsMessages.downloadGone }),
    );
    expect(await read(await download('A'.repeat(43)))).toEqual(refused(404, rightsMessages.downloadGone));
    expect(rightsDownload.config.rateLimit).toMatchObject({ windowSize: 60, windowLimit: 10 });
  });
});

describe('docs/reference/rights-export.md', () => {
  it("documents every CSV's file name and columns as the export writes them", async () => {
    const docs = await readFile(path.resolve(import.meta.dirname, '../../docs/reference/rights-export.md'), 'utf8');
    // Rosa's records of every source.
    const message = await send(
      contacto,
      postJson('/api/contacto', { name: 'Rosa', surname: 'Vera', email: ROSA, reqs: 'Consulta.' }),
    );
    const registration = await send(motorhome, postJson('/api/motorhome', { ...motorhomeRegistration, email: ROSA }));
    // Her service's account names her as its holder, with one reading, warned.
    await db().query(`UPDATE accounts SET holder_rut = '12345678-5' WHERE service_number = '100001'`);
    await db().query(
      `INSERT INTO consumption_periods (service_number, period, read_from, read_to, reading_from, reading_to,
         consumption_m3, reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge,
         overconsumption_charge, subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date)
       VALUES ('100001', '2026-10', '2026-09-15', '2026-10-15', 100, 110, 10, 'real', 0, 1000, 5000, 3000, 1000, 0,
         0, 0, 0, 0, 10000, '2026-11-05')`,
    );
    await db().query(
      `INSERT INTO consumption_warnings (service_number, period, consumption_m3, average_m3, readings, email_not_sent)
       VALUES ('100001', '2026-10', 10, 0, 3, 'sin-correo')`,
    );
    const { caseId, reference } = await confirmedRequest({ email: ROSA, rut: '12.345.678-5' });
    await sendExport(db(), uploadStore(), admin, caseId, ORIGIN);
    const entries = await unzip(await download(await exportToken(reference)));
    await db().query(`DELETE FROM consumption_periods WHERE service_number = '100001'`);
    await db().query(`DELETE FROM consumption_warnings WHERE service_number = '100001'`);
    await db().query(`UPDATE accounts SET holder_rut = NULL WHERE service_number = '100001'`);
    const added = [message.body.data.reference, registration.body.data.reference];
    await db().query('DELETE FROM contact_messages WHERE reference = ANY($1)', [added]);
    await db().query('DELETE FROM motorhome_registrations WHERE reference = ANY($1)', [added]);
    await db().query('DELETE FROM cases WHERE reference = ANY($1)', [added]);
    expect(Object.keys(entries).filter((name) => name.endsWith('.csv'))).toEqual(Object.values(csvFiles));
    for (const file of Object.values(csvFiles)) expect(docs).toContain(`\`${file}\``);
    for (const [name, bytes] of Object.entries(entries).filter(([name]) => name.endsWith('.csv'))) {
      const header = strFromU8(bytes).split('\r\n')[0]!;
      expect(docs, name).toContain(
        header
          .split(';')
          .map((column) => `\`${column}\``)
          .join(', '),
      );
    }
  });
});

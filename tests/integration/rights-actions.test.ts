import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { submitComplaint } from '../../src/server/complaints.ts';
import { submitContact } from '../../src/server/contact.ts';
import { Conflict, Invalid, NotFound, type Refusal } from '../../src/server/errors.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { queueOutageAlerts } from '../../src/server/outage-alerts/fan-out.ts';
import { createOutage } from '../../src/server/outages/manage.ts';
import { publishOutage } from '../../src/server/outages/lifecycle.ts';
import {
  blockSubject,
  eraseRecords,
  extendRightsRequest,
  recordProof,
  rectifyRecord,
} from '../../src/server/rights/actions.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { rightsDesk } from '../../src/server/rights/desk.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { fileKey, putBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { readUpload } from '../../src/server/uploads/files.ts';
import { followUpHref } from '../../src/shared/cases/schema.ts';
import { longDate } from '../../src/shared/time/long-date.ts';
import { site } from '../../src/shared/site.ts';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { OutageInputSchema } from '../../src/shared/outages/schema.ts';
import { ErasureOutcomeSchema, RightsDeskSchema } from '../../src/shared/rights/desk/schema.ts';
import { keptReasons, rightsDeskMessages, rightsNotes } from '../../src/shared/rights/desk/texts.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { rightsMailTexts, rightsMessages, type RightType } from '../../src/shared/rights/texts.ts';
import { auditRows, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { completedUpload, pdfBytes, sha256 } from '../helpers/files.ts';

/**
 * The rights desk's actions, on requests made and confirmed as a person makes
 * them: the one extension, the proof of identity, supresión, rectificación, bloqueo and oposición,
 * each only on the requester's own records and, for their data, only once the e-mail is confirmed.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.example.cl';
const EMAIL = 'Rosa.Vera@correo.cl';
const RUT = '12.345.678-5';
const SERVICE = '100234';
const OTHER = 'pedro.soto@correo.cl';
// A Friday: 15 business days later, past the holiday of 8 December, is Monday 21 December 2026.
const FRIDAY = new Date('2026-11-27T15:00:00Z');
const DUE = '2026-12-21';
// 15 more, past Christmas and New Year's Day (31 December is no public holiday).
const EXTENDED = '2027-01-13';

let admin: SignedInAdmin;
beforeAll(async () => {
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
});
beforeEach(async () => {
  await db().query(
    `TRUNCATE outbox, mail_acknowledgements, cases, case_entries, rights_requests, rights_exports, data_blocks,
       complaints, contact_messages, job_applications, uploads, outage_subscriptions, outage_alerts, outage_notices,
       outages, tbk_payments, bills, accounts, audit_log CASCADE`,
  );
});

interface Request {
  reference: string;
  caseId: string;
  id: string;
}

/** A rights request as /privacidad/derechos sends it; its e-mail not confirmed yet. */
async function request(type: RightType = 'supresion', email = EMAIL, at = FRIDAY): Promise<Request> {
  const { reference } = await submitRightsRequest(
    db(),
    RightsRequestSchema.parse({
      type,
      name: 'Rosa Vera',
      email,
      rut: RUT,
      serviceNumber: SERVICE,
      details: 'Mis datos.',
    }),
    { at, origin: ORIGIN },
  );
  const [row] = await db().query<{ caseId: string; id: string }>(
    `SELECT c.id::text AS "caseId", r.id::text AS id FROM cases c JOIN rights_requests r USING (reference) WHERE reference = $1`,
    [reference],
  );
  return { reference, ...row! };
}

/** The token of the confirmation link mailed for `reference`. */
async function mailedToken(reference: string): Promise<string> {
  const [mail] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE subject = $1`, [
    rightsMailTexts.confirmSubject(reference),
  ]);
  return /\/privacidad\/derechos\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
}

/**
 * A request whose e-mail was confirmed by the link mailed to it, and whose proof of identity staff
 * recorded as received: its RUT and service number count (subject.ts).
 */
async function confirmedRequest(type: RightType = 'supresion', email = EMAIL): Promise<Request> {
  const made = await request(type, email);
  // Confirmed an hour after it was made, within its link's 7 days whatever today is.
  await confirmRightsEmail(db(), await mailedToken(made.reference), new Date(FRIDAY.getTime() + 3_600_000));
  await db().query(
    `UPDATE rights_requests SET proof_received = 'Copia de la cédula de identidad, cotejada.', proof_received_at = now() WHERE reference = $1`,
    [made.reference],
  );
  return made;
}

/** The refusal a call ends in: its kind and message. */
const refusal = (done: Promise<unknown>) =>
  done.then(
    () => undefined,
    (error: Refusal) => ({ kind: error.constructor.name, message: error.message }),
  );
const refusedAs = (kind: typeof Conflict | typeof NotFound | typeof Invalid, message: string) => ({
  kind: kind.name,
  message,
});

const complaint = async (email = EMAIL, clientNumber = '') =>
  (
    await submitComplaint(
      db(),
      ComplaintSchema.parse({
        name: 'Rosa',
        surname: 'Vera',
        email,
        phone: '+56 9 1111 2222',
        address: 'Calle Uno 123',
        city: 'Coyhaique',
        clientNumber,
        complaintDetails: 'Me cobraron dos veces el mes de octubre.',
      }),
      { at: new Date(), origin: ORIGIN },
    )
  ).reference;

const idOf = async (table: string, reference: string) =>
  (await db().query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE reference = $1`, [reference]))[0]!.id;
const exists = async (table: string, column: string, value: string) =>
  (await db().query(`SELECT 1 FROM ${table} WHERE ${column}::text = $1`, [value])).length > 0;
const notes = (caseId: string) =>
  db().query<{ body: string; admin_name: string }>(
    `SELECT body, admin_name FROM case_entries WHERE case_id = $1 AND kind = 'note' ORDER BY id`,
    [caseId],
  );
const dueOn = async (caseId: string) =>
  (
    await db().query<{ due: string }>(`SELECT to_char(due_on, 'YYYY-MM-DD') AS due FROM cases WHERE id = $1`, [caseId])
  )[0]!.due;

describe('extendRightsRequest', () => {
  it('moves the deadline 15 business days once, mails the person why, notes and audits it', async () => {
    const { reference, caseId, id } = await request('acceso');
    expect(await dueOn(caseId)).toBe(DUE);

    await extendRightsRequest(db(), admin, caseId, 'Debemos revisar registros en papel.', ORIGIN);

    expect(await dueOn(caseId)).toBe(EXTENDED);
    const [mail] = await db().query<{ recipient: string; reply_to: string; body: string }>(
      `SELECT recipient, reply_to, body FROM outbox WHERE subject = $1`,
      [rightsMailTexts.extensionSubject(reference)],
    );
    expect(mail!.recipient).toBe(EMAIL);
    expect(mail!.reply_to).toBe(site.mailboxes.privacy);
    expect(mail!.body).toContain(
      rightsMailTexts.extension(reference, longDate(EXTENDED), 'Debemos revisar registros en papel.'),
    );
    expect(mail!.body).toContain(`${ORIGIN}${followUpHref(reference)}`);
    expect(await notes(caseId)).toEqual([
      {
        body: rightsNotes.extension(longDate(EXTENDED), 'Debemos revisar registros en papel.'),
        admin_name: 'Ana Admin',
      },
    ]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'extend',
        entity: 'rights_request',
        entity_id: id,
        summary: `${reference}: plazo ampliado hasta el ${EXTENDED}`,
      },
    ]);
    expect(await rightsDesk(db(), caseId)).toMatchObject({
      extendedAt: expect.stringMatching(/Z$/),
      extensionReason: 'Debemos revisar registros en papel.',
      dueOn: EXTENDED,
    });
  });

  it('refuses a second extension: the law allows one', async () => {
    const { caseId } = await request('acceso');
    await extendRightsRequest(db(), admin, caseId, 'Primera.', ORIGIN);

    expect(await refusal(extendRightsRequest(db(), admin, caseId, 'Segunda.', ORIGIN))).toEqual(
      refusedAs(Conflict, rightsMessages.alreadyExtended),
    );
    expect(await dueOn(caseId)).toBe(EXTENDED);
    expect(await db().query(`SELECT 1 FROM outbox WHERE subject LIKE 'Su solicitud %: ampliamos%'`)).toHaveLength(1);
    expect(await notes(caseId)).toHaveLength(1);
  });

  it('refuses every action on a closed request until it is reopened', async () => {
    const { caseId } = await confirmedRequest();
    await db().query(`UPDATE cases SET status = 'cerrado', closed_at = now() WHERE id = $1`, [caseId]);
    const closed = refusedAs(Conflict, rightsMessages.closed);
    expect(await refusal(extendRightsRequest(db(), admin, caseId, 'Motivo.', ORIGIN))).toEqual(closed);
    expect(await refusal(recordProof(db(), admin, caseId, { requested: 'Cédula.' }))).toEqual(closed);
    expect(await refusal(blockSubject(db(), admin, caseId))).toEqual(closed);
    expect(await refusal(eraseRecords(db(), uploadStore(), admin, caseId, []))).toEqual(closed);
    expect(await auditRows(db())).toEqual([]);
  });
});

describe('before the e-mail is confirmed', () => {
  it("refuses every action on the person's data, and changes nothing", async () => {
    const { caseId, reference } = await request();
    const theirs = await complaint();
    const notConfirmed = refusedAs(Conflict, rightsMessages.notConfirmed);

    expect(
      await refusal(
        eraseRecords(db(), uploadStore(), admin, caseId, [
          { source: 'complaints', id: await idOf('complaints', theirs) },
        ]),
      ),
    ).toEqual(notConfirmed);
    expect(
      await refusal(
        rectifyRecord(db(), admin, caseId, {
          source: 'complaints',
          id: await idOf('complaints', theirs),
          field: 'phone',
          value: '+56 9 3333 4444',
        }),
      ),
    ).toEqual(notConfirmed);
    expect(await refusal(blockSubject(db(), admin, caseId))).toEqual(notConfirmed);

    expect(await exists('complaints', 'reference', theirs)).toBe(true);
    expect(await db().query(`SELECT phone FROM complaints`)).toEqual([{ phone: '+56 9 1111 2222' }]);
    expect(await exists('data_blocks', 'reference', reference)).toBe(false);
    expect(await auditRows(db())).toEqual([]);
    expect(await notes(caseId)).toEqual([]);
  });

  it('still lets staff record the proof they asked for and extend the deadline', async () => {
    const { caseId } = await request();
    await recordProof(db(), admin, caseId, { requested: 'Copia de su cédula de identidad.' });
    await extendRightsRequest(db(), admin, caseId, 'Esperamos su cédula.', ORIGIN);
    expect(await rightsDesk(db(), caseId)).toMatchObject({
      emailConfirmedAt: null,
      proofRequested: 'Copia de su cédula de identidad.',
      dueOn: EXTENDED,
    });
  });
});

describe('recordProof', () => {
  it('keeps what was asked and what was received, each with its time, noted and audited', async () => {
    const { caseId, reference, id } = await request();
    await recordProof(db(), admin, caseId, { requested: 'Copia de su cédula de identidad.' });
    await recordProof(db(), admin, caseId, { received: 'Cédula recibida por correo.' });

    const desk = await rightsDesk(db(), caseId);
    expect(desk).toMatchObject({
      proofRequested: 'Copia de su cédula de identidad.',
      proofRequestedAt: expect.stringMatching(/Z$/),
      proofReceived: 'Cédula recibida por correo.',
      proofReceivedAt: expect.stringMatching(/Z$/),
    });
    expect((await notes(caseId)).map((note) => note.body)).toEqual([
      rightsNotes.proof('Copia de su cédula de identidad.', undefined),
      rightsNotes.proof(undefined, 'Cédula recibida por correo.'),
    ]);
    expect((await auditRows(db())).map((row) => [row.action, row.entity, row.entity_id, row.summary])).toEqual([
      ['update', 'rights_request', id, `${reference}: acreditación de identidad`],
      ['update', 'rights_request', id, `${reference}: acreditación de identidad`],
    ]);
  });

  it('refuses to record nothing', async () => {
    const { caseId } = await request();
    expect(await refusal(recordProof(db(), admin, caseId, {}))).toEqual(
      refusedAs(Invalid, rightsDeskMessages.proofRequired),
    );
  });
});

/** A CV stored as a completed upload leaves it. */
async function storedCv() {
  const bytes = pdfBytes();
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
     VALUES ('cv', 'cv.pdf', $1, 'complete', 'application/pdf', $2) RETURNING id`,
    [bytes.byteLength, sha256(bytes)],
  );
  await putBytes(uploadStore(), fileKey(row!.id), 'cv', bytes);
  return row!.id;
}

/** A paid bill of the person's service and its card record. */
async function paidBill(email: string, serviceNumber = SERVICE) {
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Calle Uno 123') ON CONFLICT DO NOTHING`,
    [serviceNumber],
  );
  const buyOrder = `AP${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const [bill] = await db().query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, paid_at)
     VALUES ($1, 18990, $2, 'boleta', 'webpay-plus', 'paid', $3, $3, now()) RETURNING id`,
    [serviceNumber, email, buyOrder],
  );
  const [card] = await db().query<{ id: string }>(
    `INSERT INTO tbk_payments (bill_id, status, amount, buy_order) VALUES ($1, 'AUTHORIZED', 18990, $2) RETURNING id`,
    [bill!.id, buyOrder],
  );
  return { bill: bill!.id, card: card!.id, buyOrder };
}

/** A confirmed subscription to the alerts of cortes of Coyhaique. */
async function subscription(email: string) {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ($1, ARRAY['coyhaique'], $2, $3, now()) RETURNING id`,
    [email, `c-${email}`, `u-${email}`],
  );
  return row!.id;
}

describe('eraseRecords (supresión)', () => {
  it('deletes what it says with what hangs on it, keeps bills and rights requests with the reason, and notes it', async () => {
    const { caseId, reference, id } = await confirmedRequest();
    const theirComplaint = await complaint(EMAIL.toLowerCase());
    // The utility's copy was delivered; the acknowledgement has not left yet.
    await db().query(
      `UPDATE outbox SET status = 'sent', sent_at = now() WHERE reference = $1 AND reply_to IS NOT NULL`,
      [theirComplaint],
    );
    const cv = await storedCv();
    // Under another spelling of her mailbox (a +tag).
    const { reference: application } = await submitJobApplication(
      db(),
      { name: 'Rosa Vera', email: 'rosa.vera+trabajo@correo.cl', rut: '12345678-5', address: '' },
      completedUpload(cv, 'cv'),
      { at: new Date(), origin: ORIGIN },
    );
    const subscribed = await subscription('rosa.vera@CORREO.cl');
    // Its confirmation link, delivered, and an alert of a corte and one of an aviso not sent yet.
    await db().query(
      `INSERT INTO outbox (reference, recipient, subject, body, status, sent_at)
       VALUES ('ALE-7K3M9Q2X', 'rosa.vera@CORREO.cl', 'Confirme', 'Enlace', 'sent', now()),
              ('COR-1', 'rosa.vera@CORREO.cl', 'Corte de agua', 'Aviso', 'pending', NULL),
              ('AVI-1', 'rosa.vera@CORREO.cl', 'Aviso: Hervir el agua', 'Aviso', 'pending', NULL)`,
    );
    const { bill, card, buyOrder } = await paidBill('ROSA.VERA@correo.cl');
    const kept = await complaint(EMAIL);

    const outcome = await eraseRecords(db(), uploadStore(), admin, caseId, [
      { source: 'complaints', id: await idOf('complaints', theirComplaint) },
      { source: 'job_applications', id: await idOf('job_applications', application) },
      { source: 'outage_subscriptions', id: subscribed },
      { source: 'bills', id: bill },
      { source: 'tbk_payments', id: card },
      { source: 'rights_requests', id },
      { source: 'cases', id: caseId },
    ]);

    expect(ErasureOutcomeSchema.parse(outcome)).toEqual({
      erased: [
        { source: 'complaints', id: expect.any(String) },
        { source: 'job_applications', id: expect.any(String) },
        { source: 'outage_subscriptions', id: subscribed },
      ],
      kept: [
        { source: 'bills', id: bill, reason: keptReasons.tax },
        { source: 'tbk_payments', id: card, reason: keptReasons.tax },
        { source: 'rights_requests', id, reason: keptReasons.thisRequest },
        { source: 'cases', id: caseId, reason: keptReasons.thisRequest },
      ],
    });
    // The complaint and its case are gone; its delivered mail emptied, the undelivered one never sent.
    expect(await exists('complaints', 'reference', theirComplaint)).toBe(false);
    expect(await exists('cases', 'reference', theirComplaint)).toBe(false);
    expect(
      await db().query(
        `SELECT recipient, body, status, redacted_at IS NOT NULL AS redacted FROM outbox WHERE reference = $1`,
        [theirComplaint],
      ),
    ).toEqual([{ recipient: '', body: '', status: 'sent', redacted: true }]);
    // The application with its case, its CV's bytes and upload, and its mail carrying the CV.
    expect(await exists('job_applications', 'reference', application)).toBe(false);
    expect(await exists('cases', 'reference', application)).toBe(false);
    expect(await readUpload(uploadStore(), cv)).toBeUndefined();
    expect(await exists('uploads', 'id', cv)).toBe(false);
    expect(await exists('outbox', 'reference', application)).toBe(false);
    expect(await exists('outage_subscriptions', 'id', subscribed)).toBe(false);
    expect(
      await db().query(`SELECT reference, recipient, body FROM outbox WHERE reference ~ '^(ALE|COR|AVI)-' ORDER BY id`),
    ).toEqual([{ reference: 'ALE-7K3M9Q2X', recipient: '', body: '' }]);
    // Kept: the payment records, the request and its case; and the complaint nobody chose.
    expect(await exists('bills', 'id', bill)).toBe(true);
    expect(await exists('tbk_payments', 'id', card)).toBe(true);
    expect(await exists('rights_requests', 'reference', reference)).toBe(true);
    expect(await exists('cases', 'reference', reference)).toBe(true);
    expect(await exists('complaints', 'reference', kept)).toBe(true);
    expect(await db().query(`SELECT recipient FROM outbox WHERE reference = $1 ORDER BY id`, [kept])).toEqual([
      { recipient: site.mailboxes.complaints },
      { recipient: EMAIL },
    ]);

    expect(await notes(caseId)).toEqual([
      {
        body: rightsNotes.erasure(
          [`Reclamos ${theirComplaint}`, `Postulaciones ${application}`, 'Suscripciones a avisos de cortes'],
          [
            `Boletas y pagos en línea ${buyOrder}: ${keptReasons.tax}`,
            `Registros de pago con tarjeta ${buyOrder}: ${keptReasons.tax}`,
            `Solicitudes de derechos ${reference}: ${keptReasons.thisRequest}`,
            `Casos de Atención ciudadana ${reference}: ${keptReasons.thisRequest}`,
          ],
        ),
        admin_name: 'Ana Admin',
      },
    ]);
    expect((await notes(caseId))[0]!.body).toMatch(
      /^Supresión: se eliminaron 3 registros \(Reclamos REC-\w+; .*\); se conservan 4 \(Boletas y pagos en línea AP\w+: obligación tributaria, 6 años/,
    );
    expect((await auditRows(db())).map((row) => [row.action, row.entity, row.entity_id, row.summary])).toEqual([
      ['delete', 'rights_request', id, `${reference}: supresión de Reclamos ${theirComplaint}`],
      ['delete', 'rights_request', id, `${reference}: supresión de Postulaciones ${application}`],
      ['delete', 'rights_request', id, `${reference}: supresión de Suscripciones a avisos de cortes`],
    ]);
  });

  it("refuses someone else's record, named by its id, and erases nothing of the call", async () => {
    const { caseId } = await confirmedRequest();
    const own = await complaint(EMAIL);
    const someoneElses = await complaint(OTHER);
    const othersBill = await paidBill(OTHER, '999999');
    const notTheirs = refusedAs(NotFound, rightsDeskMessages.notTheirs);

    for (const stranger of [
      { source: 'complaints' as const, id: await idOf('complaints', someoneElses) },
      { source: 'bills' as const, id: othersBill.bill },
      { source: 'tbk_payments' as const, id: othersBill.card },
      { source: 'complaints' as const, id: 'no-es-un-id' },
    ])
      expect(
        await refusal(
          eraseRecords(db(), uploadStore(), admin, caseId, [
            { source: 'complaints', id: await idOf('complaints', own) },
            stranger,
          ]),
        ),
      ).toEqual(notTheirs);

    expect(await refusal(eraseRecords(db(), uploadStore(), admin, caseId, []))).toEqual(
      refusedAs(Invalid, rightsDeskMessages.recordsRequired),
    );
    expect(await exists('complaints', 'reference', own)).toBe(true);
    expect(await exists('complaints', 'reference', someoneElses)).toBe(true);
    expect(await exists('cases', 'reference', someoneElses)).toBe(true);
    expect(await auditRows(db())).toEqual([]);
    expect(await notes(caseId)).toEqual([]);
  });

  it('refuses a complaint of someone else found by the service number, however written, and keeps another rights request of the person', async () => {
    const earlier = await confirmedRequest('acceso');
    const { caseId } = await confirmedRequest();
    const byService = await complaint(OTHER, `${SERVICE.slice(0, 3)}-${SERVICE.slice(3)}`);
    const complaintRecord = { source: 'complaints' as const, id: await idOf('complaints', byService) };
    const itsCase = { source: 'cases' as const, id: await idOf('cases', byService) };

    for (const stranger of [complaintRecord, itsCase])
      expect(await refusal(eraseRecords(db(), uploadStore(), admin, caseId, [stranger]))).toEqual(
        refusedAs(NotFound, rightsDeskMessages.notTheirs),
      );
    expect(
      await eraseRecords(db(), uploadStore(), admin, caseId, [
        { source: 'rights_requests', id: earlier.id },
        { source: 'cases', id: earlier.caseId },
      ]),
    ).toEqual({
      erased: [],
      kept: [
        { source: 'rights_requests', id: earlier.id, reason: keptReasons.otherRequest },
        { source: 'cases', id: earlier.caseId, reason: keptReasons.otherRequest },
      ],
    });
    expect(await exists('complaints', 'reference', byService)).toBe(true);
    expect(await exists('cases', 'reference', byService)).toBe(true);
    expect(await exists('rights_requests', 'reference', earlier.reference)).toBe(true);
  });

  it('erases a contact message chosen with its case twice over, once', async () => {
    const { caseId } = await confirmedRequest();
    const { reference } = await submitContact(
      db(),
      ContactSchema.parse({ name: 'Rosa', surname: 'Vera', email: EMAIL, reqs: 'Una consulta.' }),
      { at: new Date(), origin: ORIGIN },
    );
    const message = { source: 'contact_messages' as const, id: await idOf('contact_messages', reference) };
    const itsCase = { source: 'cases' as const, id: await idOf('cases', reference) };

    expect(await eraseRecords(db(), uploadStore(), admin, caseId, [message, itsCase, message])).toEqual({
      erased: [message, itsCase],
      kept: [],
    });
    expect(await exists('contact_messages', 'reference', reference)).toBe(false);
    expect(await exists('cases', 'reference', reference)).toBe(false);
    expect(await exists('outbox', 'reference', reference)).toBe(false);
  });
});

describe('rectifyRecord', () => {
  it('saves a corrected field of their record, noted and audited', async () => {
    const { caseId, reference, id } = await confirmedRequest('rectificacion');
    const theirs = await complaint();
    const complaintId = await idOf('complaints', theirs);

    await rectifyRecord(db(), admin, caseId, {
      source: 'complaints',
      id: complaintId,
      field: 'phone',
      value: '+56 9 3333 4444',
    });
    await rectifyRecord(db(), admin, caseId, {
      source: 'cases',
      id: await idOf('cases', theirs),
      field: 'name',
      value: 'Rosa Vera Díaz',
    });

    expect(await db().query(`SELECT phone FROM complaints`)).toEqual([{ phone: '+56 9 3333 4444' }]);
    expect(await db().query(`SELECT citizen_name FROM cases WHERE reference = $1`, [theirs])).toEqual([
      { citizen_name: 'Rosa Vera Díaz' },
    ]);
    expect((await notes(caseId)).map((note) => note.body)).toEqual([
      rightsNotes.rectification('Teléfono', `Reclamos ${theirs}`),
      rightsNotes.rectification('Nombre', `Casos de Atención ciudadana ${theirs}`),
    ]);
    expect((await auditRows(db())).map((row) => [row.action, row.entity_id, row.summary])).toEqual([
      ['update', id, `${reference}: rectificación de Teléfono en Reclamos ${theirs}`],
      ['update', id, `${reference}: rectificación de Nombre en Casos de Atención ciudadana ${theirs}`],
    ]);
  });

  it.each([
    ['what they reported', 'complaints', 'complaint_details'],
    ['the service number', 'complaints', 'client_number'],
    ['a column named with SQL', 'complaints', "phone = 'x', email"],
    ['anything of a bill', 'bills', 'email'],
    ['a field of no record', 'complaints', 'toString'],
  ] as const)('refuses %s, and changes nothing', async (_case, source, field) => {
    const { caseId } = await confirmedRequest('rectificacion');
    const theirs = await complaint();
    const id = source === 'bills' ? (await paidBill(EMAIL)).bill : await idOf('complaints', theirs);

    expect(await refusal(rectifyRecord(db(), admin, caseId, { source, id, field, value: 'Otro valor' }))).toEqual(
      refusedAs(Invalid, rightsDeskMessages.notCorrectable),
    );
    expect(await db().query(`SELECT complaint_details, client_number, phone FROM complaints`)).toEqual([
      { complaint_details: 'Me cobraron dos veces el mes de octubre.', client_number: '', phone: '+56 9 1111 2222' },
    ]);
    expect(await auditRows(db())).toEqual([]);
  });

  it("refuses someone else's record", async () => {
    const { caseId } = await confirmedRequest('rectificacion');
    const someoneElses = await complaint(OTHER);
    expect(
      await refusal(
        rectifyRecord(db(), admin, caseId, {
          source: 'complaints',
          id: await idOf('complaints', someoneElses),
          field: 'phone',
          value: '+56 9 3333 4444',
        }),
      ),
    ).toEqual(refusedAs(NotFound, rightsDeskMessages.notTheirs));
    expect(await db().query(`SELECT phone FROM complaints`)).toEqual([{ phone: '+56 9 1111 2222' }]);
  });
});

/** A planned cut of `town` three days from now, published: its alerts go to the town's subscribers. */
const outageIn = async (town: string) => {
  const now = new Date();
  const { id } = await createOutage(
    db(),
    admin,
    OutageInputSchema.parse({
      kind: 'programado',
      town,
      sectors: 'Villa Los Ñires',
      startsAt: new Date(now.getTime() + 72 * 3_600_000).toISOString(),
      endsAt: new Date(now.getTime() + 80 * 3_600_000).toISOString(),
    }),
    now,
  );
  await publishOutage(db(), admin, id, { confirmShortNotice: false, shortNoticeReason: '' }, now);
};

/** Who the queued alerts of cortes are for. */
const alertRecipients = async () =>
  (await db().query<{ recipient: string }>(`SELECT recipient FROM outbox WHERE reference LIKE 'COR-%'`)).map(
    (row) => row.recipient,
  );

describe('blockSubject (bloqueo, oposición)', () => {
  it("marks the person's data once, and no alert of cortes reaches them after; the others still get theirs", async () => {
    const { caseId, reference, id } = await confirmedRequest('bloqueo');
    await subscription('ROSA.VERA@correo.cl');
    await subscription(OTHER);

    await blockSubject(db(), admin, caseId);

    expect(await rightsDesk(db(), caseId)).toMatchObject({
      blocks: [{ kind: 'bloqueo', createdAt: expect.any(String) }],
    });
    expect(await db().query(`SELECT email, rut, service_number FROM data_blocks`)).toEqual([
      { email: EMAIL, rut: RUT, service_number: SERVICE },
    ]);
    expect(await notes(caseId)).toEqual([{ body: rightsNotes.block('bloqueo'), admin_name: 'Ana Admin' }]);
    expect(await auditRows(db())).toEqual([
      expect.objectContaining({
        action: 'create',
        entity: 'rights_request',
        entity_id: id,
        summary: `${reference}: bloqueo de sus datos`,
      }),
    ]);

    await outageIn('coyhaique');
    await queueOutageAlerts(db(), ORIGIN);
    expect(await alertRecipients()).toEqual([OTHER]);

    expect(await refusal(blockSubject(db(), admin, caseId))).toEqual(
      refusedAs(Conflict, rightsDeskMessages.alreadyBlocked),
    );
    expect(await db().query(`SELECT 1 FROM data_blocks`)).toHaveLength(1);
  });

  it('before any block, the same subscriber gets the alert', async () => {
    await confirmedRequest('bloqueo');
    await subscription(EMAIL);
    await outageIn('coyhaique');
    await queueOutageAlerts(db(), ORIGIN);
    expect(await alertRecipients()).toEqual([EMAIL]);
  });

  it('stores a new complaint from that address without acknowledging it; a new rights request still gets its link', async () => {
    const { caseId } = await confirmedRequest('oposicion');
    await blockSubject(db(), admin, caseId);
    expect(await db().query(`SELECT kind FROM data_blocks`)).toEqual([{ kind: 'oposicion' }]);
    await db().query('DELETE FROM mail_acknowledgements');

    const blocked = await complaint('rosa.vera@correo.cl');
    const other = await complaint(OTHER);

    expect(await exists('complaints', 'reference', blocked)).toBe(true);
    const recipients = async (reference: string) =>
      (
        await db().query<{ recipient: string }>(`SELECT recipient FROM outbox WHERE reference = $1 ORDER BY id`, [
          reference,
        ])
      ).map((row) => row.recipient);
    // The utility's copy only.
    expect(await recipients(blocked)).toEqual([site.mailboxes.complaints]);
    expect(await recipients(other)).toEqual([site.mailboxes.complaints, OTHER]);
    // The way to exercise a right again stays open.
    const again = await request('acceso');
    expect(await mailedToken(again.reference)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('bloqueo, for every spelling of the mailbox', () => {
  const BLOCKED = 'ana.perez@gmail.com';
  const SPELLINGS = ['anaperez+x@gmail.com', 'a.na.perez@gmail.com'];
  beforeEach(async () => {
    const { caseId } = await confirmedRequest('bloqueo', BLOCKED);
    await blockSubject(db(), admin, caseId);
    await db().query('DELETE FROM mail_acknowledgements');
  });

  it('no acknowledgement reaches anaperez+x@gmail.com or a.na.perez@gmail.com; another address still gets its own', async () => {
    const recipients = async (reference: string) =>
      (await db().query<{ recipient: string }>(`SELECT recipient FROM outbox WHERE reference = $1`, [reference])).map(
        (row) => row.recipient,
      );
    for (const spelling of SPELLINGS)
      expect(await recipients(await complaint(spelling)), spelling).toEqual([site.mailboxes.complaints]);
    expect(await recipients(await complaint(OTHER))).toEqual([site.mailboxes.complaints, OTHER]);
  });

  it('no alert of cortes reaches a subscription under either spelling', async () => {
    for (const spelling of SPELLINGS) await subscription(spelling);
    await subscription(OTHER);
    await outageIn('coyhaique');
    await queueOutageAlerts(db(), ORIGIN);
    expect(await alertRecipients()).toEqual([OTHER]);
  });
});

describe('rightsDesk', () => {
  it("answers the request's own data, its downloads newest first and its marks", async () => {
    const { caseId, reference, id } = await confirmedRequest('acceso');
    await db().query(
      `INSERT INTO rights_exports (request_id, token_hash, file_name, size, expires_at, downloaded_at, created_at)
       VALUES ($1, 'a', 'datos.zip', 10, '2026-12-10T12:00:00Z', '2026-12-04T13:00:00Z', '2026-12-03T12:00:00Z'),
              ($1, 'b', 'datos.zip', 10, '2026-12-12T12:00:00Z', NULL, '2026-12-05T12:00:00Z')`,
      [id],
    );
    const desk = RightsDeskSchema.parse(await rightsDesk(db(), caseId));
    expect(desk).toEqual({
      reference,
      type: 'acceso',
      emailConfirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      proofRequested: null,
      proofRequestedAt: null,
      proofReceived: 'Copia de la cédula de identidad, cotejada.',
      proofReceivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      extendedAt: null,
      extensionReason: null,
      dueOn: DUE,
      exports: [
        {
          id: expect.any(String),
          createdAt: '2026-12-05T12:00:00Z',
          expiresAt: '2026-12-12T12:00:00Z',
          downloadedAt: null,
        },
        {
          id: expect.any(String),
          createdAt: '2026-12-03T12:00:00Z',
          expiresAt: '2026-12-10T12:00:00Z',
          downloadedAt: '2026-12-04T13:00:00Z',
        },
      ],
      blocks: [],
    });
  });

  it.each([
    ['a case of another kind', async () => idOf('cases', await complaint())],
    ['no case', async () => '999999'],
    ['no case id', async () => 'DER-7K3M9Q2X'],
  ])('is NotFound for %s', async (_case, caseId) => {
    const id = await caseId();
    expect(await refusal(rightsDesk(db(), id))).toEqual(refusedAs(NotFound, rightsMessages.notFound));
    expect(await refusal(extendRightsRequest(db(), admin, id, 'Motivo.', ORIGIN))).toEqual(
      refusedAs(NotFound, rightsMessages.notFound),
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import retentionFunction, { config } from '../../netlify/functions/retention.ts';
import { submitComplaint } from '../../src/server/complaints.ts';
import { submitContact } from '../../src/server/contact.ts';
import { submitDenuncia } from '../../src/server/denuncias/submit.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { submitMotorhome } from '../../src/server/motorhome.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { deadlineIn } from '../../src/server/deadline.ts';
import { applyRetention } from '../../src/server/retention.ts';
import { fileKey, getBytes, putBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { readUpload } from '../../src/server/uploads/files.ts';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { DenunciaSchema } from '../../src/shared/denuncias/schema.ts';
import { MotorhomeSchema } from '../../src/shared/motorhome/schema.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { periodText, retention, type Period } from '../../src/shared/retention/texts.ts';
import { denunciaDetail } from '../../src/server/denuncias/desk.ts';
import { messageStatements } from '../../src/server/denuncias/messages.ts';
import { unsealText } from '../../src/server/encryption.ts';
import { steppingClock } from '../helpers/clock.ts';
import { databaseDump, useLocalEnvironment } from '../helpers/database.ts';
import { completedUpload, pdfBytes, pngBytes, sha256 } from '../helpers/files.ts';

const environment = useLocalEnvironment();
const db = () => environment.database.db;

const EMAIL = 'ana.perez@correo.cl';
const arrival = () => ({ at: new Date(), origin: 'https://www.example.cl' });

const contact = () =>
  submitContact(
    db(),
    ContactSchema.parse({ name: 'Ana', surname: 'Pérez', email: EMAIL, reqs: 'Necesito un duplicado de mi boleta.' }),
    arrival(),
  );
const complaint = () =>
  submitComplaint(
    db(),
    ComplaintSchema.parse({
      name: 'Ana',
      surname: 'Pérez',
      email: EMAIL,
      address: 'Calle Uno 123',
      city: 'Coyhaique',
      complaintDetails: 'Me cobraron dos veces el mes de octubre.',
    }),
    arrival(),
  );
const motorhome = () =>
  submitMotorhome(
    db(),
    MotorhomeSchema.parse({
      accepts: true,
      email: EMAIL,
      phone: '+56 9 8765 4321',
      name: 'Ana',
      surname: 'Pérez',
      rut: '12.345.678-5',
      nationality: 43,
      country: 43,
      region: 728,
      city: 11111,
      address: 'Calle Uno 123',
    }),
    arrival(),
  );

/** A stored file, as a completed upload leaves it. */
async function storedUpload(purpose: 'cv' | 'denuncia' | 'publication', bytes: Uint8Array<ArrayBuffer>) {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
     VALUES ($1, 'archivo', $2, 'complete', 'application/octet-stream', $3) RETURNING id`,
    [purpose, bytes.byteLength, sha256(bytes)],
  );
  await putBytes(uploadStore(), fileKey(row!.id), purpose, bytes);
  return row!.id;
}

async function jobApplication() {
  const cv = await storedUpload('cv', pdfBytes());
  const { reference } = await submitJobApplication(
    db(),
    { name: 'Ana Pérez', email: EMAIL, rut: '12.345.678-5', address: '' },
    completedUpload(cv, 'cv'),
    arrival(),
  );
  return { reference, cv };
}

async function denuncia(withEmail = true) {
  const attachment = await storedUpload('denuncia', pngBytes());
  const { reference } = await submitDenuncia(
    db(),
    DenunciaSchema.parse({
      denunciaRelacion: 'Trabajador',
      denunciaLugar: 'Plantas',
      denunciaType: 'Acoso laboral',
      email: withEmail ? EMAIL : '',
      denunciaText: 'Un supervisor insulta a diario a un trabajador del turno de noche.',
    }),
    completedUpload(attachment, 'denuncia'),
    arrival(),
  );
  return { reference, attachment };
}

const sql = (period: Period) => `${period.amount} ${period.unit}s`;

/** Dates a row one minute short of `period` ago (`'inside'`) or one minute past it (`'past'`). */
async function age(table: string, reference: string, period: Period, when: 'inside' | 'past', column = 'reference') {
  await db().query(
    `UPDATE ${table} SET created_at = now() - $2::interval ${when === 'past' ? '-' : '+'} interval '1 minute' WHERE ${column} = $1`,
    [reference, sql(period)],
  );
}

/**
 * Starts a submission's period one minute short of `period` ago or one minute past it: from its
 * case's closing for a contact message, a complaint or a rights request, from its arrival for the rest.
 */
async function expire(table: string, reference: string, period: Period, when: 'inside' | 'past') {
  if (!['contact_messages', 'complaints', 'rights_requests'].includes(table))
    return age(table, reference, period, when);
  await db().query(
    `UPDATE cases SET status = 'cerrado', closed_at = now() - $2::interval ${when === 'past' ? '-' : '+'} interval '1 minute'
     WHERE reference = $1`,
    [reference, sql(period)],
  );
}

/** Marks a reference's mail delivered, `ago` before now. */
const deliver = (reference: string, ago = '1 minute') =>
  db().query(`UPDATE outbox SET status = 'sent', sent_at = now() - $2::interval WHERE reference = $1`, [
    reference,
    ago,
  ]);

interface MailRow {
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachment_upload_id: string | null;
  status: string;
  redacted: boolean;
}
const mail = async (reference: string) =>
  (
    await db().query<MailRow>(
      `SELECT recipient, reply_to, subject, body, attachment_upload_id, status, redacted_at IS NOT NULL AS redacted
       FROM outbox WHERE reference = $1 ORDER BY id`,
      [reference],
    )
  )[0]!;
const exists = async (table: string, reference: string, column = 'reference') =>
  (await db().query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [reference])).length === 1;

const expectEmptied = (row: MailRow) =>
  expect(row).toMatchObject({
    recipient: '',
    reply_to: null,
    subject: '',
    body: '',
    attachment_upload_id: null,
    status: 'sent',
    redacted: true,
  });

const run = () => applyRetention(db(), uploadStore());

beforeEach(async () => {
  await db().query(
    `TRUNCATE outbox, contact_messages, complaints, motorhome_registrations, job_applications, denuncias,
       tbk_payments, bills, accounts, uploads, follow_up_failures, receipt_failures, denuncia_messages, denuncia_reminders,
       rights_requests, rights_exports, rights_inclusions, data_blocks, consumption_periods, consumption_warnings,
       consumption_warning_opt_outs`,
  );
});

describe('the periods the notice states', () => {
  it.each([
    [retention.deliveredMail, '30 días'],
    [retention.jobApplications, '6 meses'],
    [retention.contactMessages, '2 años'],
    [retention.motorhomeRegistrations, '2 años'],
    [retention.complaints, '5 años'],
    [retention.bills, '6 años'],
    [retention.denuncias, '5 años'],
    [retention.followUpFailures, '1 día'],
    [retention.rightsRequests, '2 años'],
    [retention.consumptionWarnings, '24 meses'],
    [{ amount: 1, unit: 'year' } as Period, '1 año'],
  ])('%o reads "%s"', (period, text) => {
    expect(periodText(period)).toBe(text);
  });
});

describe('delivered mail', () => {
  it(`is emptied ${periodText(retention.deliveredMail)} after delivery, not a minute before`, async () => {
    const old = await contact();
    const recent = await contact();
    await deliver(old.reference, `${sql(retention.deliveredMail)} 1 minute`);
    await deliver(recent.reference, `${sql(retention.deliveredMail)} -1 minute`);

    // The utility's copy and the citizen's acknowledgement.
    expect(await run()).toMatchObject({ deliveredMails: 2, contactMessages: 0 });

    expectEmptied(await mail(old.reference));
    expect(await mail(recent.reference)).toMatchObject({ reply_to: EMAIL, redacted: false });
    expect((await mail(recent.reference)).body).toContain('Necesito un duplicado de mi boleta.');
    // The message itself has its own, longer period.
    expect(await exists('contact_messages', old.reference)).toBe(true);
  });

  it.each(['pending', 'sending', 'held'])('is never emptied while %s, however old', async (status) => {
    const { reference } = await contact();
    await db().query(
      `UPDATE outbox SET status = $2, created_at = now() - interval '10 years', last_error = 'buzón lleno' WHERE reference = $1`,
      [reference, status],
    );
    await age('contact_messages', reference, retention.contactMessages, 'past');

    await run();

    expect(await mail(reference)).toMatchObject({ status, reply_to: EMAIL, redacted: false });
    // Nor is its submission deleted: the utility has not received it yet.
    expect(await exists('contact_messages', reference)).toBe(true);
  });
});

describe.each([
  ['contact_messages', retention.contactMessages, contact, 'contactMessages', 'the closing of their case'],
  ['complaints', retention.complaints, complaint, 'complaints', 'the closing of their case'],
  ['motorhome_registrations', retention.motorhomeRegistrations, motorhome, 'motorhomeRegistrations', 'they were sent'],
] as const)('%s', (table, period, submit, rule, since) => {
  it(`are deleted with their mail's copy and their case ${periodText(period)} after ${since}, not a minute before`, async () => {
    const past = await submit();
    const inside = await submit();
    for (const { reference } of [past, inside]) await deliver(reference);
    await expire(table, past.reference, period, 'past');
    await expire(table, inside.reference, period, 'inside');

    expect((await run())[rule]).toBe(1);

    expect(await exists(table, past.reference)).toBe(false);
    expect(await exists('cases', past.reference)).toBe(false);
    expectEmptied(await mail(past.reference));
    expect(await exists(table, inside.reference)).toBe(true);
    expect(await exists('cases', inside.reference)).toBe(true);
    expect(await mail(inside.reference)).toMatchObject({ reply_to: EMAIL, redacted: false });
  });
});

describe.each([
  ['contact_messages', retention.contactMessages, contact, 'contactMessages'],
  ['complaints', retention.complaints, complaint, 'complaints'],
] as const)('%s whose case is open', (table, period, submit, rule) => {
  it('are kept however old: the utility is still working on them', async () => {
    const { reference } = await submit();
    await deliver(reference);
    await age(table, reference, period, 'past');
    await db().query(
      `UPDATE cases SET status = 'respondido', received_at = now() - interval '20 years' WHERE reference = $1`,
      [reference],
    );

    expect((await run())[rule]).toBe(0);
    expect(await exists(table, reference)).toBe(true);
  });
});

describe('job applications', () => {
  it(`are deleted with the CV's bytes and row ${periodText(retention.jobApplications)} after they were sent`, async () => {
    const past = await jobApplication();
    const inside = await jobApplication();
    const undelivered = await jobApplication();
    for (const { reference } of [past, inside]) await deliver(reference);
    await age('job_applications', past.reference, retention.jobApplications, 'past');
    await age('job_applications', inside.reference, retention.jobApplications, 'inside');
    await age('job_applications', undelivered.reference, retention.jobApplications, 'past');

    expect(await run()).toMatchObject({ jobApplications: 1 });

    expect(await exists('job_applications', past.reference)).toBe(false);
    expect(await exists('cases', past.reference)).toBe(false);
    expect(await exists('uploads', past.cv, 'id')).toBe(false);
    expect(await readUpload(uploadStore(), past.cv)).toBeUndefined();
    expectEmptied(await mail(past.reference));
    for (const kept of [inside, undelivered]) {
      expect(await exists('job_applications', kept.reference)).toBe(true);
      expect(await readUpload(uploadStore(), kept.cv)).toEqual(pdfBytes());
      expect((await mail(kept.reference)).attachment_upload_id).toBe(kept.cv);
    }
  });
});

describe('denuncias', () => {
  const NARRATIVE = 'Un supervisor insulta a diario a un trabajador del turno de noche.';

  it('lose their mail copy once delivered; the denuncia and its file stay for the desk', async () => {
    const delivered = await denuncia();
    await deliver(delivered.reference);

    expect(await run()).toMatchObject({ denunciaMails: 1, denuncias: 0 });

    expectEmptied(await mail(delivered.reference));
    expect(await getBytes(uploadStore(), fileKey(delivered.attachment), 'denuncia')).toEqual(pngBytes());
    const [row] = await db().query<{ narrative: string; email: string }>(
      'SELECT narrative, email FROM denuncias WHERE reference = $1',
      [delivered.reference],
    );
    expect(await unsealText(row!.narrative, `denuncias.narrative:${delivered.reference}`)).toBe(NARRATIVE);
    expect(await unsealText(row!.email, `denuncias.email:${delivered.reference}`)).toBe(EMAIL);
  });

  it(`are deleted with their messages and files ${periodText(retention.denuncias)} after their closing; open ones never`, async () => {
    const past = await denuncia();
    const inside = await denuncia();
    const open = await denuncia();
    const reply = await storedUpload('denuncia', pdfBytes());
    await db().batch(
      await messageStatements({
        reference: past.reference,
        author: 'reporter',
        body: 'Adjunto otra foto.',
        attachmentUploadId: reply,
      }),
    );
    for (const reference of [past.reference, inside.reference, open.reference]) await deliver(reference);
    await db().query(
      `UPDATE denuncias SET status = 'cerrada', closed_at = now() - $2::interval - interval '1 minute' WHERE reference = $1`,
      [past.reference, sql(retention.denuncias)],
    );
    await db().query(
      `UPDATE denuncias SET status = 'cerrada', closed_at = now() - $2::interval + interval '1 minute' WHERE reference = $1`,
      [inside.reference, sql(retention.denuncias)],
    );
    await db().query(`UPDATE denuncias SET created_at = now() - interval '20 years' WHERE reference = $1`, [
      open.reference,
    ]);

    expect(await run()).toMatchObject({ denuncias: 1 });

    expect(await exists('denuncias', past.reference)).toBe(false);
    expect(await db().query('SELECT 1 FROM denuncia_messages')).toHaveLength(0);
    for (const upload of [past.attachment, reply]) {
      expect(await readUpload(uploadStore(), upload)).toBeUndefined();
      expect(await exists('uploads', upload, 'id')).toBe(false);
    }
    expect(await exists('denuncias', inside.reference)).toBe(true);
    expect(await exists('denuncias', open.reference)).toBe(true);
    expect(await getBytes(uploadStore(), fileKey(inside.attachment), 'denuncia')).toEqual(pngBytes());
  });

  it('stored before sealing, are sealed with their file', async () => {
    const LEGACY_EMAIL = 'denunciante.antiguo@correo.cl';
    const [upload] = await db().query<{ id: string }>(
      `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
       VALUES ('denuncia', 'foto.png', $1, 'attached', 'image/png', $2) RETURNING id`,
      [pngBytes().byteLength, sha256(pngBytes())],
    );
    await uploadStore().set(fileKey(upload!.id), pngBytes().buffer);
    await db().query(
      `INSERT INTO denuncias (reference, relation, place, type, first_name, email, narrative, attachment_upload_id)
       VALUES ('DEN-LEGACY22', 'Trabajador', 'Plantas', 'Acoso laboral', 'Ana', $1, $2, $3)`,
      [LEGACY_EMAIL, NARRATIVE, upload!.id],
    );

    expect(await run()).toMatchObject({ sealedDenuncias: 1 });
    expect(await run()).toMatchObject({ sealedDenuncias: 0 });

    const dump = await databaseDump(db());
    for (const plain of [NARRATIVE, LEGACY_EMAIL]) expect(dump).not.toContain(plain);
    const [row] = await db().query<{ narrative: string; first_name: string; sealed: boolean; type: string }>(
      `SELECT narrative, first_name, sealed, type FROM denuncias WHERE reference = 'DEN-LEGACY22'`,
    );
    expect(row).toMatchObject({ sealed: true, type: 'Acoso laboral' });
    expect(await unsealText(row!.narrative, 'denuncias.narrative:DEN-LEGACY22')).toBe(NARRATIVE);
    expect(await unsealText(row!.first_name, 'denuncias.first_name:DEN-LEGACY22')).toBe('Ana');
    expect(Buffer.from((await readUpload(uploadStore(), upload!.id))!).includes(Buffer.from(pngBytes()))).toBe(false);
    expect(await getBytes(uploadStore(), fileKey(upload!.id), 'denuncia')).toEqual(pngBytes());
  });

  it("files stored before their descriptions were sealed get their name, size and hash sealed, the desk's and the reporter's alike", async () => {
    // Files the other tests stored the old way are sealed first.
    await run();
    const stored = await submitDenuncia(
      db(),
      DenunciaSchema.parse({
        denunciaRelacion: 'Trabajador',
        denunciaLugar: 'Plantas',
        denunciaType: 'Acoso laboral',
        denunciaText: 'Un supervisor insulta a diario a un trabajador del turno de noche.',
      }),
      undefined,
      arrival(),
    );
    const legacy = async (name: string) => {
      const [row] = await db().query<{ id: string }>(
        `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256, chunk_sha256)
         VALUES ('denuncia', $1, 4321987, 'attached', 'image/png', $2, ARRAY[$2]) RETURNING id`,
        [name, sha256(pngBytes(3_333))],
      );
      return row!.id;
    };
    const report = await legacy('informe-antiguo-ZQ.png');
    const reply = await legacy('respuesta-antigua-ZQ.png');
    await db().query('UPDATE denuncias SET attachment_upload_id = $2 WHERE reference = $1', [stored.reference, report]);
    await db().batch(
      await messageStatements({
        reference: stored.reference,
        author: 'reporter',
        body: 'Otra',
        attachmentUploadId: reply,
      }),
    );

    expect(await run()).toMatchObject({ sealedFileDescriptions: 2 });
    expect(await run()).toMatchObject({ sealedFileDescriptions: 0 });

    const dump = await databaseDump(db());
    for (const plain of ['antiguo-ZQ', 'antigua-ZQ', '4321987', sha256(pngBytes(3_333)), 'image/png'])
      expect(dump).not.toContain(plain);
    const desk = await denunciaDetail(db(), stored.reference, new Date());
    expect(desk!.attachment).toEqual({ id: report, fileName: 'informe-antiguo-ZQ.png', size: 4_321_987 });
    expect(desk!.messages[0]!.attachment).toEqual({ id: reply, fileName: 'respuesta-antigua-ZQ.png', size: 4_321_987 });
  });
});

describe('bills', () => {
  async function bill(buyOrder: string) {
    const [row] = await db().query<{ id: string }>(
      `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, paid_at)
       VALUES ('100001', 18990, $2, 'boleta', 'webpay-plus', 'paid', $1, $1, now()) RETURNING id`,
      [buyOrder, EMAIL],
    );
    await db().batch([
      {
        text: `INSERT INTO tbk_payments (bill_id, status, response_code, amount, buy_order, card_number) VALUES ($1, 'AUTHORIZED', 0, 18990, $2, '6623')`,
        params: [row!.id, buyOrder],
      },
      {
        text: `INSERT INTO outbox (reference, recipient, subject, body, status, sent_at) VALUES ($1, $2, 'Su pago fue recibido', 'Su cuenta está pagada.', 'sent', now())`,
        params: [buyOrder, EMAIL],
      },
    ]);
    return row!.id;
  }

  it(`are deleted with their card record and receipt ${periodText(retention.bills)} after they were created`, async () => {
    await db().query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ('100001', 0, 'Calle Uno 123')`,
    );
    const past = await bill('APPAST');
    const inside = await bill('APINSIDE');
    await age('bills', 'APPAST', retention.bills, 'past', 'buy_order');
    await age('bills', 'APINSIDE', retention.bills, 'inside', 'buy_order');

    expect(await run()).toMatchObject({ bills: 1 });

    expect(await exists('bills', past, 'id')).toBe(false);
    expect(await exists('tbk_payments', past, 'bill_id')).toBe(false);
    expectEmptied(await mail('APPAST'));
    expect(await exists('bills', inside, 'id')).toBe(true);
    expect(await exists('tbk_payments', inside, 'bill_id')).toBe(true);
    expect(await mail('APINSIDE')).toMatchObject({ recipient: EMAIL, redacted: false });
    expect(await exists('accounts', '100001', 'service_number')).toBe(true);
  });
});

describe('rights requests', () => {
  const request = async () =>
    (
      await submitRightsRequest(
        db(),
        RightsRequestSchema.parse({ type: 'supresion', name: 'Ana Pérez', email: EMAIL, details: 'Borren mis datos.' }),
        arrival(),
      )
    ).reference;
  const requestId = async (reference: string) =>
    (await db().query<{ id: string }>('SELECT id FROM rights_requests WHERE reference = $1', [reference]))[0]!.id;
  const exported = async (reference: string, bytesDeleted: boolean) =>
    db().query(
      `INSERT INTO rights_exports (request_id, token_hash, file_name, size, expires_at, bytes_deleted_at)
       VALUES ($1, $2, 'datos.zip', 10, now() + interval '7 days', $3)`,
      [await requestId(reference), `hash-${reference}`, bytesDeleted ? new Date().toISOString() : null],
    );

  beforeEach(() => db().query('DELETE FROM mail_acknowledgements'));

  it(`are deleted with their case, downloads and mails' copies ${periodText(retention.rightsRequests)} after their closing, not a minute before; their marks stay`, async () => {
    const past = await request();
    const inside = await request();
    for (const reference of [past, inside]) {
      await deliver(reference);
      await exported(reference, true);
    }
    await db().query(`INSERT INTO data_blocks (reference, kind, email) VALUES ($1, 'bloqueo', $2)`, [past, EMAIL]);
    await expire('rights_requests', past, retention.rightsRequests, 'past');
    await expire('rights_requests', inside, retention.rightsRequests, 'inside');

    expect(await run()).toMatchObject({ rightsRequests: 1 });

    expect(await exists('rights_requests', past)).toBe(false);
    expect(await exists('cases', past)).toBe(false);
    expect(await exists('rights_exports', `hash-${past}`, 'token_hash')).toBe(false);
    expectEmptied(await mail(past));
    expect(await exists('data_blocks', past)).toBe(true);
    expect(await exists('rights_requests', inside)).toBe(true);
    expect(await exists('cases', inside)).toBe(true);
    expect(await exists('rights_exports', `hash-${inside}`, 'token_hash')).toBe(true);
    expect(await mail(inside)).toMatchObject({ reply_to: EMAIL, redacted: false });
  });

  it('are kept while open however old, while a mail of theirs is undelivered, and while a download is in the store', async () => {
    const open = await request();
    const undelivered = await request();
    const downloading = await request();
    for (const reference of [open, downloading]) await deliver(reference);
    await exported(downloading, false);
    await db().query(`UPDATE cases SET received_at = now() - interval '20 years' WHERE reference = $1`, [open]);
    await db().query(`UPDATE rights_requests SET created_at = now() - interval '20 years' WHERE reference = $1`, [
      open,
    ]);
    for (const reference of [undelivered, downloading])
      await expire('rights_requests', reference, retention.rightsRequests, 'past');

    expect(await run()).toMatchObject({ rightsRequests: 0 });
    for (const reference of [open, undelivered, downloading])
      expect(await exists('rights_requests', reference)).toBe(true);

    // Its link expires: the same run deletes the export's bytes, then the request.
    await db().query("UPDATE rights_exports SET expires_at = now() - interval '1 minute'");
    expect(await run()).toMatchObject({ rightsExports: 1, rightsRequests: 1 });
    expect(await exists('rights_requests', downloading)).toBe(false);
  });
});

describe("/seguimiento's failed lookups", () => {
  it(`are deleted ${periodText(retention.followUpFailures)} after they failed, not a minute before`, async () => {
    await db().query(
      `INSERT INTO follow_up_failures (client, failed_at)
       VALUES ('past', now() - $1::interval - interval '1 minute'), ('inside', now() - $1::interval + interval '1 minute')`,
      [sql(retention.followUpFailures)],
    );

    expect(await run()).toMatchObject({ followUpFailures: 1 });
    expect(await db().query('SELECT client FROM follow_up_failures')).toEqual([{ client: 'inside' }]);
  });

  it(`of receipt codes are deleted ${periodText(retention.receiptFailures)} after they failed, not a minute before`, async () => {
    await db().query(
      `INSERT INTO receipt_failures (client, failed_at)
       VALUES ('past', now() - $1::interval - interval '1 minute'), ('inside', now() - $1::interval + interval '1 minute')`,
      [sql(retention.receiptFailures)],
    );

    expect(await run()).toMatchObject({ receiptFailures: 1 });
    expect(await db().query('SELECT client FROM receipt_failures')).toEqual([{ client: 'inside' }]);
  });
});

describe('what the clean-up leaves alone', () => {
  it('keeps files staff published and uploads not yet claimed, however old', async () => {
    const published = await storedUpload('publication', pdfBytes());
    const unclaimed = await storedUpload('cv', pdfBytes());
    await db().query(`UPDATE uploads SET created_at = now() - interval '10 years'`);

    expect(await run()).toEqual({
      denunciaMails: 0,
      denuncias: 0,
      sealedDenuncias: 0,
      sealedFileDescriptions: 0,
      deliveredMails: 0,
      phoneInbound: 0,
      phoneOptOuts: 0,
      jobApplications: 0,
      contactMessages: 0,
      motorhomeRegistrations: 0,
      complaints: 0,
      bills: 0,
      followUpFailures: 0,
      receiptFailures: 0,
      unconfirmedOutageAlerts: 0,
      consumptionWarnings: 0,
      rightsExports: 0,
      rightsRequests: 0,
    });

    expect(await readUpload(uploadStore(), published)).toEqual(pdfBytes());
    expect(await readUpload(uploadStore(), unclaimed)).toEqual(pdfBytes());
  });
});

describe('each run', () => {
  it('handles at most a batch per rule; the next run goes on', async () => {
    const references = [];
    for (let i = 0; i < 3; i++) references.push((await contact()).reference);
    for (const reference of references) {
      await deliver(reference);
      await expire('contact_messages', reference, retention.contactMessages, 'past');
    }

    expect((await applyRetention(db(), uploadStore(), { limit: 2 })).contactMessages).toBe(2);
    expect((await applyRetention(db(), uploadStore(), { limit: 2 })).contactMessages).toBe(1);
    expect(await db().query('SELECT 1 FROM contact_messages')).toEqual([]);
  });

  it('starts no rule once its deadline has passed (Netlify’s 30 s); the next run applies them', async () => {
    const { reference } = await contact();
    await deliver(reference);
    await expire('contact_messages', reference, retention.contactMessages, 'past');
    // The clock moves 10 s at each look: the first rules start, the rest wait.
    const report = await applyRetention(db(), uploadStore(), { deadline: deadlineIn(35_000, steppingClock(10_000)) });
    expect(Object.values(report).filter((count) => count > 0)).toEqual([]);
    expect(await db().query('SELECT 1 FROM contact_messages')).toHaveLength(1);
    expect((await applyRetention(db(), uploadStore())).contactMessages).toBe(1);
  });
});

describe('the scheduled retention function', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs every hour', () => {
    expect(config.schedule).toBe('@hourly');
  });

  it('applies the policy and logs counts, never whose data', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { reference } = await contact();
    await deliver(reference);
    await expire('contact_messages', reference, retention.contactMessages, 'past');

    expect((await retentionFunction()).status).toBe(204);

    expect(await exists('contact_messages', reference)).toBe(false);
    expect(log.mock.calls).toEqual([['retention: contactMessages 1']]);
  });

  it('logs nothing when nothing was due', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect((await retentionFunction()).status).toBe(204);
    expect(log).not.toHaveBeenCalled();
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { submitComplaint } from '../../src/server/complaints.ts';
import { NotFound } from '../../src/server/errors.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { eraseRecords, rectifyRecord } from '../../src/server/rights/actions.ts';
import { confirmRightsEmail } from '../../src/server/rights/confirm.ts';
import { includeRecord } from '../../src/server/rights/inclusions.ts';
import { findPersonalData } from '../../src/server/rights/search.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { fileKey, putBytes, uploadStore } from '../../src/server/uploads/store.ts';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { rightsDeskMessages, rightsNotes, thirdPartyTexts } from '../../src/shared/rights/desk/texts.ts';
import type { FoundRecord } from '../../src/shared/rights/records/schema.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { rightsMailTexts } from '../../src/shared/rights/texts.ts';
import { auditRows, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { exportedZip } from '../helpers/rights-export.ts';
import { completedUpload, pdfBytes } from '../helpers/files.ts';

/**
 * A rights request reaches the requester's own records only: those whose own e-mail is the one
 * the request confirmed. Another person's reclamo, bill and CV carrying the RUT or service number
 * the requester typed are listed to staff "de un tercero" with why they matched, never exported by
 * themselves, never erased or corrected; staff may include one in the export by hand, stored with
 * who and when, audited and noted, and then only its data that concern the requester go.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.example.cl';
const arrival = () => ({ at: new Date(), origin: ORIGIN });

const ROSA = 'rosa.vera@correo.cl';
const RUT = '12.345.678-5';
const SERVICE = '100001';
/** The third person: her own address, phone, street and words, and Rosa's service number and RUT. */
const MARTA = {
  name: 'Marta',
  surname: 'Inquilina',
  email: 'marta.inquilina@correo.cl',
  phone: '+56 9 7777 1234',
  address: 'Pasaje Oculto 77',
  text: 'El medidor del arrendador marca de más desde octubre.',
};

let admin: SignedInAdmin;
const world = {} as {
  caseId: string;
  reference: string;
  own: string;
  complaint: string;
  complaintId: string;
  billId: string;
  applicationId: string;
  cv: string;
};

const idOf = async (table: string, reference: string) =>
  (await db().query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE reference = $1`, [reference]))[0]!.id;
const exists = async (table: string, id: string) =>
  (await db().query(`SELECT 1 FROM ${table} WHERE id::text = $1`, [id])).length > 0;

const complaintOf = (
  email: string,
  who: { name: string; surname: string; phone: string; address: string },
  text: string,
) =>
  submitComplaint(
    db(),
    ComplaintSchema.parse({ ...who, email, city: 'Coyhaique', clientNumber: SERVICE, complaintDetails: text }),
    arrival(),
  );

beforeAll(async () => {
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  // Rosa's own reclamo, and Marta's for the same service.
  world.own = (
    await complaintOf(ROSA, { name: 'Rosa', surname: 'Vera', phone: '', address: 'Baquedano 100' }, 'Cobro doble.')
  ).reference;
  world.complaint = (await complaintOf(MARTA.email, MARTA, MARTA.text)).reference;
  world.complaintId = await idOf('complaints', world.complaint);
  // Marta paid the bill of Rosa's service.
  await db().query(`INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Baquedano 100')`, [
    SERVICE,
  ]);
  const [bill] = await db().query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, rut, payment_method, status, buy_order, session_id)
     VALUES ($1, 18990, $2, 'boleta', '', 'webpay-plus', 'paid', 'OC-MARTA-1', 'OC-MARTA-1') RETURNING id::text AS id`,
    [SERVICE, MARTA.email],
  );
  world.billId = bill!.id;
  // Marta's CV, sent with Rosa's RUT.
  const [cv] = await db().query<{ id: string }>(
    `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
     VALUES ('cv', 'cv-marta.pdf', 100, 'complete', 'application/pdf', '') RETURNING id::text AS id`,
  );
  world.cv = cv!.id;
  await putBytes(uploadStore(), fileKey(world.cv), 'cv', pdfBytes());
  const application = await submitJobApplication(
    db(),
    { name: `${MARTA.name} ${MARTA.surname}`, email: MARTA.email, rut: RUT, address: MARTA.address },
    completedUpload(world.cv, 'cv'),
    arrival(),
  );
  world.applicationId = await idOf('job_applications', application.reference);

  // Rosa asks for her data; her e-mail is confirmed and her identity proven, so her RUT and service number count.
  const { reference } = await submitRightsRequest(
    db(),
    RightsRequestSchema.parse({
      type: 'acceso',
      name: 'Rosa Vera',
      email: ROSA,
      rut: RUT,
      serviceNumber: SERVICE,
      details: 'Quiero mis datos.',
    }),
    arrival(),
  );
  const [mail] = await db().query<{ body: string }>(`SELECT body FROM outbox WHERE subject = $1`, [
    rightsMailTexts.confirmSubject(reference),
  ]);
  await confirmRightsEmail(db(), /confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!, new Date());
  await db().query(
    `UPDATE rights_requests SET proof_received = 'Cédula cotejada.', proof_received_at = now() WHERE reference = $1`,
    [reference],
  );
  world.reference = reference;
  world.caseId = await idOf('cases', reference);
});

beforeEach(async () => {
  await db().query('DELETE FROM rights_inclusions');
});

/** Marta's three records as the desk lists them. */
const martas = async () => {
  const { records } = await findPersonalData(db(), world.caseId);
  const find = (source: string, id: string) => records.find((record) => record.source === source && record.id === id);
  return {
    complaint: find('complaints', world.complaintId),
    bill: find('bills', world.billId),
    application: find('job_applications', world.applicationId),
    records,
  };
};

/** The ZIP Rosa would download: every entry's text, by name. */
const rosasZip = () => exportedZip(db(), admin, world, ORIGIN);

const martaWords = [MARTA.name, MARTA.surname, MARTA.email, MARTA.phone, MARTA.address, MARTA.text, 'cv-marta.pdf'];

describe("someone else's records found by the requester's RUT or service number", () => {
  it('are listed "de un tercero", each with why it matched, not included, without their files', async () => {
    const { complaint, bill, application, records } = await martas();
    const third = (reason: string): FoundRecord['thirdParty'] => ({
      matchedBy: reason.includes('RUT') ? 'rut' : 'service',
      reason,
      includedAt: null,
      includedBy: null,
    });
    expect(complaint?.thirdParty).toEqual(third(`Coincide el número de servicio ${SERVICE}`));
    expect(bill?.thirdParty).toEqual(third(`Coincide el número de servicio ${SERVICE}`));
    expect(application?.thirdParty).toEqual(third(`Coincide el RUT ${RUT}`));
    expect(application?.files).toEqual([]);
    expect(thirdPartyTexts.reasons.service(SERVICE)).toBe('Coincide el número de servicio 100001');
    // Rosa's own complaint is hers: no mark.
    const own = records.find((record) => record.reference === world.own);
    expect(own?.thirdParty).toBeNull();
  });

  it('are not in the ZIP: no reclamo, bill, CV, name, address, phone or words of the third person', async () => {
    const zip = await rosasZip();
    const everything = Object.values(zip).join('\n');
    for (const word of martaWords) expect(everything, word).not.toContain(word);
    expect(everything).not.toContain(world.complaint);
    expect(everything).not.toContain('OC-MARTA-1');
    expect(zip['reclamos.csv']).toContain(world.own);
    expect(Object.keys(zip).filter((name) => name.startsWith('archivos/'))).toEqual([]);
    expect(zip['postulaciones.csv']).toBeUndefined();
  });

  it('survive the supresión: refused by id, their case, CV and bill untouched', async () => {
    for (const [source, id] of [
      ['complaints', world.complaintId],
      ['bills', world.billId],
      ['job_applications', world.applicationId],
    ] as const)
      await expect(eraseRecords(db(), uploadStore(), admin, world.caseId, [{ source, id }]), source).rejects.toEqual(
        new NotFound(rightsDeskMessages.notTheirs),
      );
    // Even when staff included it in the export.
    await includeRecord(db(), admin, world.caseId, { source: 'complaints', id: world.complaintId, included: true });
    await expect(
      eraseRecords(db(), uploadStore(), admin, world.caseId, [{ source: 'complaints', id: world.complaintId }]),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notTheirs));
    await expect(
      rectifyRecord(db(), admin, world.caseId, {
        source: 'complaints',
        id: world.complaintId,
        field: 'phone',
        value: '+56 9 0000 0000',
      }),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notTheirs));

    expect(await exists('complaints', world.complaintId)).toBe(true);
    expect(await db().query(`SELECT 1 FROM cases WHERE reference = $1`, [world.complaint])).toHaveLength(1);
    expect(await exists('bills', world.billId)).toBe(true);
    expect(await exists('job_applications', world.applicationId)).toBe(true);
    expect(await exists('uploads', world.cv)).toBe(true);
    expect(
      (await db().query<{ phone: string }>(`SELECT phone FROM complaints WHERE id::text = $1`, [world.complaintId]))[0]!
        .phone,
    ).toBe(MARTA.phone);
  });

  it('one staff include goes into the export with its reason, without the third person’s contact data; stored, audited, noted', async () => {
    await includeRecord(db(), admin, world.caseId, { source: 'complaints', id: world.complaintId, included: true });

    expect(
      await db().query(`SELECT source, record_id, admin_id::text AS admin_id, admin_name FROM rights_inclusions`),
    ).toEqual([{ source: 'complaints', record_id: world.complaintId, admin_id: admin.id, admin_name: 'Ana Admin' }]);
    const { complaint, bill } = await martas();
    expect(complaint?.thirdParty).toMatchObject({ includedAt: expect.any(String), includedBy: 'Ana Admin' });
    expect(bill?.thirdParty?.includedAt).toBeNull();
    expect(await auditRows(db())).toContainEqual(
      expect.objectContaining({
        action: 'create',
        entity: 'rights_request',
        summary: `${world.reference}: incluye en la copia de los datos Reclamos ${world.complaint}, de un tercero`,
      }),
    );
    const [note] = await db().query<{ body: string; admin_name: string }>(
      `SELECT body, admin_name FROM case_entries WHERE case_id = $1 AND kind = 'note' ORDER BY id DESC LIMIT 1`,
      [world.caseId],
    );
    expect(note).toEqual({
      body: rightsNotes.inclusion(`Reclamos ${world.complaint}`, `Coincide el número de servicio ${SERVICE}`, true),
      admin_name: 'Ana Admin',
    });

    const zip = await rosasZip();
    const rows = zip['reclamos.csv']!.split('\r\n');
    expect(rows[0]).toMatch(/;Coincidencia$/);
    const marta = rows.find((row) => row.startsWith(world.complaint))!;
    expect(marta).toContain(SERVICE);
    expect(marta).toContain(MARTA.text);
    expect(marta).toMatch(/;Coincide el número de servicio 100001$/);
    for (const word of [MARTA.name, MARTA.surname, MARTA.email, MARTA.phone, MARTA.address])
      expect(Object.values(zip).join('\n'), word).not.toContain(word);
    const data = JSON.parse(zip['datos.json']!) as { records: { reference: string; thirdParty: unknown }[] };
    expect(data.records.find((record) => record.reference === world.complaint)?.thirdParty).toEqual({
      reason: `Coincide el número de servicio ${SERVICE}`,
    });
    // Still not the bill nor the CV.
    expect(zip['postulaciones.csv']).toBeUndefined();
    expect(Object.values(zip).join('\n')).not.toContain('OC-MARTA-1');
  });

  it('taken out again, it leaves the export; the removal is audited', async () => {
    await includeRecord(db(), admin, world.caseId, { source: 'bills', id: world.billId, included: true });
    await includeRecord(db(), admin, world.caseId, { source: 'bills', id: world.billId, included: false });
    expect(await db().query('SELECT 1 FROM rights_inclusions')).toEqual([]);
    expect(await auditRows(db())).toContainEqual(
      expect.objectContaining({
        action: 'delete',
        summary: `${world.reference}: quita de la copia de los datos Boletas y pagos en línea OC-MARTA-1, de un tercero`,
      }),
    );
    expect(Object.values(await rosasZip()).join('\n')).not.toContain('OC-MARTA-1');
  });

  it("includes only someone else's record that carries a typed key: never the requester's own, nor another's", async () => {
    const ownId = await idOf('complaints', world.own);
    await expect(
      includeRecord(db(), admin, world.caseId, { source: 'complaints', id: ownId, included: true }),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notThirdParty));
    const stranger = await complaintOf(
      'otra@correo.cl',
      { name: 'Otra', surname: 'Persona', phone: '', address: 'Lejos 1' },
      'Nada que ver.',
    );
    await db().query(`UPDATE complaints SET client_number = '999999' WHERE reference = $1`, [stranger.reference]);
    await expect(
      includeRecord(db(), admin, world.caseId, {
        source: 'complaints',
        id: await idOf('complaints', stranger.reference),
        included: true,
      }),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notThirdParty));
    await expect(
      includeRecord(db(), admin, world.caseId, { source: 'contact_messages', id: '1', included: true }),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notThirdParty));
    expect(await db().query('SELECT 1 FROM rights_inclusions')).toEqual([]);
  });
});

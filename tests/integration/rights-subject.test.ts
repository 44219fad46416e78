import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { submitComplaint } from '../../src/server/complaints.ts';
import { submitContact } from '../../src/server/contact.ts';
import { NotFound } from '../../src/server/errors.ts';
import { submitJobApplication } from '../../src/server/jobs.ts';
import { submitMotorhome } from '../../src/server/motorhome.ts';
import { theirRecords } from '../../src/server/rights/records.ts';
import { confirmedRightsRequest } from '../../src/server/rights/request.ts';
import { findPersonalData } from '../../src/server/rights/search.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { ComplaintSchema } from '../../src/shared/complaints/schema.ts';
import { ContactSchema } from '../../src/shared/contact/schema.ts';
import { MotorhomeSchema } from '../../src/shared/motorhome/schema.ts';
import { rightsDeskMessages } from '../../src/shared/rights/desk/texts.ts';
import { recordSourceKeys, type RecordSource } from '../../src/shared/rights/records/texts.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { completedUpload } from '../helpers/files.ts';
import { motorhomeRegistration } from '../helpers/submissions.ts';

/**
 * Whose record is this (rights/subject.ts): the desk's search and its actions read one rule, so
 * every record the search finds as the requester's own (its e-mail's mailbox, however spelt) is
 * one the erasure and rectification check accepts; a record of someone else is either not found
 * or, when it carries the RUT or service number the requester typed, found "de un tercero", and
 * the check refuses it.
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const arrival = () => ({ at: new Date(), origin: 'https://www.example.cl' });

type Key = { source: RecordSource; id: string };
const byKey = (a: Key, b: Key) => `${a.source}:${a.id}`.localeCompare(`${b.source}:${b.id}`);
const keysOf = (records: Key[]) => records.map(({ source, id }) => ({ source, id })).sort(byKey);

const idOf = async (table: string, reference: string) =>
  (await db().query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE reference = $1`, [reference]))[0]!.id;

/** A submission's row and its case, as the search and the actions name them. */
const withCase = async (source: RecordSource, reference: string): Promise<Key[]> => [
  { source, id: await idOf(source, reference) },
  { source: 'cases', id: await idOf('cases', reference) },
];

interface Person {
  /** The keys of their rights request, as they type them. */
  email: string;
  rut: string;
  serviceNumber: string;
  /** How their other records spell them: other spellings of the one mailbox. */
  emailElsewhere: string;
  otherEmail: string;
  rutElsewhere: string;
  serviceElsewhere: string;
}

/** A record of the person in every source but rights requests, each under one of their keys; answers them all. */
async function recordsOf(person: Person): Promise<Key[]> {
  const contact = await submitContact(
    db(),
    ContactSchema.parse({ name: 'Nombre', surname: 'Apellido', email: person.emailElsewhere, reqs: 'Consulta.' }),
    arrival(),
  );
  const complaint = await submitComplaint(
    db(),
    ComplaintSchema.parse({
      name: 'Nombre',
      surname: 'Apellido',
      email: person.otherEmail,
      phone: '',
      address: 'Calle Uno 123',
      city: 'Coyhaique',
      clientNumber: person.serviceElsewhere,
      complaintDetails: 'Me cobraron dos veces.',
    }),
    arrival(),
  );
  const [cv] = await db().query<{ id: string }>(
    `INSERT INTO uploads (purpose, file_name, declared_size, status, content_type, sha256)
     VALUES ('cv', 'cv.pdf', 100, 'complete', 'application/pdf', '') RETURNING id::text AS id`,
  );
  const application = await submitJobApplication(
    db(),
    { name: 'Nombre Apellido', email: person.otherEmail, rut: person.rutElsewhere, address: '' },
    completedUpload(cv!.id, 'cv'),
    arrival(),
  );
  const registration = await submitMotorhome(
    db(),
    MotorhomeSchema.parse({ ...motorhomeRegistration, email: person.otherEmail, rut: person.rut }),
    arrival(),
  );
  const [subscription] = await db().query<{ id: string }>(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash)
     VALUES ($1, ARRAY['coyhaique'], $2, $3) RETURNING id::text AS id`,
    [person.emailElsewhere, `c-${person.email}`, `u-${person.email}`],
  );
  const service = person.serviceNumber.replace(/\D/g, '');
  // The billing system names them the holder of their service (a third person typing it finds the holder's).
  const accounts = await db().query<{ id: string }>(
    `INSERT INTO accounts (service_number, balance, install_address, holder_rut) VALUES ($1, 0, 'Calle Uno 123', $2)
     ON CONFLICT DO NOTHING RETURNING service_number AS id`,
    [service, person.rut.replace(/[.]/g, '')],
  );
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ('999999', 0, 'Prat 5') ON CONFLICT DO NOTHING`,
  );
  const periods = await db().query<{ id: string }>(
    `INSERT INTO consumption_periods (service_number, period, read_from, read_to, reading_from, reading_to, consumption_m3,
       reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge, overconsumption_charge,
       subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date)
     SELECT service_number, '2026-10', '2026-09-15', '2026-10-15', 100, 118, 18, 'real', 0, 1000, 9000, 5000, 3000, 0,
       0, 0, 0, 0, 18000, '2026-11-05' FROM unnest($1::text[]) AS service_number
     RETURNING service_number || ' ' || period AS id`,
    [accounts.map((account) => account.id)],
  );
  // A warning of that reading, and the holder's opt-out of the warnings.
  const warnings = await db().query<{ id: string }>(
    `INSERT INTO consumption_warnings (service_number, period, consumption_m3, average_m3, readings, email_not_sent)
     SELECT service_number, '2026-10', 18, 6, 6, 'sin-correo' FROM unnest($1::text[]) AS service_number
     RETURNING service_number || ' ' || period AS id`,
    [accounts.map((account) => account.id)],
  );
  const optOuts = await db().query<{ id: string }>(
    `INSERT INTO consumption_warning_opt_outs (service_number) SELECT unnest($1::text[])
     RETURNING service_number || ' baja' AS id`,
    [accounts.map((account) => account.id)],
  );
  // Paid from another address, found by the service number; and a company's factura, found by the RUT.
  const order = randomUUID().slice(0, 8);
  const bills = await db().query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, rut, payment_method, status, buy_order, session_id)
     VALUES ($1, 18990, $2, 'boleta', '', 'webpay-plus', 'paid', $4 || '-1', $4 || '-1'),
            ('999999', 25000, $2, 'factura', $3, 'webpay-plus', 'paid', $4 || '-2', $4 || '-2')
     RETURNING id::text AS id`,
    [service, person.otherEmail, person.rutElsewhere, order],
  );
  const cards = await db().query<{ id: string }>(
    `INSERT INTO tbk_payments (bill_id, status, amount, buy_order)
     SELECT id, 'AUTHORIZED', amount, buy_order FROM bills WHERE id::text = ANY($1) RETURNING id::text AS id`,
    [bills.map((bill) => bill.id)],
  );
  return [
    ...(await withCase('contact_messages', contact.reference)),
    ...(await withCase('complaints', complaint.reference)),
    ...(await withCase('job_applications', application.reference)),
    ...(await withCase('motorhome_registrations', registration.reference)),
    { source: 'outage_subscriptions', id: subscription!.id },
    ...bills.map((bill): Key => ({ source: 'bills', id: bill.id })),
    ...cards.map((card): Key => ({ source: 'tbk_payments', id: card.id })),
    ...accounts.map((account): Key => ({ source: 'accounts', id: account.id })),
    ...periods.map((period): Key => ({ source: 'consumption_periods', id: period.id })),
    ...[...warnings, ...optOuts].map((warning): Key => ({ source: 'consumption_warnings', id: warning.id })),
  ];
}

/** The person's rights request, its e-mail confirmed and its proof of identity received; answers its case and its own records. */
async function confirmedRequestOf(person: Person) {
  const { reference } = await submitRightsRequest(
    db(),
    RightsRequestSchema.parse({
      type: 'supresion',
      name: 'Nombre Apellido',
      email: person.email,
      rut: person.rut,
      serviceNumber: person.serviceNumber,
      details: 'Borren mis datos.',
    }),
    arrival(),
  );
  await db().query(
    `UPDATE rights_requests SET email_confirmed_at = now(), proof_received = 'Copia de la cédula de identidad, cotejada.', proof_received_at = now() WHERE reference = $1`,
    [reference],
  );
  return { caseId: await idOf('cases', reference), records: await withCase('rights_requests', reference) };
}

const ROSA: Person = {
  email: 'Rosa.Vera@correo.cl',
  rut: '12.345.678-5',
  serviceNumber: '100 234',
  emailElsewhere: ' ROSA.VERA@CORREO.CL',
  otherEmail: 'rosa.vera+trabajo@Correo.cl',
  rutElsewhere: '012345678-5',
  serviceElsewhere: '100-234',
};
const PEDRO: Person = {
  email: 'pedro.soto@correo.cl',
  rut: '11.111.111-1',
  serviceNumber: '200200',
  emailElsewhere: 'Pedro.Soto@correo.cl',
  otherEmail: 'pedro.soto+pagos@correo.cl',
  rutElsewhere: '11111111-1',
  serviceElsewhere: '200.200',
};

/** A third person who typed Rosa's RUT and service number into her own submissions, from her own address. */
const MARTA: Person = {
  email: 'marta.inquilina@correo.cl',
  rut: ROSA.rut,
  serviceNumber: ROSA.serviceNumber,
  emailElsewhere: 'marta.inquilina@correo.cl',
  otherEmail: 'marta.pagos@correo.cl',
  rutElsewhere: ROSA.rutElsewhere,
  serviceElsewhere: ROSA.serviceElsewhere,
};

describe('the search and the erasure check: one rule of whose record is this', () => {
  let rosa: Key[];
  let pedro: Key[];
  let marta: Key[];
  let caseId: string;
  beforeAll(async () => {
    rosa = await recordsOf(ROSA);
    pedro = await recordsOf(PEDRO);
    marta = await recordsOf(MARTA);
    const request = await confirmedRequestOf(ROSA);
    caseId = request.caseId;
    rosa.push(...request.records);
    pedro.push(...(await confirmedRequestOf(PEDRO)).records);
  });

  it("finds the person's own record in every source, and the erasure check accepts each one", async () => {
    const { records } = await findPersonalData(db(), caseId);
    const own = keysOf(records.filter((record) => !record.thirdParty));
    expect(new Set(own.map((record) => record.source))).toEqual(new Set(recordSourceKeys));
    expect(own).toEqual(keysOf(rosa));
    const request = await confirmedRightsRequest(db(), caseId);
    expect(keysOf(await theirRecords(db(), request, own))).toEqual(own);
  });

  it("finds none of another person's records, in any source, and the erasure check refuses each", async () => {
    const found = keysOf((await findPersonalData(db(), caseId)).records);
    const request = await confirmedRightsRequest(db(), caseId);
    expect(new Set(pedro.map((record) => record.source))).toEqual(new Set(recordSourceKeys));
    for (const record of pedro) {
      expect(found).not.toContainEqual(record);
      await expect(theirRecords(db(), request, [record]), `${record.source} ${record.id}`).rejects.toEqual(
        new NotFound(rightsDeskMessages.notTheirs),
      );
    }
  });

  it("lists a third person's records that carry the typed RUT or service number as de un tercero, only once the proof of identity is recorded; the erasure check refuses each either way", async () => {
    // Her complaint, application, registration, bills and card records; not her message, subscription or cases.
    const carrying = marta.filter(
      (record) => !['contact_messages', 'outage_subscriptions', 'cases', 'rights_requests'].includes(record.source),
    );
    const request = await confirmedRightsRequest(db(), caseId);
    const marked = (await findPersonalData(db(), caseId)).records.filter((record) => record.thirdParty);
    expect(keysOf(marked)).toEqual(keysOf(carrying));
    for (const record of marta)
      await expect(theirRecords(db(), request, [record]), `${record.source} ${record.id}`).rejects.toEqual(
        new NotFound(rightsDeskMessages.notTheirs),
      );

    await db().query('UPDATE rights_requests SET proof_received = NULL, proof_received_at = NULL');
    try {
      const unproven = await findPersonalData(db(), caseId);
      expect(unproven.subject).toEqual({ email: ROSA.email, rut: '', serviceNumber: '' });
      expect(unproven.records.filter((record) => record.thirdParty)).toEqual([]);
      // Her service's account, readings and warnings are hers only through the proven RUT of their holder.
      const byHolder = ['accounts', 'consumption_periods', 'consumption_warnings'];
      expect(keysOf(unproven.records)).toEqual(keysOf(rosa.filter((record) => !byHolder.includes(record.source))));
    } finally {
      await db().query('UPDATE rights_requests SET proof_received_at = now()');
    }
  });
});

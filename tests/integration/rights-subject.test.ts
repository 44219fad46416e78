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
 * every record the search finds for a confirmed request is one the erasure and rectification
 * check accepts, and a record of someone else is found by neither.
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
  /** How their other records spell them: each record found by one key only. */
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
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Calle Uno 123'), ('999999', 0, 'Prat 5')
     ON CONFLICT DO NOTHING`,
    [service],
  );
  // Paid from another address, found by the service number; and a company's factura, found by the RUT.
  const bills = await db().query<{ id: string }>(
    `INSERT INTO bills (service_number, amount, email, billing_type, rut, payment_method, status, buy_order, session_id)
     VALUES ($1, 18990, $2, 'boleta', '', 'webpay-plus', 'paid', $1 || '-1', $1 || '-1'),
            ('999999', 25000, $2, 'factura', $3, 'webpay-plus', 'paid', $1 || '-2', $1 || '-2')
     RETURNING id::text AS id`,
    [service, person.otherEmail, person.rutElsewhere],
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
  otherEmail: 'rosa.trabajo@correo.cl',
  rutElsewhere: '012345678-5',
  serviceElsewhere: '100-234',
};
const PEDRO: Person = {
  email: 'pedro.soto@correo.cl',
  rut: '11.111.111-1',
  serviceNumber: '200200',
  emailElsewhere: 'Pedro.Soto@correo.cl',
  otherEmail: 'pedro.pagos@correo.cl',
  rutElsewhere: '11111111-1',
  serviceElsewhere: '200.200',
};

describe('the search and the erasure check: one rule of whose record is this', () => {
  let rosa: Key[];
  let pedro: Key[];
  let caseId: string;
  beforeAll(async () => {
    rosa = await recordsOf(ROSA);
    pedro = await recordsOf(PEDRO);
    const request = await confirmedRequestOf(ROSA);
    caseId = request.caseId;
    rosa.push(...request.records);
    pedro.push(...(await confirmedRequestOf(PEDRO)).records);
  });

  it("finds the person's record in every source, and the erasure check accepts each one the search finds", async () => {
    const found = keysOf((await findPersonalData(db(), caseId)).records);
    expect(new Set(found.map((record) => record.source))).toEqual(new Set(recordSourceKeys));
    expect(found).toEqual(keysOf(rosa));
    const request = await confirmedRightsRequest(db(), caseId);
    expect(keysOf(await theirRecords(db(), request, found))).toEqual(found);
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
  it('counts the RUT and the service number typed only once the proof of identity is recorded: before, the confirmed e-mail alone', async () => {
    const all = keysOf((await findPersonalData(db(), caseId)).records);
    await db().query('UPDATE rights_requests SET proof_received = NULL, proof_received_at = NULL');
    try {
      const unproven = await findPersonalData(db(), caseId);
      expect(unproven.subject).toEqual({ email: ROSA.email, rut: '', serviceNumber: '' });
      const byEmail = keysOf(unproven.records);
      const onlyByTyped = all.filter(
        (record) => !byEmail.some((found) => found.source === record.source && found.id === record.id),
      );
      expect(onlyByTyped.length).toBeGreaterThan(0);
      // Neither shown nor touched: the erasure check refuses each.
      const request = await confirmedRightsRequest(db(), caseId);
      for (const record of onlyByTyped)
        await expect(theirRecords(db(), request, [record]), `${record.source} ${record.id}`).rejects.toEqual(
          new NotFound(rightsDeskMessages.notTheirs),
        );
    } finally {
      await db().query('UPDATE rights_requests SET proof_received_at = now()');
    }
  });
});

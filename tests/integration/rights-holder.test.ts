import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedInAdmin } from '../../src/server/auth/require-admin.ts';
import { NotFound, Invalid } from '../../src/server/errors.ts';
import { eraseRecords, rectifyRecord } from '../../src/server/rights/actions.ts';
import { includeRecord } from '../../src/server/rights/inclusions.ts';
import { findPersonalData } from '../../src/server/rights/search.ts';
import { submitRightsRequest } from '../../src/server/rights/submit.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { keptReasons, rightsDeskMessages } from '../../src/shared/rights/desk/texts.ts';
import { ExportDataSchema } from '../../src/shared/rights/records/schema.ts';
import { RightsRequestSchema } from '../../src/shared/rights/schema.ts';
import { signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { exportedZip } from '../helpers/rights-export.ts';

/**
 * A holder's data from the billing system (migration 0047): the account's holder RUT and contact
 * data and the service's readings are the requester's own only through the RUT staff proved (the
 * billing system's holder RUT is the utility's record of whose contract the service is); a RUT or
 * service number only typed finds nothing before the proof, and after it only "de un tercero". They
 * go into the export's ZIP, and the erasure keeps them as billing records.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.example.cl';
let admin: SignedInAdmin;

const ROSA = {
  email: 'rosa.vera@correo.cl',
  rut: '12.345.678-5',
  contact: 'rosa.casa@correo.cl',
  phone: '+56 9 5555 1234',
};
const PEDRO = { rut: '11.111.111-1', contact: 'pedro.contacto@correo.cl', phone: '+56 9 4444 9876' };
/** Pedro's tenant: she knows his service number and may type his RUT, but is not its holder. */
const MARTA = { email: 'marta.inquilina@correo.cl', rut: '9.876.543-3' };

/** A reading of `service`: `m3` consumed, its charges adding up to its total. */
const period = (service: string, month: string, m3: number, docUrl: string) =>
  db().query(
    `INSERT INTO consumption_periods (service_number, period, read_from, read_to, reading_from, reading_to, consumption_m3,
       reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge, overconsumption_charge,
       subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date, doc_url)
     VALUES ($1, $2, ($2 || '-01')::date, ($2 || '-28')::date, 500, 500 + $3::integer, $3, 'estimada', 0, 1000, $3 * 500,
       $3 * 300, $3 * 200, 0, 0, 0, 0, 0, 1000 + $3 * 1000, ($2 || '-28')::date + 20, $4)`,
    [service, month, m3, docUrl],
  );

/** A confirmed rights request; its proof of identity recorded when `proven`. Answers its case id and reference. */
async function request(who: { email: string; rut: string }, serviceNumber: string, proven: boolean) {
  const { reference } = await submitRightsRequest(
    db(),
    RightsRequestSchema.parse({
      type: 'acceso',
      name: 'Nombre Apellido',
      email: who.email,
      rut: who.rut,
      serviceNumber,
      details: 'Quiero mis datos.',
    }),
    { at: new Date(), origin: ORIGIN },
  );
  await db().query(
    `UPDATE rights_requests SET email_confirmed_at = now(),
       proof_received = CASE WHEN $2 THEN 'Cédula cotejada.' END, proof_received_at = CASE WHEN $2 THEN now() END
     WHERE reference = $1`,
    [reference, proven],
  );
  const [row] = await db().query<{ id: string }>('SELECT id::text AS id FROM cases WHERE reference = $1', [reference]);
  return { caseId: row!.id, reference };
}

const billingKeys = async (caseId: string) =>
  (await findPersonalData(db(), caseId)).records
    .filter((record) => record.source === 'accounts' || record.source === 'consumption_periods')
    .map(({ source, id, thirdParty }) => ({ source, id, thirdParty: thirdParty?.matchedBy ?? null }));

beforeAll(async () => {
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address, holder_rut, contact_email, contact_phone)
     VALUES ('100001', 21000, 'Baquedano 100', '12345678-5', $1, $2), ('100002', 0, 'Prat 5', '11111111-1', $3, $4)`,
    [ROSA.contact, ROSA.phone, PEDRO.contact, PEDRO.phone],
  );
  await period('100001', '2026-09', 14, 'https://boletas.example.cl/100001-2026-09.pdf');
  await period('100001', '2026-10', 20, 'https://boletas.example.cl/100001-2026-10.pdf');
  await period('100002', '2026-10', 37, 'https://boletas.example.cl/100002-2026-10.pdf');
});

beforeEach(async () => {
  await db().query('DELETE FROM rights_inclusions');
});

describe("the holder's account and readings", () => {
  it('are the requester’s own by the proven RUT of their holder, without a service number typed; never another holder’s', async () => {
    const { caseId } = await request(ROSA, '', true);
    expect(await billingKeys(caseId)).toEqual([
      { source: 'accounts', id: '100001', thirdParty: null },
      { source: 'consumption_periods', id: '100001 2026-09', thirdParty: null },
      { source: 'consumption_periods', id: '100001 2026-10', thirdParty: null },
    ]);
  });

  it('are not found by the RUT typed until staff record the proof of identity', async () => {
    const { caseId } = await request(ROSA, '100001', false);
    expect(await billingKeys(caseId)).toEqual([]);
  });

  it("are not found by someone else's RUT and service number only typed", async () => {
    const { caseId } = await request({ ...MARTA, rut: PEDRO.rut }, '100002', false);
    expect(await billingKeys(caseId)).toEqual([]);
  });

  it('go into the ZIP: the account with its holder and contact data, and one row per period', async () => {
    const zip = await exportedZip(db(), admin, await request(ROSA, '', true), ORIGIN);
    const rows = (name: string) =>
      zip[name]!.replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    const accounts = rows('cuentas-de-servicio.csv');
    expect(accounts[0]).toBe(
      'Referencia;Fecha (hora de Aysén);Número de servicio;Dirección de instalación;RUT del titular;Correo de contacto;Teléfono de contacto;Saldo;Vencimiento',
    );
    expect(accounts.slice(1)).toHaveLength(1);
    for (const value of ['100001', '12345678-5', ROSA.contact, ROSA.phone, '$21.000'])
      expect(accounts[1], value).toContain(value);
    const readings = rows('lecturas-y-consumo.csv');
    expect(readings.slice(1).map((row) => row.split(';').slice(2, 4))).toEqual([
      ['100001', '2026-09'],
      ['100001', '2026-10'],
    ]);
    expect(readings[2]).toContain(';20;Estimada;');
    expect(readings[2]).toContain(';$21.000;');
    expect(readings[2]).toContain('https://boletas.example.cl/100001-2026-10.pdf');
    const data = ExportDataSchema.parse(JSON.parse(zip['datos.json']!));
    expect(data.records.filter((record) => record.source === 'consumption_periods')).toHaveLength(2);
    expect(zip['LEAME.txt']).toContain('lecturas-y-consumo.csv');
    expect(zip['LEAME.txt']).toContain(`de los que usted es titular con el RUT ${ROSA.rut}`);
    // Pedro's service is not hers.
    const everything = Object.values(zip).join('\n');
    for (const word of [PEDRO.contact, PEDRO.phone, '100002']) expect(everything, word).not.toContain(word);
  });

  it('are kept by the supresión as billing records, and corrected in the billing system, not by the desk', async () => {
    const { caseId } = await request(ROSA, '', true);
    const chosen = [
      { source: 'accounts' as const, id: '100001' },
      { source: 'consumption_periods' as const, id: '100001 2026-10' },
    ];
    const outcome = await eraseRecords(db(), uploadStore(), admin, caseId, chosen);
    expect(outcome).toEqual({ erased: [], kept: chosen.map((record) => ({ ...record, reason: keptReasons.billing })) });
    expect(
      await db().query(`SELECT count(*)::int AS n FROM consumption_periods WHERE service_number = '100001'`),
    ).toEqual([{ n: 2 }]);
    await expect(
      rectifyRecord(db(), admin, caseId, { source: 'accounts', id: '100001', field: 'contact_email', value: 'x@y.cl' }),
    ).rejects.toEqual(new Invalid(rightsDeskMessages.notCorrectable, 'field'));
  });
});

describe("a service's account and readings found only by the service number typed", () => {
  it('are listed "de un tercero" once the proof is recorded, exported only when included and then without the holder', async () => {
    const marta = await request(MARTA, '100002', true);
    expect(await billingKeys(marta.caseId)).toEqual([
      { source: 'accounts', id: '100002', thirdParty: 'service' },
      { source: 'consumption_periods', id: '100002 2026-10', thirdParty: 'service' },
    ]);
    expect(Object.keys(await exportedZip(db(), admin, marta, ORIGIN))).not.toContain('lecturas-y-consumo.csv');

    for (const [source, id] of [
      ['accounts', '100002'],
      ['consumption_periods', '100002 2026-10'],
    ] as const)
      await includeRecord(db(), admin, marta.caseId, { source, id, included: true });
    const zip = await exportedZip(db(), admin, marta, ORIGIN);
    expect(zip['lecturas-y-consumo.csv']).toContain('https://boletas.example.cl/100002-2026-10.pdf');
    expect(zip['lecturas-y-consumo.csv']).toContain('Coincide el número de servicio 100002');
    expect(zip['cuentas-de-servicio.csv']).toContain('Prat 5');
    const everything = Object.values(zip).join('\n');
    for (const word of ['11111111-1', PEDRO.contact, PEDRO.phone]) expect(everything, word).not.toContain(word);
    await expect(
      eraseRecords(db(), uploadStore(), admin, marta.caseId, [{ source: 'consumption_periods', id: '100002 2026-10' }]),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notTheirs));
  });
});

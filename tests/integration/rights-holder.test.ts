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
 * service number only typed finds nothing before the proof, and after it only "de un tercero". So
 * are the service's high-consumption warnings and its opt-out of them (migration 0048). They go
 * into the export's ZIP, and the erasure keeps them all: the billing records, a warning as long as
 * its period, the opt-out to be respected.
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

const HOLDERS = ['accounts', 'consumption_periods', 'consumption_warnings'];
const billingKeys = async (caseId: string) =>
  (await findPersonalData(db(), caseId)).records
    .filter((record) => HOLDERS.includes(record.source))
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
  // Both October readings were warned, by mail; Rosa opted out of the warnings a day later.
  await db().query(
    `INSERT INTO consumption_warnings (service_number, period, consumption_m3, average_m3, readings, email,
       opt_out_token_hash, warned_at)
     VALUES ('100001', '2026-10', 20, 7.5, 3, $1, 'rosa-hash', '2026-11-02T12:00:00Z'),
            ('100002', '2026-10', 37, 12, 6, $2, 'pedro-hash', '2026-11-02T12:00:00Z')`,
    [ROSA.contact, PEDRO.contact],
  );
  await db().query(
    `INSERT INTO consumption_warning_opt_outs (service_number, opted_out_at) VALUES ('100001', '2026-11-03T12:00:00Z')`,
  );
});

beforeEach(async () => {
  await db().query('DELETE FROM rights_inclusions');
});

describe("the holder's account, readings and warnings", () => {
  it('are the requester’s own by the proven RUT of their holder, without a service number typed; never another holder’s', async () => {
    const { caseId } = await request(ROSA, '', true);
    expect(await billingKeys(caseId)).toEqual([
      { source: 'accounts', id: '100001', thirdParty: null },
      { source: 'consumption_periods', id: '100001 2026-09', thirdParty: null },
      { source: 'consumption_periods', id: '100001 2026-10', thirdParty: null },
      { source: 'consumption_warnings', id: '100001 2026-10', thirdParty: null },
      { source: 'consumption_warnings', id: '100001 baja', thirdParty: null },
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
    expect(rows('avisos-de-consumo.csv')).toEqual([
      'Referencia;Fecha (hora de Aysén);Registro;Número de servicio;Período;Consumo (m³);Promedio de las lecturas reales anteriores (m³);Lecturas reales promediadas;Enviado a;Motivo de no envío',
      `CSM-100001-2026-10;02-11-2026 09:00;Aviso de consumo alto;100001;2026-10;20;"7,5";3;${ROSA.contact};`,
      '100001;03-11-2026 09:00;Baja de los avisos de consumo alto;100001;;;;;;',
    ]);
    expect(zip['LEAME.txt']).toContain('lecturas-y-consumo.csv');
    expect(zip['LEAME.txt']).toContain('avisos-de-consumo.csv');
    expect(zip['LEAME.txt']).toContain(`de los que usted es titular con el RUT ${ROSA.rut}`);
    // Pedro's service is not hers.
    const everything = Object.values(zip).join('\n');
    for (const word of [PEDRO.contact, PEDRO.phone, '100002']) expect(everything, word).not.toContain(word);
  });

  it('are kept by the supresión: the billing records, a warning as long as its period, the opt-out to be respected; corrected in the billing system, not by the desk', async () => {
    const { caseId } = await request(ROSA, '', true);
    const billing = [
      { source: 'accounts' as const, id: '100001' },
      { source: 'consumption_periods' as const, id: '100001 2026-10' },
    ];
    const warning = { source: 'consumption_warnings' as const, id: '100001 2026-10' };
    const optOut = { source: 'consumption_warnings' as const, id: '100001 baja' };
    const outcome = await eraseRecords(db(), uploadStore(), admin, caseId, [...billing, warning, optOut]);
    expect(outcome).toEqual({
      erased: [],
      kept: [
        ...billing.map((record) => ({ ...record, reason: keptReasons.billing })),
        { ...warning, reason: keptReasons.warning },
        { ...optOut, reason: keptReasons.optOut },
      ],
    });
    expect(
      await db().query(
        `SELECT (SELECT count(*) FROM consumption_periods WHERE service_number = '100001')::int AS periods,
                (SELECT count(*) FROM consumption_warnings WHERE service_number = '100001')::int AS warnings,
                (SELECT count(*) FROM consumption_warning_opt_outs WHERE service_number = '100001')::int AS opt_outs`,
      ),
    ).toEqual([{ periods: 2, warnings: 1, opt_outs: 1 }]);
    await expect(
      rectifyRecord(db(), admin, caseId, { source: 'accounts', id: '100001', field: 'contact_email', value: 'x@y.cl' }),
    ).rejects.toEqual(new Invalid(rightsDeskMessages.notCorrectable, 'field'));
  });
});

describe("a service's account, readings and warnings found only by the service number typed", () => {
  it('are listed "de un tercero" once the proof is recorded, exported only when included and then without the holder', async () => {
    const marta = await request(MARTA, '100002', true);
    expect(await billingKeys(marta.caseId)).toEqual([
      { source: 'accounts', id: '100002', thirdParty: 'service' },
      { source: 'consumption_periods', id: '100002 2026-10', thirdParty: 'service' },
      { source: 'consumption_warnings', id: '100002 2026-10', thirdParty: 'service' },
    ]);
    expect(Object.keys(await exportedZip(db(), admin, marta, ORIGIN))).not.toContain('lecturas-y-consumo.csv');

    for (const [source, id] of [
      ['accounts', '100002'],
      ['consumption_periods', '100002 2026-10'],
      ['consumption_warnings', '100002 2026-10'],
    ] as const)
      await includeRecord(db(), admin, marta.caseId, { source, id, included: true });
    const zip = await exportedZip(db(), admin, marta, ORIGIN);
    expect(zip['lecturas-y-consumo.csv']).toContain('https://boletas.example.cl/100002-2026-10.pdf');
    expect(zip['lecturas-y-consumo.csv']).toContain('Coincide el número de servicio 100002');
    expect(zip['cuentas-de-servicio.csv']).toContain('Prat 5');
    // The warning without the address it was mailed to.
    expect(zip['avisos-de-consumo.csv']).not.toContain('Enviado a');
    expect(zip['avisos-de-consumo.csv']).toContain(
      'CSM-100002-2026-10;02-11-2026 09:00;Aviso de consumo alto;100002;2026-10;37;12;6;;Coincide el número de servicio 100002',
    );
    const everything = Object.values(zip).join('\n');
    for (const word of ['11111111-1', PEDRO.contact, PEDRO.phone]) expect(everything, word).not.toContain(word);
    await expect(
      eraseRecords(db(), uploadStore(), admin, marta.caseId, [{ source: 'consumption_periods', id: '100002 2026-10' }]),
    ).rejects.toEqual(new NotFound(rightsDeskMessages.notTheirs));
  });
});

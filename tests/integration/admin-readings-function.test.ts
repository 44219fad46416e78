import { describe, expect, it } from 'vitest';
import * as adminAccounts from '../../netlify/functions/admin-accounts.ts';
import { ReadingsImportReportSchema } from '../../src/shared/consumption/readings-import.ts';
import { auditRows, callFunction, read, useSignedInAdmin } from '../helpers/admin.ts';
import { chunkedUpload, expectRefusedWhole, NOT_A_CSV, startRefusal } from '../helpers/uploads.ts';
import { serviceWithHistory } from '../helpers/consumption.ts';
import { pdfBytes } from '../helpers/files.ts';

const { db, token } = useSignedInAdmin();

const HEADER =
  'service_number;period;read_from;read_to;reading_from;reading_to;consumption_m3;reading_type;overconsumption_m3;fixed_charge;water_charge;sewer_charge;treatment_charge;overconsumption_charge;subsidy_amount;agreement_instalment;other_charges;compensation;total;due_date;doc_url\n';
const line = (service: string, period: string, total = '19500') =>
  `${service};${period};2026-10-01;2026-10-28;100;118;18;real;0;1500;9000;6000;3000;0;0;0;0;0;${total};2026-11-10;/boletas/${service}-${period}.pdf\n`;

/** An upload of purpose `readings`, as the Cuentas screen sends the export. */
const upload = (content: string | Uint8Array<ArrayBuffer>, purpose = 'readings', fileName = 'lecturas.csv') =>
  chunkedUpload(
    fileName,
    typeof content === 'string' ? new TextEncoder().encode(content) : content,
    purpose as 'readings',
    token(),
  );

const importUpload = async (uploadId: unknown) =>
  read(await callFunction(adminAccounts, 'POST', '/api/admin/readings/import', { token: token(), body: { uploadId } }));

async function accounts(...serviceNumbers: string[]) {
  for (const serviceNumber of serviceNumbers)
    await db().query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Prat 1') ON CONFLICT DO NOTHING`,
      [serviceNumber],
    );
}

describe('POST /api/admin/readings/import', () => {
  it('imports the good lines, reports every line left out with its reason, logs the counts and deletes the upload', async () => {
    await accounts('600001', '600002');
    const { id } = await upload(
      `${HEADER}${line('600001', '2026-09')}${line('600001', '2026-10')}${line('600002', '2026-10', '20000')}${line('699999', '2026-10')}`,
    );
    const { status, body } = await importUpload(id);
    expect(status).toBe(200);
    expect(ReadingsImportReportSchema.parse(body.data.report)).toEqual({
      imported: 2,
      replaced: 0,
      removed: 0,
      warned: 0,
      mailed: 0,
      rejected: [
        { line: 4, reason: 'total 20000 no es la suma de los cargos: según ellos es 19500' },
        { line: 5, reason: 'service_number 699999 no tiene cuenta: impórtela primero con el archivo de cuentas' },
      ],
      rejectedTotal: 2,
    });
    expect(
      await db().query(
        `SELECT service_number, period, total, doc_url FROM consumption_periods WHERE service_number LIKE '6000%' ORDER BY 1, 2`,
      ),
    ).toEqual([
      { service_number: '600001', period: '2026-09', total: 19500, doc_url: '/boletas/600001-2026-09.pdf' },
      { service_number: '600001', period: '2026-10', total: 19500, doc_url: '/boletas/600001-2026-10.pdf' },
    ]);
    expect((await auditRows(db())).at(-1)).toEqual({
      admin_email: 'ana@example.com',
      action: 'import',
      entity: 'readings',
      entity_id: '2026-10',
      summary: 'Lecturas de los períodos 2026-09 a 2026-10. Importadas: 2 (reemplazadas: 0); líneas rechazadas: 2',
    });
    expect(await db().query('SELECT id FROM uploads WHERE id = $1', [id])).toEqual([]);

    // The same period again replaces the one kept.
    const again = await importUpload((await upload(`${HEADER}${line('600001', '2026-10')}`)).id);
    expect(again.body.data.report).toMatchObject({ imported: 1, replaced: 1, rejectedTotal: 0 });
  });

  it('warns a service whose new period is a high consumption, once, and mails its contact', async () => {
    await serviceWithHistory(db(), '600101', [10, 10, 10, 10, 10, 10], 'titular600101@correo.cl');
    // 2025-07, after six periods of 10 m³: 40 m³ (18 in `line`'s own reading is not enough).
    const high = `600101;2025-07;2025-07-01;2025-07-28;100;140;40;real;0;1500;20000;13333;6667;0;0;0;0;0;41500;2025-08-10;\n`;
    const first = await importUpload((await upload(`${HEADER}${high}`)).id);
    expect(first.body.data.report).toMatchObject({ imported: 1, warned: 1, mailed: 1 });
    const [mail] = await db().query<{ recipient: string }>(
      `SELECT recipient FROM outbox WHERE reference = 'CSM-600101-2025-07'`,
    );
    expect(mail).toEqual({ recipient: 'titular600101@correo.cl' });
    // The export sent again: the period is replaced, nobody is warned twice.
    const again = await importUpload((await upload(`${HEADER}${high}`)).id);
    expect(again.body.data.report).toMatchObject({ imported: 1, replaced: 1, warned: 0, mailed: 0 });
  });

  it('answers 400 on the file field to a file missing a column, imports nothing and deletes the upload', async () => {
    const { id } = await upload(`${HEADER.replace(';total', '')}1;2026-10\n`);
    await expectRefusedWhole(db(), id, importUpload, 'A la primera línea del archivo le falta la columna total.');
  });

  it('takes only an upload of purpose readings: an accounts upload is not available to it', async () => {
    const { id } = await upload(`${HEADER}${line('600001', '2026-10')}`, 'accounts', 'cuentas.csv');
    expect((await importUpload(id)).body.errors).toEqual({
      file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
    });
  });

  it.each([
    ['a spreadsheet', 'lecturas.xlsx', 10, 'Seleccione el archivo CSV (.csv) que exporta el sistema de facturación.'],
    ['a file over 10 MB', 'lecturas.csv', 10_000_001, 'El tamaño máximo del archivo de lecturas es de 10 MB.'],
  ])('refuses to start an upload of %s', async (_case, fileName, size, message) => {
    expect(await startRefusal('readings', fileName, size, token())).toBe(message);
  });

  it('refuses a file named .csv whose bytes are another format', async () => {
    expect((await upload(pdfBytes(2_000))).completed).toMatchObject(NOT_A_CSV);
  });

  it('answers 400 without an upload, to a body that is not JSON, and 405 to another method', async () => {
    expect(await importUpload(undefined)).toMatchObject({
      status: 400,
      body: { errors: { uploadId: 'Seleccione el archivo CSV de lecturas.' } },
    });
    expect((await importUpload('no-es-un-id')).status).toBe(400);
    expect(
      (await callFunction(adminAccounts, 'POST', '/api/admin/readings/import', { token: token(), body: 'no es json' }))
        .status,
    ).toBe(400);
    const other = await callFunction(adminAccounts, 'GET', '/api/admin/readings/import', { token: token() });
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('POST');
  });
});

import { describe, expect, it } from 'vitest';
import * as adminAccounts from '../../netlify/functions/admin-accounts.ts';
import * as uploads from '../../netlify/functions/uploads.ts';
import { AccountsImportReportSchema } from '../../src/shared/accounts/schema.ts';
import { chileNow } from '../../src/shared/time/wall-clock.ts';
import { CHUNK_SIZE } from '../../src/shared/uploads/schema.ts';
import { auditRows, callFunction, read, useSignedInAdmin } from '../helpers/admin.ts';
import { chunkedUpload, expectRefusedWhole, NOT_A_CSV, startRefusal } from '../helpers/uploads.ts';
import { pdfBytes } from '../helpers/files.ts';

const { db, token } = useSignedInAdmin();

const HEADER = 'service_number;balance;install_address;expiration_date;doc_url\n';
const HOUR = 60 * 60 * 1000;
/** A moment `hours` ago in Chile's time, as the form's datetime-local input gives it. */
const chileHoursAgo = (hours: number) => chileNow(new Date(Date.now() - hours * HOUR));

/** An upload of purpose `accounts`, as the Cuentas screen sends the export. */
const upload = (content: string | Uint8Array<ArrayBuffer>, fileName = 'cuentas.csv') =>
  chunkedUpload(
    fileName,
    typeof content === 'string' ? new TextEncoder().encode(content) : content,
    'accounts',
    token(),
  );

const importUpload = async (uploadId: string, exportedAt: string = chileHoursAgo(1)) =>
  read(
    await callFunction(adminAccounts, 'POST', '/api/admin/accounts/import', {
      token: token(),
      body: { uploadId, exportedAt },
    }),
  );

const importCsv = async (text: string, exportedAt?: string) => importUpload((await upload(text)).id, exportedAt);

const balances = async (...serviceNumbers: string[]) =>
  Object.fromEntries(
    (
      await db().query<{ service_number: string; balance: number }>(
        'SELECT service_number, balance FROM accounts WHERE service_number = ANY($1) ORDER BY service_number',
        [serviceNumbers],
      )
    ).map((row) => [row.service_number, row.balance]),
  );

/** An account whose debt of 18.990 was paid online `hoursAgo` (its balance is 0 since). */
async function paidOnline(serviceNumber: string, hoursAgo: number, status = 'paid') {
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Calle 1') ON CONFLICT (service_number) DO UPDATE SET balance = 0`,
    [serviceNumber],
  );
  await db().query(
    `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, paid_at)
     VALUES ($1, 18990, '', 'boleta', 'webpay-plus', $2, 'AP' || $1, 'S' || $1, now() - make_interval(hours => $3))`,
    [serviceNumber, status, hoursAgo],
  );
}

describe('POST /api/admin/accounts/import', () => {
  it('imports the good lines, reports every rejected line with its number and reason, logs the counts and deletes the upload', async () => {
    const { id } = await upload(
      `${HEADER}400001;25400;Los Coigües 12, Coyhaique;2026-12-10;https://boletas.example.com/400001.pdf
400002;0;Prat 450, Puerto Aysén;;
40000X;100;Sin número;;
400003;1.000;Con puntos;;
400001;5;Repetida;;
`,
    );
    const exportedAt = chileHoursAgo(2);
    const { status, body } = await importUpload(id, exportedAt);
    expect(status).toBe(200);
    expect(AccountsImportReportSchema.parse(body.data.report)).toEqual({
      exportedAt,
      imported: 2,
      kept: [],
      keptTotal: 0,
      rejected: [
        { line: 4, reason: 'service_number debe tener de 1 a 12 dígitos' },
        { line: 5, reason: 'balance debe ser un número entero de pesos, sin puntos ni signo' },
        { line: 6, reason: 'service_number 400001 repetido (ya está en la línea 2)' },
      ],
      rejectedTotal: 3,
    });
    expect(
      await db().query(
        `SELECT service_number, balance, install_address, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, doc_url FROM accounts WHERE service_number LIKE '40000%' ORDER BY 1`,
      ),
    ).toEqual([
      {
        service_number: '400001',
        balance: 25400,
        install_address: 'Los Coigües 12, Coyhaique',
        expiration_date: '2026-12-10',
        doc_url: 'https://boletas.example.com/400001.pdf',
      },
      {
        service_number: '400002',
        balance: 0,
        install_address: 'Prat 450, Puerto Aysén',
        expiration_date: null,
        doc_url: null,
      },
    ]);
    expect((await auditRows(db())).at(-1)).toEqual({
      admin_email: 'ana@example.com',
      action: 'import',
      entity: 'accounts',
      entity_id: exportedAt,
      summary: `Exportación del ${exportedAt.slice(8, 10)}-${exportedAt.slice(5, 7)}-${exportedAt.slice(0, 4)} ${exportedAt.slice(11, 16)}. Importadas: 2; con el saldo conservado (pagadas en línea después de la exportación): 0; líneas rechazadas: 3`,
    });
    // The export's data lives on in the accounts table only; the upload cannot be imported twice.
    expect(await db().query('SELECT id FROM uploads WHERE id = $1', [id])).toEqual([]);
    expect(await importUpload(id)).toMatchObject({
      status: 400,
      body: { errors: { file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.' } },
    });
  });

  it('never restores a debt paid online after the export; one paid before the export is the export’s again', async () => {
    await paidOnline('410001', 1); // after the export (3 hours ago): the export still shows the debt
    await paidOnline('410002', 5); // before the export: the export is newer than the payment
    await paidOnline('410003', 1, 'rejected'); // a failed payment after the export changes nothing
    const exportedAt = chileHoursAgo(3);
    const { status, body } = await importCsv(
      `${HEADER}410001;18990;Calle 1;2026-12-10;\n410002;7000;Calle 1;2026-12-10;\n410003;18990;Calle 1;;\n`,
      exportedAt,
    );
    expect(status).toBe(200);
    expect(body.data.report).toMatchObject({
      imported: 3,
      keptTotal: 1,
      kept: [{ service_number: '410001', exported_balance: 18990, balance: 0, paid_at: expect.stringMatching(/Z$/) }],
    });
    const [bill] = await db().query<{ paid_at: string }>(
      `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at FROM bills WHERE service_number = '410001'`,
    );
    expect(body.data.report.kept[0].paid_at).toBe(bill?.paid_at);
    expect(await balances('410001', '410002', '410003')).toEqual({ '410001': 0, '410002': 7000, '410003': 18990 });
    // The rest of a kept account's line is the export's.
    expect(
      await db().query(
        `SELECT to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date FROM accounts WHERE service_number = '410001'`,
      ),
    ).toEqual([{ expiration_date: '2026-12-10' }]);
    expect((await auditRows(db())).at(-1)?.summary).toMatch(
      /Importadas: 3; con el saldo conservado \(pagadas en línea después de la exportación\): 1; líneas rechazadas: 0$/,
    );
  });

  it('changes nothing and logs nothing when every line is rejected', async () => {
    const before = (await auditRows(db())).length;
    const { status, body } = await importCsv(`${HEADER}X;1;Calle;;\n`);
    expect(status).toBe(200);
    expect(body.data.report).toMatchObject({
      imported: 0,
      rejected: [{ line: 2, reason: 'service_number debe tener de 1 a 12 dígitos' }],
      rejectedTotal: 1,
    });
    expect(await auditRows(db())).toHaveLength(before);
  });

  it('lists at most 1,000 rejected lines and counts them all', async () => {
    const { body } = await importCsv(`${HEADER}${'X;1;Calle;;\n'.repeat(1_200)}420001;1;Calle;;\n`);
    expect(body.data.report).toMatchObject({ imported: 1, rejectedTotal: 1_200 });
    expect(body.data.report.rejected).toHaveLength(1_000);
    expect(body.data.report.rejected.at(-1)).toEqual({
      line: 1_001,
      reason: 'service_number debe tener de 1 a 12 dígitos',
    });
  });

  it('imports an export larger than one request can carry, sent in chunks', async () => {
    const lines = Array.from(
      { length: 40_000 },
      (_, n) =>
        `${500_000 + n};${n};Pasaje Los Coigües ${n}, Villa Los Ñires, Coyhaique;2026-12-10;https://boletas.example.com/${500_000 + n}.pdf\n`,
    );
    const text = HEADER + lines.join('');
    expect(Buffer.byteLength(text)).toBeGreaterThan(CHUNK_SIZE);
    const { status, body } = await importCsv(text);
    expect(status).toBe(200);
    expect(body.data.report).toMatchObject({ imported: 40_000, rejectedTotal: 0 });
    expect(await balances('539999')).toEqual({ '539999': 39_999 });
  });

  describe.each([
    [
      'a file that is not UTF-8',
      () =>
        upload(new Uint8Array([...new TextEncoder().encode(HEADER), 0x31, 0x3b, 0x31, 0x3b, 0xf1, 0x3b, 0x3b, 0x0a])),
      'El archivo no está en UTF-8. Expórtelo como «CSV UTF-8» e intente nuevamente.',
    ],
    [
      'a file without the columns',
      () => upload('numero;saldo\n1;2\n'),
      'A la primera línea del archivo le faltan las columnas service_number, balance, install_address, expiration_date, doc_url.',
    ],
    [
      'a malformed CSV',
      () => upload(`${HEADER}1;2;"Calle;;\n`),
      'El archivo no es un CSV válido: la lectura se detuvo en la línea 2. Revise las comillas de esa línea y de las anteriores.',
    ],
    [
      'a file with only its header',
      () => upload(HEADER),
      'El archivo no tiene cuentas: está vacío o solo tiene la línea de títulos.',
    ],
  ])('%s', (_case, send, message) => {
    it('answers 400 with the reason on the file field, imports nothing and deletes the upload', async () => {
      await expectRefusedWhole(db(), (await send()).id, importUpload, message);
    });
  });

  it.each([
    ['a spreadsheet', 'cuentas.xlsx', 10, 'Seleccione el archivo CSV (.csv) que exporta el sistema de facturación.'],
    ['a file over 5 MB', 'cuentas.csv', 5_000_001, 'El tamaño máximo del archivo de cuentas es de 5 MB.'],
    ['an empty file', 'cuentas.csv', 0, 'Revise los datos del formulario.'],
  ])('refuses to start an upload of %s', async (_case, fileName, size, message) => {
    expect(await startRefusal('accounts', fileName, size, token())).toBe(message);
  });

  it('refuses a file named .csv whose bytes are another format', async () => {
    expect((await upload(pdfBytes(2_000), 'cuentas.csv')).completed).toMatchObject(NOT_A_CSV);
  });

  it('accepts only an upload of its own purpose', async () => {
    const started = await read(
      await callFunction(uploads, 'POST', '/api/uploads', {
        token: token(),
        body: { purpose: 'publication', fileName: 'cuentas.csv', size: HEADER.length },
      }),
    );
    const id = started.body.data.uploadId as string;
    await callFunction(uploads, 'PUT', `/api/uploads/${id}/chunks/0`, { body: new Blob([HEADER]) });
    await callFunction(uploads, 'POST', `/api/uploads/${id}/complete`);
    expect((await importUpload(id)).body.errors).toEqual({
      file: 'El archivo adjunto no está disponible. Por favor adjúntelo nuevamente.',
    });
    expect(await db().query('SELECT status FROM uploads WHERE id = $1', [id])).toEqual([{ status: 'complete' }]);
    expect((await importUpload('no-es-un-id')).status).toBe(400);
  });

  it.each([
    ['no export time', { exportedAt: undefined }, 'Ingrese la fecha y hora de la exportación.'],
    ['an empty export time', { exportedAt: '' }, 'Ingrese la fecha y hora de la exportación.'],
    ['a date in another format', { exportedAt: '22-11-2026 10:30' }, 'Ingrese una fecha y hora válidas.'],
    ['a time with its zone', { exportedAt: '2026-11-22T10:30:00Z' }, 'Ingrese una fecha y hora válidas.'],
    [
      'a time in the future',
      { exportedAt: chileHoursAgo(-2) },
      'La fecha y hora de la exportación no puede ser posterior a este momento.',
    ],
  ])('answers 400 to %s', async (_case, fields, message) => {
    const { id } = await upload(`${HEADER}430001;1;Calle;;\n`);
    const { status, body } = await read(
      await callFunction(adminAccounts, 'POST', '/api/admin/accounts/import', {
        token: token(),
        body: { uploadId: id, ...fields },
      }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual({ exportedAt: message });
    expect(await balances('430001')).toEqual({});
  });

  it('answers 400 to a body that is not JSON and 405 to another method', async () => {
    expect(
      (await callFunction(adminAccounts, 'POST', '/api/admin/accounts/import', { token: token(), body: 'no es json' }))
        .status,
    ).toBe(400);
    const other = await callFunction(adminAccounts, 'GET', '/api/admin/accounts/import', { token: token() });
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('POST');
  });
});

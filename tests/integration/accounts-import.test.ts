import { describe, expect, it } from 'vitest';
import { accountsImportStatement, importAccounts, parseAccountsCsv } from '../../src/server/accounts-import.ts';
import { decodeCsvFile } from '../../src/server/imports/csv-import.ts';
import { Invalid } from '../../src/server/errors.ts';
import { MAX_ACCOUNT_LINES } from '../../src/shared/accounts/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

const environment = useLocalEnvironment();
// The towns of outage_towns a locality may name (only an export with that column is checked against them).
const towns = new Set(['coyhaique', 'puerto-aysen']);

const csv = `\uFEFFservice_number;balance;install_address;expiration_date;doc_url
200001;25400;Los Coigües 12, Coyhaique;2026-12-10;https://boletas.example.com/200001.pdf
200002;0;Prat 450, Puerto Aysén;;
ABC;100;Sin número;2026-12-10;
200003;-5;Balance negativo;;
200004;1000;;2026-12-10;
200005;1000;Fecha mala;10/12/2026;
200001;1;Repetida;;
200006;1000;Fecha imposible;2026-02-30;
200007;1000;Enlace peligroso;;javascript:alert(1)
200010;1000;Villa "Los Ñires" 5;;
200008;99999999999;Saldo enorme;;
200009;1000
200011;1000;Otro sitio;;//boletas.example.net/200011.pdf
`;

describe('the billing CSV export', () => {
  it('keeps valid rows and reports each rejected line with its reason', () => {
    const { rows, rejected } = parseAccountsCsv(csv, towns);
    expect(rows).toEqual([
      {
        service_number: '200001',
        balance: 25400,
        install_address: 'Los Coigües 12, Coyhaique',
        expiration_date: '2026-12-10',
        doc_url: 'https://boletas.example.com/200001.pdf',
      },
      {
        service_number: '200002',
        balance: 0,
        install_address: 'Prat 450, Puerto Aysén',
        expiration_date: null,
        doc_url: null,
      },
      // A quote inside an unquoted cell is text.
      {
        service_number: '200010',
        balance: 1000,
        install_address: 'Villa "Los Ñires" 5',
        expiration_date: null,
        doc_url: null,
      },
    ]);
    expect(rejected).toEqual([
      { line: 4, reason: 'service_number debe tener de 1 a 12 dígitos' },
      { line: 5, reason: 'balance debe ser un número entero de pesos, sin puntos ni signo' },
      { line: 6, reason: 'install_address está vacía' },
      { line: 7, reason: 'expiration_date debe ser una fecha válida AAAA-MM-DD' },
      { line: 8, reason: 'service_number 200001 repetido (ya está en la línea 2)' },
      { line: 9, reason: 'expiration_date debe ser una fecha válida AAAA-MM-DD' },
      { line: 10, reason: 'doc_url debe ser una dirección http(s):// o una ruta que empiece con /' },
      { line: 12, reason: 'balance es demasiado grande' },
      { line: 13, reason: 'falta install_address; falta expiration_date; falta doc_url' },
      { line: 14, reason: 'doc_url debe ser una dirección http(s):// o una ruta que empiece con /' },
    ]);
  });

  it('reads comma-separated files and column names in any case and order', () => {
    expect(
      parseAccountsCsv(
        'Balance,SERVICE_NUMBER,install_address,doc_url,expiration_date\n2,1,Calle 3,/boletas/1.pdf,\n',
        towns,
      ).rows,
    ).toEqual([
      { service_number: '1', balance: 2, install_address: 'Calle 3', expiration_date: null, doc_url: '/boletas/1.pdf' },
    ]);
  });

  it.each([
    [
      'a file without the columns',
      'numero;saldo;direccion\n1;2;Calle\n',
      'A la primera línea del archivo le faltan las columnas service_number, balance, install_address, expiration_date, doc_url.',
    ],
    [
      'a file missing one column',
      'service_number;balance;install_address;expiration_date\n1;2;Calle;\n',
      'A la primera línea del archivo le falta la columna doc_url.',
    ],
    [
      'a quote never closed',
      'service_number;balance;install_address;expiration_date;doc_url\n1;2;"Calle;;\n3;4;Otra;;\n',
      'El archivo no es un CSV válido: la lectura se detuvo en la línea 3. Revise las comillas de esa línea y de las anteriores.',
    ],
    [
      'only the header',
      'service_number;balance;install_address;expiration_date;doc_url\n',
      'El archivo no tiene cuentas: está vacío o solo tiene la línea de títulos.',
    ],
    ['an empty file', '', 'El archivo no tiene cuentas: está vacío o solo tiene la línea de títulos.'],
    [
      'more lines than one import takes',
      `service_number;balance;install_address;expiration_date;doc_url\n${'1;0;a;;\n'.repeat(MAX_ACCOUNT_LINES + 1)}`,
      'El archivo tiene más de 60.000 líneas de cuentas: divídalo en partes e impórtelas con la misma fecha de exportación.',
    ],
  ])('refuses %s as a whole', (_case, text, message) => {
    expect(() => parseAccountsCsv(text, towns)).toThrow(new Invalid(message, 'file'));
  });

  it.each([
    [
      'Latin-1 bytes',
      new Uint8Array([0x50, 0x72, 0x61, 0x74, 0x20, 0xf1]),
      'El archivo no está en UTF-8. Expórtelo como «CSV UTF-8» e intente nuevamente.',
    ],
    [
      'binary bytes',
      new Uint8Array([0x50, 0x4b, 0x00, 0x01]),
      'El archivo no es un CSV de texto. Expórtelo como CSV e intente nuevamente.',
    ],
  ])('refuses %s', (_case, bytes, message) => {
    expect(() => decodeCsvFile(bytes)).toThrow(new Invalid(message, 'file'));
  });

  it('stays within the 10 MiB a Neon HTTP request takes, at the largest file and the most lines', () => {
    // The parameters as the drivers send them (pg's arrayString, which Neon's driver bundles): each
    // array a Postgres literal with every element quoted and escaped, in a JSON body.
    const literal = (values: unknown[]) =>
      `{${values.map((value) => (value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
    const encodedSize = (text: string) => {
      const { rows } = parseAccountsCsv(text, towns);
      const statement = accountsImportStatement(rows, {
        exportedAt: '2026-03-02T08:00',
        actor: { id: null, email: 'npm run accounts:import' },
        rejectedLines: 0,
      });
      const params = statement.params!.map((param) => (Array.isArray(param) ? literal(param) : param));
      return Buffer.byteLength(JSON.stringify({ query: statement.text, params }));
    };
    const header =
      'service_number;balance;install_address;expiration_date;doc_url;locality;previous_bill_amount;previous_bill_days;holder_rut;contact_email;contact_phone\n';
    const shortest = (n: number) => `${n};0;a;;;;;;;;\n`;
    const realistic = (n: number) =>
      `${100000 + n};25400;"Pasaje Los Coigües ${n}, Villa ""Los Ñires"", Coyhaique";2026-12-10;https://boletas.example.com/2026/12/${100000 + n}.pdf;coyhaique;25400;31;12.345.678-5;titular${n}@example.com;9 1234 5678\n`;
    const fill = (line: (n: number) => string, maxBytes: number) => {
      const lines = [header];
      let size = Buffer.byteLength(header);
      for (let n = 1; n <= MAX_ACCOUNT_LINES && size + Buffer.byteLength(line(n)) <= maxBytes; n++) {
        lines.push(line(n));
        size += Buffer.byteLength(line(n));
      }
      return lines.join('');
    };
    expect(encodedSize(fill(shortest, 5_000_000))).toBeLessThan(9 * 1024 * 1024);
    expect(encodedSize(fill(realistic, 5_000_000))).toBeLessThan(9 * 1024 * 1024);
  });
});

describe('importAccounts', () => {
  const actor = { id: null, email: 'npm run accounts:import' };

  it('upserts the accounts and logs the import with its counts', async () => {
    const { db } = environment.database;
    const { rows, rejected } = parseAccountsCsv(csv, towns);
    expect(
      await importAccounts(db, rows, { exportedAt: '2026-11-20T08:00', actor, rejectedLines: rejected.length }),
    ).toEqual([]);
    await importAccounts(
      db,
      [
        {
          service_number: '200001',
          balance: 0,
          install_address: 'Los Coigües 12, Coyhaique',
          expiration_date: null,
          doc_url: null,
        },
      ],
      { exportedAt: '2026-11-21T08:30:15', actor, rejectedLines: 0 },
    );
    expect(
      await db.query('SELECT service_number, balance, expiration_date FROM accounts ORDER BY service_number'),
    ).toEqual([
      { service_number: '200001', balance: 0, expiration_date: null },
      { service_number: '200002', balance: 0, expiration_date: null },
      { service_number: '200010', balance: 1000, expiration_date: null },
    ]);
    expect(
      await db.query('SELECT admin_id, admin_email, action, entity, entity_id, summary FROM audit_log ORDER BY id'),
    ).toEqual([
      {
        admin_id: null,
        admin_email: 'npm run accounts:import',
        action: 'import',
        entity: 'accounts',
        entity_id: '2026-11-20T08:00',
        summary:
          'Exportación del 20-11-2026 08:00. Importadas: 3; con el saldo conservado (pagadas en línea después de la exportación): 0; líneas rechazadas: 10',
      },
      expect.objectContaining({
        entity_id: '2026-11-21T08:30:15',
        summary:
          'Exportación del 21-11-2026 08:30. Importadas: 1; con el saldo conservado (pagadas en línea después de la exportación): 0; líneas rechazadas: 0',
      }),
    ]);
  });

  it("reads the export's time on Aysén's clock: in July a payment at 08:30 came before an export at 09:00", async () => {
    const { db } = environment.database;
    const account = (service_number: string) => ({
      service_number,
      balance: 5000,
      install_address: 'Baquedano 100, Coyhaique',
      expiration_date: null,
      doc_url: null,
    });
    await importAccounts(db, [account('300001'), account('300002')], {
      exportedAt: '2027-07-15T08:00',
      actor,
      rejectedLines: 0,
    });
    // 11:30 UTC is 08:30 in Aysén, before the export; 12:30 UTC is 09:30, after it. On
    // America/Santiago's July clock (UTC−4) both would be before 09:00.
    for (const [service, paidAt, order] of [
      ['300001', '2027-07-15T11:30:00Z', 'tz-before'],
      ['300002', '2027-07-15T12:30:00Z', 'tz-after'],
    ]) {
      await db.query(
        `INSERT INTO bills (service_number, amount, email, billing_type, payment_method, status, buy_order, session_id, paid_at)
         VALUES ($1, 5000, 'cliente@example.com', 'boleta', 'webpay', 'paid', $2, $2, $3)`,
        [service, order, paidAt],
      );
    }
    const kept = await importAccounts(db, [account('300001'), account('300002')], {
      exportedAt: '2027-07-15T09:00',
      actor,
      rejectedLines: 0,
    });
    expect(kept.map(({ service_number, paid_at }) => ({ service_number, paid_at }))).toEqual([
      { service_number: '300002', paid_at: '2027-07-15T12:30:00Z' },
    ]);
  });
});

describe("the previous bill's optional columns (¿Me afecta?'s estimate)", () => {
  const header =
    'service_number;balance;install_address;expiration_date;doc_url;previous_bill_amount;previous_bill_days';

  it('takes both or neither on a line, and reports each line that breaks that or their ranges', () => {
    const { rows, rejected } = parseAccountsCsv(
      `${header}
400001;100;Baquedano 1;;;18990;31
400002;100;Baquedano 2;;;;
400003;100;Baquedano 3;;;18990;
400004;100;Baquedano 4;;;;30
400005;100;Baquedano 5;;;18.990;30
400006;100;Baquedano 6;;;18990;0
400007;100;Baquedano 7;;;18990;367
400008;100;Baquedano 8;;;99999999999;30
400009;100;Baquedano 9;;;0;366
`,
      towns,
    );
    expect(
      rows.map(({ service_number, previous_bill_amount, previous_bill_days }) => [
        service_number,
        previous_bill_amount,
        previous_bill_days,
      ]),
    ).toEqual([
      ['400001', 18990, 31],
      ['400002', null, null],
      ['400009', 0, 366],
    ]);
    expect(rejected).toEqual([
      {
        line: 4,
        reason: 'falta previous_bill_days: previous_bill_amount y previous_bill_days se indican juntas o ninguna',
      },
      {
        line: 5,
        reason: 'falta previous_bill_amount: previous_bill_amount y previous_bill_days se indican juntas o ninguna',
      },
      { line: 6, reason: 'previous_bill_amount debe ser un número entero de pesos, sin puntos ni signo' },
      { line: 7, reason: 'previous_bill_days debe ser un número entero de días entre 1 y 366' },
      { line: 8, reason: 'previous_bill_days debe ser un número entero de días entre 1 y 366' },
      { line: 9, reason: 'previous_bill_amount debe ser un número entero de pesos, sin puntos ni signo' },
    ]);
  });

  it('a file with only one of the two columns has each line that fills it left out', () => {
    const { rows, rejected } = parseAccountsCsv(
      'service_number;balance;install_address;expiration_date;doc_url;previous_bill_amount\n1;0;a;;;500\n2;0;b;;;\n',
      towns,
    );
    expect(rows.map((row) => row.service_number)).toEqual(['2']);
    expect(rejected).toEqual([
      {
        line: 2,
        reason: 'falta previous_bill_days: previous_bill_amount y previous_bill_days se indican juntas o ninguna',
      },
    ]);
  });

  it('stores them; an empty pair or a file without the columns keeps what is stored', async () => {
    const { db } = environment.database;
    const actor = { id: null, email: 'npm run accounts:import' };
    const stored = () =>
      db.query(
        `SELECT service_number, previous_bill_amount, previous_bill_days FROM accounts
         WHERE service_number LIKE '41000%' ORDER BY service_number`,
      );
    const firstStored = [
      { service_number: '410001', previous_bill_amount: 18990, previous_bill_days: 31 },
      { service_number: '410002', previous_bill_amount: null, previous_bill_days: null },
    ];
    const first = parseAccountsCsv(`${header}\n410001;0;Prat 1;;;18990;31\n410002;0;Prat 2;;;;\n`, towns);
    await importAccounts(db, first.rows, { exportedAt: '2026-11-20T08:00', actor, rejectedLines: 0 });
    expect(await stored()).toEqual(firstStored);

    const emptyPair = parseAccountsCsv(`${header}\n410001;0;Prat 1;;;;\n`, towns);
    await importAccounts(db, emptyPair.rows, { exportedAt: '2026-11-21T08:00', actor, rejectedLines: 0 });
    const withoutColumns = parseAccountsCsv(
      'service_number;balance;install_address;expiration_date;doc_url\n410001;0;Prat 1;;\n',
      towns,
    );
    await importAccounts(db, withoutColumns.rows, { exportedAt: '2026-11-22T08:00', actor, rejectedLines: 0 });
    expect(await stored()).toEqual(firstStored);

    const changed = parseAccountsCsv(`${header}\n410001;0;Prat 1;;;20000;30\n410002;0;Prat 2;;;9000;29\n`, towns);
    await importAccounts(db, changed.rows, { exportedAt: '2026-11-23T08:00', actor, rejectedLines: 0 });
    expect(await stored()).toEqual([
      { service_number: '410001', previous_bill_amount: 20000, previous_bill_days: 30 },
      { service_number: '410002', previous_bill_amount: 9000, previous_bill_days: 29 },
    ]);
  });
});

describe("the holder's optional columns (Mi consumo)", () => {
  const header =
    'service_number;balance;install_address;expiration_date;doc_url;holder_rut;contact_email;contact_phone';
  const actor = { id: null, email: 'npm run accounts:import' };

  it('normalises the RUT and the phone, and leaves out each bad value with its reason', () => {
    const { rows, rejected } = parseAccountsCsv(
      `${header}
450001;0;Prat 1;;;12.345.678-5;titular@example.com;9 1234 5678
450002;0;Prat 2;;;1.000.005-k;;+56 67 221 3456
450003;0;Prat 3;;;;;56912345678
450004;0;Prat 4;;;12.345.678-9;;
450005;0;Prat 5;;;12.3456.78-5;;
450006;0;Prat 6;;;;no-es-un-correo;
450007;0;Prat 7;;;;;1234
450008;0;Prat 8;;;;;+56 9 1234 5678 anexo 2
450009;0;Prat 9;;;;${'a'.repeat(250)}@example.com;
`,
      towns,
    );
    expect(
      rows.map(({ service_number, holder_rut, contact_email, contact_phone }) => [
        service_number,
        holder_rut,
        contact_email,
        contact_phone,
      ]),
    ).toEqual([
      ['450001', '12345678-5', 'titular@example.com', '+56912345678'],
      ['450002', '1000005-K', null, '+56672213456'],
      ['450003', null, null, '+56912345678'],
    ]);
    expect(rejected).toEqual([
      { line: 5, reason: 'holder_rut 12.345.678-9: el dígito verificador de 12345678 es 5' },
      { line: 6, reason: 'holder_rut debe ser un RUT con su dígito verificador, como 12.345.678-5' },
      { line: 7, reason: 'contact_email debe ser una dirección de correo válida' },
      {
        line: 8,
        reason:
          'contact_phone debe ser un teléfono de 9 dígitos (9 1234 5678) o con el código de país (+56 9 1234 5678)',
      },
      {
        line: 9,
        reason:
          'contact_phone debe ser un teléfono de 9 dígitos (9 1234 5678) o con el código de país (+56 9 1234 5678)',
      },
      { line: 10, reason: 'contact_email tiene más de 254 caracteres' },
    ]);
  });

  it('stores them as the CHECK of the migration wants; absent or empty, the stored value is kept', async () => {
    const { db } = environment.database;
    const stored = () =>
      db.query(`SELECT holder_rut, contact_email, contact_phone FROM accounts WHERE service_number = '460001'`);
    const first = parseAccountsCsv(`${header}\n460001;0;Prat 1;;;1000005K;titular@example.com;912345678\n`, towns);
    await importAccounts(db, first.rows, { exportedAt: '2026-11-20T08:00', actor, rejectedLines: 0 });
    const kept = [{ holder_rut: '1000005-K', contact_email: 'titular@example.com', contact_phone: '+56912345678' }];
    expect(await stored()).toEqual(kept);
    const empty = parseAccountsCsv(`${header}\n460001;0;Prat 1;;;;;\n`, towns);
    await importAccounts(db, empty.rows, { exportedAt: '2026-11-21T08:00', actor, rejectedLines: 0 });
    const absent = parseAccountsCsv(
      'service_number;balance;install_address;expiration_date;doc_url\n460001;0;Prat 1;;\n',
      towns,
    );
    await importAccounts(db, absent.rows, { exportedAt: '2026-11-22T08:00', actor, rejectedLines: 0 });
    expect(await stored()).toEqual(kept);
  });
});

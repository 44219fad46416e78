import { describe, expect, it } from 'vitest';
import {
  importReadings,
  parseReadingsCsv,
  readingAccounts,
  readingsStatements,
} from '../../src/server/consumption/readings-import.ts';
import { Invalid } from '../../src/server/errors.ts';
import { MAX_READING_LINES } from '../../src/shared/consumption/readings-import.ts';
import { checkFile } from '../../src/shared/uploads/schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

const environment = useLocalEnvironment();
const accounts = new Set(['100001', '100002']);
const actor = { id: null, email: 'npm run readings:import' };

const HEADER =
  'service_number;period;read_from;read_to;reading_from;reading_to;consumption_m3;reading_type;overconsumption_m3;fixed_charge;water_charge;sewer_charge;treatment_charge;overconsumption_charge;subsidy_amount;agreement_instalment;other_charges;compensation;total;due_date;doc_url';

/** A valid line of 100001 for `period`, with `cells` replacing some of its columns. */
const line = (period: string, cells: Record<string, string> = {}) => {
  const values: Record<string, string> = {
    service_number: '100001',
    period,
    read_from: '2026-10-01',
    read_to: '2026-10-28',
    reading_from: '1200',
    reading_to: '1218',
    consumption_m3: '18',
    reading_type: 'real',
    overconsumption_m3: '0',
    fixed_charge: '1500',
    water_charge: '9000',
    sewer_charge: '6000',
    treatment_charge: '3000',
    overconsumption_charge: '0',
    subsidy_amount: '2000',
    agreement_instalment: '0',
    other_charges: '0',
    compensation: '500',
    total: '17000',
    due_date: '2026-11-10',
    doc_url: `https://boletas.example.com/${period}/100001.pdf`,
    ...cells,
  };
  return HEADER.split(';')
    .map((column) => values[column])
    .join(';');
};
const file = (...lines: string[]) => `${HEADER}\n${lines.join('\n')}\n`;

describe('the readings export', () => {
  it('reads a valid line as the period stored', () => {
    expect(parseReadingsCsv(file(line('2026-10')), accounts)).toEqual({
      rows: [
        {
          service_number: '100001',
          period: '2026-10',
          read_from: '2026-10-01',
          read_to: '2026-10-28',
          reading_from: 1200,
          reading_to: 1218,
          consumption_m3: 18,
          reading_type: 'real',
          overconsumption_m3: 0,
          fixed_charge: 1500,
          water_charge: 9000,
          sewer_charge: 6000,
          treatment_charge: 3000,
          overconsumption_charge: 0,
          subsidy_amount: 2000,
          agreement_instalment: 0,
          other_charges: 0,
          compensation: 500,
          total: 17000,
          due_date: '2026-11-10',
          doc_url: 'https://boletas.example.com/2026-10/100001.pdf',
        },
      ],
      rejected: [],
    });
  });

  it('takes a file without doc_url, an empty doc_url, a comma-separated file and reading types in any case', () => {
    const commas = `${HEADER.replaceAll(';', ',').replace(',doc_url', '')}\n${line('2026-09', {
      reading_type: 'Estimada',
    })
      .replaceAll(';', ',')
      .replace(/,[^,]*$/, '')}\n`;
    expect(parseReadingsCsv(commas, accounts).rows).toEqual([
      expect.objectContaining({ period: '2026-09', reading_type: 'estimada' }),
    ]);
    expect(parseReadingsCsv(commas, accounts).rows[0]?.doc_url).toBeUndefined();
    expect(parseReadingsCsv(file(line('2026-09', { doc_url: '' })), accounts).rows[0]?.doc_url).toBeNull();
  });

  // Each bad value of each column, with the reason its line is left out.
  const badValues: [string, Record<string, string>, string][] = [
    ['service_number', { service_number: '10000A' }, 'service_number debe tener de 1 a 12 dígitos'],
    ['period', { period: '2026-13' }, 'period debe ser un mes AAAA-MM entre los años 2000 y 2100'],
    ['period', { period: '1999-12' }, 'period debe ser un mes AAAA-MM entre los años 2000 y 2100'],
    [
      'read_from',
      { read_from: '01-10-2026' },
      'read_from debe ser una fecha válida AAAA-MM-DD entre los años 2000 y 2100',
    ],
    ['read_to', { read_to: '2026-02-30' }, 'read_to debe ser una fecha válida AAAA-MM-DD entre los años 2000 y 2100'],
    ['reading_from', { reading_from: '-1' }, 'reading_from debe ser un número entero de m³, sin puntos ni signo'],
    ['reading_to', { reading_to: '1.218' }, 'reading_to debe ser un número entero de m³, sin puntos ni signo'],
    ['reading_to', { reading_to: '2147483648' }, 'reading_to es demasiado grande'],
    [
      'consumption_m3',
      { consumption_m3: '18,5' },
      'consumption_m3 debe ser un número entero de m³, sin puntos ni signo',
    ],
    ['reading_type', { reading_type: 'estimado' }, 'reading_type debe ser real, estimada o cliente'],
    [
      'overconsumption_m3',
      { overconsumption_m3: '' },
      'overconsumption_m3 debe ser un número entero de m³, sin puntos ni signo',
    ],
    ['fixed_charge', { fixed_charge: '$1500' }, 'fixed_charge debe ser un número entero de pesos, sin puntos ni signo'],
    ['water_charge', { water_charge: '9.000' }, 'water_charge debe ser un número entero de pesos, sin puntos ni signo'],
    ['sewer_charge', { sewer_charge: '-6000' }, 'sewer_charge debe ser un número entero de pesos, sin puntos ni signo'],
    [
      'treatment_charge',
      { treatment_charge: 'x' },
      'treatment_charge debe ser un número entero de pesos, sin puntos ni signo',
    ],
    ['overconsumption_charge', { overconsumption_charge: '99999999999' }, 'overconsumption_charge es demasiado grande'],
    [
      'subsidy_amount',
      { subsidy_amount: '-2000' },
      'subsidy_amount debe ser un número entero de pesos, sin puntos ni signo',
    ],
    [
      'agreement_instalment',
      { agreement_instalment: '1e3' },
      'agreement_instalment debe ser un número entero de pesos, sin puntos ni signo',
    ],
    ['other_charges', { other_charges: ' ' }, 'other_charges debe ser un número entero de pesos, sin puntos ni signo'],
    ['compensation', { compensation: '500.0' }, 'compensation debe ser un número entero de pesos, sin puntos ni signo'],
    ['total', { total: '17.000' }, 'total debe ser un número entero de pesos, sin puntos'],
    ['total', { total: '-99999999999' }, 'total es demasiado grande'],
    [
      'due_date',
      { due_date: '2101-01-10' },
      'due_date debe ser una fecha válida AAAA-MM-DD entre los años 2000 y 2100',
    ],
    [
      'doc_url',
      { doc_url: 'javascript:alert(1)' },
      'doc_url debe ser una dirección http(s):// o una ruta que empiece con /',
    ],
    [
      'doc_url',
      { doc_url: '/boletas/mi boleta.pdf' },
      'doc_url no puede tener espacios, comillas ni barras invertidas',
    ],
  ];
  it.each(badValues)('leaves out a line with a bad %s: %j', (_column, cells, reason) => {
    expect(parseReadingsCsv(file(line('2026-10', cells), line('2026-11')), accounts)).toMatchObject({
      rows: [{ period: '2026-11' }],
      rejected: [{ line: 2, reason }],
    });
  });

  it.each([
    [
      'charges that do not add up to the total, saying the sum expected',
      { total: '18000' },
      'total 18000 no es la suma de los cargos: según ellos es 17000',
    ],
    [
      'read_to before read_from',
      { read_from: '2026-10-15', read_to: '2026-10-14' },
      'read_to 2026-10-14 es anterior a read_from 2026-10-15',
    ],
    [
      'overconsumption above the consumption',
      { overconsumption_m3: '19' },
      'overconsumption_m3 19 es mayor que consumption_m3 18',
    ],
    [
      'm³ that are not the readings’ difference',
      { reading_to: '1220' },
      'consumption_m3 18 no es la diferencia de las lecturas (1220 − 1200 = 20)',
    ],
    [
      'a service without an account',
      { service_number: '999999' },
      'service_number 999999 no tiene cuenta: impórtela primero con el archivo de cuentas',
    ],
    ['a missing cell', { due_date: undefined as unknown as string, doc_url: undefined as unknown as string }, ''],
  ])('leaves out %s', (_case, cells, reason) => {
    const text = file(line('2026-10', cells));
    const result = parseReadingsCsv(reason === '' ? text.replace(/;;\n$/, '\n') : text, accounts);
    expect(result.rows).toEqual([]);
    expect(result.rejected).toEqual([{ line: 2, reason: reason || 'falta due_date' }]);
  });

  it('takes a meter replaced or rolled over (reading_to below reading_from) with the m³ billed as they come', () => {
    const { rows, rejected } = parseReadingsCsv(
      file(line('2026-10', { reading_from: '99990', reading_to: '8', consumption_m3: '18' })),
      accounts,
    );
    expect(rejected).toEqual([]);
    expect(rows).toEqual([expect.objectContaining({ reading_from: 99990, reading_to: 8, consumption_m3: 18 })]);
  });

  it('takes a total below zero when a compensation exceeds the charges', () => {
    const { rows } = parseReadingsCsv(file(line('2026-10', { compensation: '20000', total: '-2500' })), accounts);
    expect(rows).toEqual([expect.objectContaining({ total: -2500 })]);
  });

  it('leaves out a service and period repeated in the file, naming the first line', () => {
    expect(
      parseReadingsCsv(file(line('2026-10'), line('2026-11'), line('2026-10', { doc_url: '' })), accounts).rejected,
    ).toEqual([{ line: 4, reason: 'service_number 100001 con period 2026-10 repetido (ya está en la línea 2)' }]);
  });

  it.each([
    [
      'a file missing a column',
      `${HEADER.replace(';total', '')}\n`,
      'A la primera línea del archivo le falta la columna total.',
    ],
    ['only the header', `${HEADER}\n`, 'El archivo no tiene lecturas: está vacío o solo tiene la línea de títulos.'],
    [
      'more lines than one import takes',
      `${HEADER}\n${`${line('2026-10')}\n`.repeat(MAX_READING_LINES + 1)}`,
      'El archivo tiene más de 60.000 líneas de lecturas: divídalo en partes e impórtelas una tras otra.',
    ],
  ])('refuses %s as a whole', (_case, text, message) => {
    expect(() => parseReadingsCsv(text, accounts)).toThrow(new Invalid(message, 'file'));
  });

  it('stays within the 10 MiB a Neon HTTP request takes: 60,000 lines, and the largest file the upload takes', () => {
    // The batch as Neon's driver sends it: one JSON body with each statement's text and parameters
    // (pg's arrayString quotes an array's every element; ours are already literals, sent as text).
    const encodedSize = (text: string) => {
      const { rows, rejected } = parseReadingsCsv(text, many);
      expect(rejected).toEqual([]);
      const queries = readingsStatements(rows, { actor: { id: null, email: 'ana@example.com' }, rejectedLines: 0 });
      return Buffer.byteLength(
        JSON.stringify({ queries: queries.map(({ text: query, params }) => ({ query, params })) }),
      );
    };
    const many = new Set(Array.from({ length: MAX_READING_LINES }, (_, n) => String(100_000 + n)));
    const realistic = (n: number) =>
      `${100_000 + n};2026-10;2026-09-15;2026-10-14;${123_456 + n};${123_474 + n};18;real;0;1590;9846;6120;3015;0;2350;0;0;1200;17021;2026-11-05;https://boletas.example.com/2026/10/${100_000 + n}.pdf\n`;
    const longest = (n: number) =>
      `${100_000 + n};2026-10;2026-09-15;2026-10-14;2147483647;2147483647;0;estimada;0;2147483647;0;0;0;0;2147483647;0;0;0;0;2026-11-05;https://boletas.example.com/${'a'.repeat(400)}/${n}.pdf\n`;
    const fill = (make: (n: number) => string, maxBytes: number) => {
      const lines = [`${HEADER}\n`];
      let size = Buffer.byteLength(lines[0]!);
      for (let n = 0; n < MAX_READING_LINES && size + Buffer.byteLength(make(n)) <= maxBytes; n++) {
        lines.push(make(n));
        size += Buffer.byteLength(make(n));
      }
      return { text: lines.join(''), lines: lines.length - 1 };
    };
    const limit = 10_000_000;
    expect(checkFile('readings', 'lecturas.csv', limit)).toBeUndefined();
    expect(checkFile('readings', 'lecturas.csv', limit + 1)).toBe(
      'El tamaño máximo del archivo de lecturas es de 10 MB.',
    );
    const sixtyThousand = fill(realistic, limit);
    expect(sixtyThousand.lines).toBe(MAX_READING_LINES);
    const sizes = [encodedSize(sixtyThousand.text), encodedSize(fill(longest, limit).text)];
    console.info(
      `readings import: ${Buffer.byteLength(sixtyThousand.text)} bytes of file; batch of ${sizes.join(' and ')} bytes`,
    );
    for (const size of sizes) expect(size).toBeLessThan(10 * 1024 * 1024 - 64 * 1024);
  });
});

describe('importReadings', () => {
  const account = async (serviceNumber: string) =>
    environment.database.db.query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ($1, 0, 'Prat 1') ON CONFLICT DO NOTHING`,
      [serviceNumber],
    );
  const stored = () =>
    environment.database.db.query<{ period: string; total: number; reading_type: string }>(
      `SELECT period, total, reading_type FROM consumption_periods WHERE service_number = '100001' ORDER BY period`,
    );
  const months = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const month = from + index;
      return `${2024 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
    });

  it('writes the periods with the audit row, replaces a period already kept and keeps the 24 latest', async () => {
    const { db } = environment.database;
    await account('100001');
    const known = await readingAccounts(db);
    expect(known.has('100001')).toBe(true);

    const first = parseReadingsCsv(file(...months(0, 20).map((period) => line(period))), known);
    const written = await importReadings(db, first.rows, { actor, rejectedLines: 0 });
    expect(written).toEqual({
      replaced: 0,
      removed: 0,
      written: months(0, 20).map((period) => ({ service_number: '100001', period })),
    });
    expect(await stored()).toHaveLength(20);

    // Eight more months (2025-09 … 2026-04) and 2025-08 again, now estimated with another total:
    // 29 periods, of which the five oldest (2024-01 … 2024-05) go.
    const second = parseReadingsCsv(
      file(
        ...months(20, 8).map((period) => line(period)),
        line('2025-08', { reading_type: 'estimada', compensation: '0', total: '17500' }),
        line('2024-01'),
      ),
      known,
    );
    const again = await importReadings(db, second.rows, { actor, rejectedLines: 3 });
    expect(again.replaced).toBe(2);
    expect(again.removed).toBe(4);
    // The file's own 2024-01 was written and then deleted as too old: not in `written`.
    expect(again.written).toEqual(
      [...months(20, 8), '2025-08'].map((period) => ({ service_number: '100001', period })),
    );
    const periods = await stored();
    expect(periods.map((period) => period.period)).toEqual(months(4, 24));
    expect(periods.find((period) => period.period === '2025-08')).toEqual({
      period: '2025-08',
      total: 17500,
      reading_type: 'estimada',
    });
    expect(
      await db.query(`SELECT admin_email, action, entity, entity_id, summary FROM audit_log ORDER BY id DESC LIMIT 1`),
    ).toEqual([
      {
        admin_email: 'npm run readings:import',
        action: 'import',
        entity: 'readings',
        entity_id: '2026-04',
        summary: 'Lecturas de los períodos 2024-01 a 2026-04. Importadas: 10 (reemplazadas: 2); líneas rechazadas: 3',
      },
    ]);
  });

  it('writes nothing and logs nothing without a valid line', async () => {
    const { db } = environment.database;
    const before = await db.query('SELECT count(*)::int AS n FROM audit_log');
    expect(await importReadings(db, [], { actor, rejectedLines: 2 })).toEqual({ replaced: 0, removed: 0, written: [] });
    expect(await db.query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
  });
});

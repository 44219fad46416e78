import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useLocalEnvironment } from '../helpers/database.ts';

const environment = useLocalEnvironment();
const script = path.resolve(import.meta.dirname, '../../scripts/import-readings.ts');

const HEADER =
  'service_number;period;read_from;read_to;reading_from;reading_to;consumption_m3;reading_type;overconsumption_m3;fixed_charge;water_charge;sewer_charge;treatment_charge;overconsumption_charge;subsidy_amount;agreement_instalment;other_charges;compensation;total;due_date\n';
const line = (period: string, total = '19500') =>
  `700001;${period};2026-10-01;2026-10-28;100;118;18;real;0;1500;9000;6000;3000;0;0;0;0;0;${total};2026-11-10\n`;

/** `npm run readings:import -- <file>` on the test database: its exit code and what it printed. */
async function run(text: string) {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'lecturas-')), 'lecturas.csv');
  await writeFile(file, text);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, file], {
      env: { ...process.env, SITE_URL: 'https://www.aguasaysen.cl' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run readings:import', () => {
  it('imports the file; exit code 2 and each line left out printed when any was, 0 when none, 1 for a refused file', async () => {
    await environment.database.db.query(
      `INSERT INTO accounts (service_number, balance, install_address) VALUES ('700001', 0, 'Prat 1')`,
    );
    const partly = await run(`${HEADER}${line('2026-09')}${line('2026-10', '1')}`);
    expect(partly).toMatchObject({
      code: 2,
      stderr: 'line 3 left out: total 1 no es la suma de los cargos: según ellos es 19500\n',
      stdout:
        'Imported 1 period(s), 0 of them replacing one kept; 0 older period(s) removed to keep 24 a service; 0 warned of high consumption (0 mailed); 1 line(s) left out.\n',
    });
    expect(await run(`${HEADER}${line('2026-09')}`)).toMatchObject({
      code: 0,
      stdout:
        'Imported 1 period(s), 1 of them replacing one kept; 0 older period(s) removed to keep 24 a service; 0 warned of high consumption (0 mailed); 0 line(s) left out.\n',
    });
    expect(await run('numero;periodo\n1;2\n')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('faltan las columnas'),
    });
    expect(
      await environment.database.db.query(`SELECT period FROM consumption_periods WHERE service_number = '700001'`),
    ).toEqual([{ period: '2026-09' }]);
  });
});

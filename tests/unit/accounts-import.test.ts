import { describe, expect, it } from 'vitest';
import { importAccounts, parseAccountsCsv } from '../../src/server/accounts-import.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

const environment = useLocalEnvironment();

const csv = `\uFEFFservice_number;balance;install_address;expiration_date;doc_url
200001;25400;Los Coigües 12, Coyhaique;2026-12-10;https://boletas.example.com/200001.pdf
200002;0;Prat 450, Puerto Aysén;;
ABC;100;Sin número;2026-12-10;
200003;-5;Balance negativo;;
200004;1000;;2026-12-10;
200005;1000;Fecha mala;10/12/2026;
200001;1;Repetida;;
`;

describe('the billing CSV import', () => {
  it('keeps valid rows and reports each rejected line with its reason', () => {
    const { rows, rejected } = parseAccountsCsv(csv);
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
    ]);
    expect(rejected).toEqual([
      { line: 4, reason: 'service_number must be 1 to 12 digits' },
      { line: 5, reason: 'balance must be a whole number of pesos' },
      { line: 6, reason: 'install_address is empty' },
      { line: 7, reason: 'expiration_date must be YYYY-MM-DD' },
      { line: 8, reason: 'service_number 200001 repeated' },
    ]);
  });

  it('reads comma-separated files too', () => {
    expect(
      parseAccountsCsv('service_number,balance,install_address,expiration_date,doc_url\n1,2,Calle 3,,\n').rows,
    ).toHaveLength(1);
  });

  it('upserts the accounts', async () => {
    await importAccounts(environment.database.db, parseAccountsCsv(csv).rows);
    await importAccounts(environment.database.db, [
      {
        service_number: '200001',
        balance: 0,
        install_address: 'Los Coigües 12, Coyhaique',
        expiration_date: null,
        doc_url: null,
      },
    ]);
    const rows = await environment.database.db.query(
      'SELECT service_number, balance FROM accounts ORDER BY service_number',
    );
    expect(rows).toEqual([
      { service_number: '200001', balance: 0 },
      { service_number: '200002', balance: 0 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import * as adminAccounts from '../../netlify/functions/admin-accounts.ts';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import * as adminPayments from '../../netlify/functions/admin-payments.ts';
import motorhome from '../../netlify/functions/motorhome.ts';
import { fieldMessages } from '../../src/shared/fields.ts';
import { OutageSupplyTimesSchema } from '../../src/shared/outages/admin/schema.ts';
import { accessRows, callFunction, read, useSignedInAdmin } from '../helpers/admin.ts';
import { invalidForm, postJson, testContext } from '../helpers/functions.ts';

/**
 * "Bad input is 4xx" (docs/security.md): a number a shared schema takes fits the integer column it
 * goes to, and a date or an instant lies between the years 2000 and 2100. Past either, the database
 * refused the value (SQLSTATE 22003, 22008) and the endpoint answered 500.
 */
const { db, token } = useSignedInAdmin();

const years = fieldMessages.yearRange;

describe('POST /api/motorhome', () => {
  // A foreign country: the region id is stored without being looked up among Chile's.
  const abroad = {
    accepts: true,
    email: 'lucia@example.com',
    phone: '+54 9 11 1234 5678',
    name: 'Lucía',
    surname: 'Fernández',
    rut: 'AAB123456',
    nationality: 7,
    country: 7,
    region: 728,
    city: 11111,
    realRegion: 'Chubut',
    realCity: 'Esquel',
    address: 'Ruta 40 km 10',
  };

  it.each([
    ['past an integer column', 3_000_000_000],
    ['negative', -1],
  ])('refuses a place id %s with the place message', async (_, region) => {
    const { context } = testContext();
    const response = await motorhome(postJson('/api/motorhome', { ...abroad, region }), context);
    expect(await read(response)).toEqual(invalidForm({ region: 'Seleccione una opción de la lista.' }));
  });
});

describe('GET /api/admin/payments and its export', () => {
  it.each([
    ['from', '0000-01-01'],
    ['to', '9999-12-31'],
    ['from', '1999-12-31'],
    ['to', '2101-01-01'],
  ])('answer 400 to %s=%s, and the export writes no audit row', async (filter, day) => {
    const list = await callFunction(adminPayments, 'GET', `/api/admin/payments?${filter}=${day}`, { token: token() });
    expect(await read(list)).toEqual(invalidForm({ [filter]: years }));
    const before = (await accessRows(db())).length;
    const csv = await callFunction(adminPayments, 'GET', `/api/admin/payments/export?${filter}=${day}`, {
      token: token(),
    });
    expect(await read(csv)).toEqual(invalidForm({ [filter]: years }));
    expect(await accessRows(db())).toHaveLength(before);
  });

  it('takes the first and the last day of the range', async () => {
    const list = await callFunction(adminPayments, 'GET', '/api/admin/payments?from=2000-01-01&to=2100-12-31', {
      token: token(),
    });
    expect(list.status).toBe(200);
  });
});

describe('the instants staff type', () => {
  const advisory = {
    kind: 'hervir',
    towns: ['puerto-aysen'],
    startsAt: '0000-03-02T08:00:00-03:00',
    instructions: 'Hierva el agua al menos un minuto antes de beberla.',
  };
  const outage = {
    kind: 'programado',
    town: 'coyhaique',
    sectors: 'Villa Los Ñires',
    startsAt: '2026-03-05T09:00:00-03:00',
    endsAt: '9999-03-05T18:00:00-03:00',
  };

  it('a notice from year 0000 is refused at its start', async () => {
    const response = await callFunction(adminAdvisories, 'POST', '/api/admin/advisories', {
      token: token(),
      body: advisory,
    });
    expect(await read(response)).toEqual(invalidForm({ startsAt: years }));
  });

  it('an outage ending in year 9999 is refused at its end', async () => {
    const response = await callFunction(adminOutages, 'POST', '/api/admin/outages', { token: token(), body: outage });
    expect(await read(response)).toEqual(invalidForm({ endsAt: years }));
  });

  it("an outage's supply stopped in year 0000 is refused at that time", () => {
    const parsed = OutageSupplyTimesSchema.safeParse({
      supplyStoppedAt: '0000-03-02T11:30:00-03:00',
      reason: 'La planta registró la caída de presión.',
    });
    expect(parsed.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['supplyStoppedAt', years],
    ]);
  });

  it("a billing export's time in year 0000 is refused", async () => {
    const response = await callFunction(adminAccounts, 'POST', '/api/admin/accounts/import', {
      token: token(),
      body: { uploadId: '00000000-0000-4000-8000-000000000000', exportedAt: '0000-01-01T08:00' },
    });
    expect(await read(response)).toEqual(invalidForm({ exportedAt: years }));
  });
});

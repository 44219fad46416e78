import { beforeEach, describe, expect, it } from 'vitest';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import { exportAffected } from '../../src/server/outages/affected.ts';
import type { Database } from '../../src/server/db/index.ts';
import { authMessages } from '../../src/shared/auth/schema.ts';
import { affectedMessages } from '../../src/shared/outages/admin/affected.ts';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { accessRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { refused } from '../helpers/functions.ts';

/** afectados.csv: a restored outage's accounts with their days without supply, for billing. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const HEADER = 'service_number;corte_id;dias_sin_suministro;credito_estimado;motivo';

beforeEach(async () => {
  for (const table of ['outages', 'accounts', 'audit_log', 'admins']) await db().query(`DELETE FROM ${table}`);
  admin = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
  // Coyhaique's accounts, with and without their previous bill, and accounts of elsewhere or of no town.
  await db().query(
    `INSERT INTO accounts (service_number, balance, install_address, locality, previous_bill_amount, previous_bill_days) VALUES
       ('100001', 0, 'Baquedano 1240', 'coyhaique', 18000, 30),
       ('100002', 0, 'Prat 455', 'coyhaique', NULL, NULL),
       ('100003', 0, 'Moraleda 10', 'coyhaique', 25000, 31),
       ('200001', 0, 'Sargento Aldea 300', 'puerto-aysen', 18000, 30),
       ('300001', 0, 'Sin localidad 1', NULL, 18000, 30)`,
  );
});

interface Outage {
  town?: string;
  status?: string;
  /** Real times, on Aysén's clock (UTC-3); null: not recorded. */
  stopped?: string | null;
  restored?: string | null;
  forceMajeure?: string | null;
}

/** An outage as staff left it, written directly: the real times are another screen's (the outage's detail). */
async function outage({
  town = 'coyhaique',
  status = 'restablecido',
  stopped = '2026-03-02T09:00:00-03:00',
  restored = '2026-03-02T14:30:00-03:00',
  forceMajeure = null,
}: Outage = {}): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, supply_stopped_at, supply_restored_at, force_majeure_resolution)
     VALUES ('emergencia', $1, 'Villa Los Ñires', '2026-03-02T12:00:00Z', '2026-03-02T18:00:00Z', $2, $3, $4, $5)
     RETURNING id::text`,
    [town, status, stopped, restored, forceMajeure],
  );
  return row!.id;
}

const get = (path: string, token: string | undefined = admin.token) =>
  callFunction(adminOutages, 'GET', path, token ? { token } : {});

/** The file's lines without the BOM, after checking it has one. */
async function csvLines(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3)).split('\r\n');
}

describe('GET /api/admin/outages/{id}/afectados.csv', () => {
  it("answers the town's accounts only, each with its days and the credit where its previous bill is known", async () => {
    const id = await outage();
    const response = await get(`/api/admin/outages/${id}/afectados.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="afectados-corte-${id}.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // 5 h 30 min in one day: 1 day. 10 × 18.000 / 30 = $6.000; 10 × 25.000 / 31 = $8.064,5 → $8.065.
    expect(await csvLines(response)).toEqual([
      HEADER,
      `100001;${id};1;6000;`,
      `100002;${id};1;;`,
      `100003;${id};1;8065;`,
      '',
    ]);
  });

  it.each([
    // The days with the decimal comma, as Excel reads them in Chile (csv-export.ts, CSV_DIALECTS).
    ['3 h: the fraction hours ÷ 4', '2026-03-02T09:00:00-03:00', '2026-03-02T12:00:00-03:00', '0,75', '4500', '6048'],
    [
      '1 h 10 min: two decimals, the credit from the exact days',
      '2026-03-02T09:00:00-03:00',
      '2026-03-02T10:10:00-03:00',
      '0,29',
      '1750',
      '2352',
    ],
    ['26 h over two days', '2026-03-02T09:00:00-03:00', '2026-03-03T11:00:00-03:00', '2', '12000', '16129'],
  ])('counts %s', async (_case, stopped, restored, days, first, third) => {
    const id = await outage({ stopped, restored });
    expect(await csvLines(await get(`/api/admin/outages/${id}/afectados.csv`))).toEqual([
      HEADER,
      `100001;${id};${days};${first};`,
      `100002;${id};${days};;`,
      `100003;${id};${days};${third};`,
      '',
    ]);
  });

  it('gives 0 days and the reason for an outage the SISS declared force majeure', async () => {
    const id = await outage({ forceMajeure: 'Resolución Exenta N° 1234' });
    const reason = 'no aplica: fuerza mayor calificada por la SISS (Resolución Exenta N° 1234)';
    expect(await csvLines(await get(`/api/admin/outages/${id}/afectados.csv`))).toEqual([
      HEADER,
      `100001;${id};0;0;${reason}`,
      `100002;${id};0;;${reason}`,
      `100003;${id};0;0;${reason}`,
      '',
    ]);
  });

  it('writes an audit row naming the outage and how many accounts, before the file is read', async () => {
    const id = await outage();
    await get(`/api/admin/outages/${id}/afectados.csv`);
    expect(await accessRows(db())).toEqual([
      {
        admin_id: admin.id,
        admin_email: 'ana@example.com',
        action: 'export',
        entity: 'outage',
        entity_id: id,
        summary: 'afectados.csv: 3 cuentas de Coyhaique',
      },
    ]);
  });

  it('exports a town with no account, audited as such', async () => {
    const id = await outage({ town: 'cochrane' });
    expect(await csvLines(await get(`/api/admin/outages/${id}/afectados.csv`))).toEqual([HEADER, '']);
    expect((await accessRows(db())).map((row) => row.summary)).toEqual(['afectados.csv: 0 cuentas de Cochrane']);
  });

  describe('refuses, writing no audit row,', () => {
    it.each([
      ['an outage under way', { status: 'en_curso', restored: null }, affectedMessages.notRestored],
      ['a cancelled outage', { status: 'cancelado' }, affectedMessages.notRestored],
      ['a draft', { status: 'borrador', stopped: null, restored: null }, affectedMessages.notRestored],
      ['a restored outage without its real times', { stopped: null, restored: null }, affectedMessages.noRealTimes],
    ])('%s (409)', async (_case, changes, message) => {
      const id = await outage(changes);
      expect(await read(await get(`/api/admin/outages/${id}/afectados.csv`))).toEqual(refused(409, message));
      expect(await accessRows(db())).toEqual([]);
    });

    it.each([
      ['an unknown id', '999999'],
      ['an id that is no number', 'abc'],
    ])('%s (404)', async (_case, id) => {
      await outage();
      expect(await read(await get(`/api/admin/outages/${id}/afectados.csv`))).toEqual(
        refused(404, outageMessages.notFound),
      );
      expect(await accessRows(db())).toEqual([]);
    });

    it('a visitor who is not signed in (401)', async () => {
      const id = await outage();
      const response = await get(`/api/admin/outages/${id}/afectados.csv`, '');
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBe(authMessages.unauthorized);
      expect(await accessRows(db())).toEqual([]);
    });
  });
});

describe('a large locality', () => {
  const TOTAL = 5_003;
  const seedTown = () =>
    db().query(
      `INSERT INTO accounts (service_number, balance, install_address, locality, previous_bill_amount, previous_bill_days)
       SELECT (500000 + n)::text, 0, 'Calle ' || n, 'cochrane', CASE WHEN n % 2 = 0 THEN 12000 END, CASE WHEN n % 2 = 0 THEN 30 END
       FROM generate_series(1, ${TOTAL}) AS n`,
    );
  const expected = (id: string) =>
    Array.from({ length: TOTAL }, (_, index) => {
      const n = index + 1;
      return `${500000 + n};${id};1;${n % 2 === 0 ? '4000' : ''};`;
    });

  it('is exported whole, each account once, in order of service number', async () => {
    await seedTown();
    const id = await outage({ town: 'cochrane' });
    const response = await get(`/api/admin/outages/${id}/afectados.csv`);
    expect(await csvLines(response)).toEqual([HEADER, ...expected(id), '']);
    expect((await accessRows(db())).map((row) => row.summary)).toEqual(['afectados.csv: 5003 cuentas de Cochrane']);
  });

  /** The database with every statement it is sent counted: the round trips. */
  function counted(): { db: Database; statements: string[] } {
    const statements: string[] = [];
    const inner = db();
    return {
      statements,
      db: {
        query: (text, params) => (statements.push(text), inner.query(text, params)),
        batch: (list) => (statements.push(...list.map((each) => each.text)), inner.batch(list)),
        close: () => inner.close(),
      },
    };
  }
  // Response.text() drops the BOM, as any UTF-8 decoder does by default.
  const text = (csv: ReadableStream<Uint8Array>) => new Response(csv).text();

  it.each([
    ['pages that do not divide it', 1_000, 1 + 6],
    ['a page of exactly its size (one more read finds none)', TOTAL, 1 + 2],
    ['the default page: the check and its audit row, then the accounts in one read', undefined, 1 + 1],
  ])('is read in %s, with no account repeated or skipped', async (_case, batchSize, roundTrips) => {
    await seedTown();
    const id = await outage({ town: 'cochrane' });
    const { db: countingDb, statements } = counted();
    const exported = await exportAffected(countingDb, admin, id, batchSize ? { batchSize } : {});
    if (exported.kind !== 'exported') throw new Error(exported.kind);
    const lines = (await text(exported.csv)).split('\r\n');
    expect(lines).toEqual([HEADER, ...expected(id), '']);
    expect(statements).toHaveLength(roundTrips);
  });

  it('streams: the file starts before the town has been read whole', async () => {
    await seedTown();
    const id = await outage({ town: 'cochrane' });
    const { db: countingDb, statements } = counted();
    const exported = await exportAffected(countingDb, admin, id, { batchSize: 500 });
    if (exported.kind !== 'exported') throw new Error(exported.kind);
    const reader = exported.csv.getReader();
    const decoder = new TextDecoder();
    let start = '';
    while (!start.includes('500001;')) start += decoder.decode((await reader.read()).value, { stream: true });
    expect(start).toMatch(new RegExp(`^${HEADER}\\r\\n500001;`));
    // Eleven pages in all: only the first few have been asked for while the answer waits to be read.
    expect(statements.length).toBeLessThanOrEqual(1 + 3);
    await reader.cancel();
  });
});

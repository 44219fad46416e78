import { beforeEach, describe, expect, it } from 'vitest';
import * as adminWarnings from '../../netlify/functions/admin-consumption-warnings.ts';
import * as optOutFunction from '../../netlify/functions/consumption-warnings.ts';
import { optOutOfWarnings, warnHighConsumption } from '../../src/server/consumption/warnings.ts';
import { leakTestSteps } from '../../src/shared/consumption/texts.ts';
import { hashToken } from '../../src/server/link-tokens.ts';
import { applyRetention } from '../../src/server/retention.ts';
import { uploadStore } from '../../src/server/uploads/store.ts';
import { ConsumptionWarningsSchema, warningMessages } from '../../src/shared/consumption/warnings.ts';
import { callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { serviceWithHistory, type Reading } from '../helpers/consumption.ts';
import { refused, testContext } from '../helpers/functions.ts';

/** The warning before a high bill: the threshold, once per service and period, who is mailed and the opt-out. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const ORIGIN = 'https://www.aguas.example';

beforeEach(async () => {
  await db().query(
    'TRUNCATE consumption_warnings, consumption_warning_opt_outs, consumption_periods, accounts, outbox, data_blocks, admins CASCADE',
  );
});

/** A service with `readings` before its last period, then that period written by an import. */
async function imported(serviceNumber: string, readings: Reading[], last: number, email?: string | null) {
  const periods = await serviceWithHistory(db(), serviceNumber, [...readings, last], email);
  return { service_number: serviceNumber, period: periods.at(-1)! };
}

const warningRows = () =>
  db().query<Record<string, unknown>>(
    `SELECT service_number, period, consumption_m3, average_m3::float8 AS average, readings, email, email_not_sent
     FROM consumption_warnings ORDER BY service_number, period`,
  );
const mails = () =>
  db().query<{ reference: string; recipient: string; subject: string; body: string; batch_id: string | null }>(
    `SELECT reference, recipient, subject, body, batch_id FROM outbox ORDER BY id`,
  );
const six = (m3: number) => Array<number>(6).fill(m3);

describe('the threshold: twice the average of the last six real readings, and 10 m³ more', () => {
  it('warns exactly twice and exactly 10 m³ more, not 1.99 times nor 9 m³ more', async () => {
    const written = [
      await imported('200001', six(100), 199), // 1.99 times, 99 m³ more: not warned
      await imported('200002', six(100), 200), // exactly twice
      await imported('200003', six(5), 14), // nearly three times, but 9 m³ more: not warned
      await imported('200004', six(5), 15), // exactly 10 m³ more
      await imported('200005', six(10), 20), // exactly both
      await imported('200006', six(10), 19), // neither
    ];
    expect(await warnHighConsumption(db(), written, ORIGIN)).toEqual({ warned: 3, mailed: 3 });
    expect(
      (await warningRows()).map(({ service_number, consumption_m3, average }) => [
        service_number,
        consumption_m3,
        average,
      ]),
    ).toEqual([
      ['200002', 200, 100],
      ['200004', 15, 5],
      ['200005', 20, 10],
    ]);
  });

  it('leaves estimated readings out of the average, and takes only the last six real ones', async () => {
    const written = [
      // With the estimate the average would be 25 and 25 m³ not warned; without it, 10.
      await imported('200011', [10, 10, 10, [100, 'estimada'], 10, 10, 10], 25),
      // The seventh reading back (100) is not one of the six: the average is 10.
      await imported('200012', [100, 10, 10, 10, 10, 10, 10], 20),
      // One the customer read is not the utility's reading either.
      await imported('200013', [10, 10, 10, [100, 'cliente'], 10, 10, 10], 25),
    ];
    expect(await warnHighConsumption(db(), written, ORIGIN)).toEqual({ warned: 3, mailed: 3 });
    expect((await warningRows()).map(({ average, readings }) => [average, readings])).toEqual([
      [10, 6],
      [10, 6],
      [10, 6],
    ]);
  });

  it('needs at least three real readings before the period, and averages the ones there are', async () => {
    const written = [
      await imported('200021', [10, 10], 50),
      await imported('200022', [10, [10, 'estimada'], 10], 50),
      await imported('200023', [10, 11, 12], 50),
    ];
    expect(await warnHighConsumption(db(), written, ORIGIN)).toEqual({ warned: 1, mailed: 1 });
    expect(await warningRows()).toEqual([
      expect.objectContaining({ service_number: '200023', consumption_m3: 50, average: 11, readings: 3 }),
    ]);
  });

  it('compares with the readings before the period, never after it', async () => {
    // The high period is in the middle: the months after it (an import of older lines) do not count.
    const periods = await serviceWithHistory(db(), '200031', [10, 10, 10, 10, 10, 10, 40, 100, 100]);
    expect(await warnHighConsumption(db(), [{ service_number: '200031', period: periods[6]! }], ORIGIN)).toEqual({
      warned: 1,
      mailed: 1,
    });
  });

  it('looks only at the periods written, and at none not stored', async () => {
    await imported('200041', six(10), 40);
    expect(await warnHighConsumption(db(), [], ORIGIN)).toEqual({ warned: 0, mailed: 0 });
    expect(await warnHighConsumption(db(), [{ service_number: '200041', period: '2030-01' }], ORIGIN)).toEqual({
      warned: 0,
      mailed: 0,
    });
    expect(await warningRows()).toEqual([]);
  });
});

describe('once per service and period', () => {
  it('warns the same period imported twice once, even when the import replaced it', async () => {
    const written = await imported('200101', six(10), 40);
    expect(await warnHighConsumption(db(), [written, written], ORIGIN)).toEqual({ warned: 1, mailed: 1 });
    expect(await warnHighConsumption(db(), [written], ORIGIN)).toEqual({ warned: 0, mailed: 0 });
    // The import names the period again, with another reading: still the one warning.
    await db().query(`UPDATE consumption_periods SET consumption_m3 = 60, reading_to = 60 WHERE period = $1`, [
      written.period,
    ]);
    expect(await warnHighConsumption(db(), [written], ORIGIN)).toEqual({ warned: 0, mailed: 0 });
    expect(await warningRows()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });
});

describe('who is mailed', () => {
  it('writes the row with its reason when no mail can go: no e-mail, the holder opted out, a bloqueo', async () => {
    const written = [
      await imported('200201', six(10), 40, null),
      await imported('200202', six(10), 40, '   '),
      await imported('200203', six(10), 40, 'baja@correo.cl'),
      await imported('200204', six(10), 40, 'Bloqueada+Avisos@Correo.cl'),
      await imported('200205', six(10), 40, 'rosa@correo.cl'),
    ];
    await db().query(`INSERT INTO consumption_warning_opt_outs (service_number) VALUES ('200203')`);
    await db().query(
      `INSERT INTO data_blocks (reference, kind, email) VALUES ('DER-1', 'bloqueo', 'bloqueada@correo.cl')`,
    );
    expect(await warnHighConsumption(db(), written, ORIGIN)).toEqual({ warned: 5, mailed: 1 });
    expect(
      (await warningRows()).map(({ service_number, email, email_not_sent }) => [service_number, email, email_not_sent]),
    ).toEqual([
      ['200201', null, 'sin-correo'],
      ['200202', null, 'sin-correo'],
      ['200203', null, 'baja'],
      ['200204', null, 'bloqueo'],
      ['200205', 'rosa@correo.cl', null],
    ]);
    expect((await mails()).map(({ recipient }) => recipient)).toEqual(['rosa@correo.cl']);
    // No token for a mail that did not go: no link exists to open.
    expect(
      await db().query(`SELECT service_number FROM consumption_warnings WHERE opt_out_token_hash IS NOT NULL`),
    ).toEqual([{ service_number: '200205' }]);
  });

  it('mails no holder whose RUT or service number a bloqueo or oposición marks, whatever the contact on file: bloqueo', async () => {
    const written = [
      await imported('200211', six(10), 40, 'rosa@correo.cl'), // its holder's RUT blocked, with another e-mail
      await imported('200212', six(10), 40, 'pedro@correo.cl'), // its number blocked, typed with a dash
      await imported('200213', six(10), 40, 'marta@correo.cl'), // a passport's digits are no RUT
      await imported('200214', six(10), 40, 'luis@correo.cl'), // the blocks' empty keys match nothing
    ];
    await db().query(
      `UPDATE accounts SET holder_rut = CASE service_number
         WHEN '200211' THEN '12345678-5' WHEN '200213' THEN '9876543-3' ELSE '11111111-1' END`,
    );
    await db().query(
      `INSERT INTO data_blocks (reference, kind, email, rut, service_number) VALUES
         ('DER-2', 'bloqueo', 'otra@correo.cl', '12.345.678-5', ''),
         ('DER-3', 'oposicion', 'otra.mas@correo.cl', '', '200-212'),
         ('DER-4', 'bloqueo', '', 'P98765433', '')`,
    );
    expect(await warnHighConsumption(db(), written, ORIGIN)).toEqual({ warned: 4, mailed: 2 });
    expect(
      (await warningRows()).map(({ service_number, email, email_not_sent }) => [service_number, email, email_not_sent]),
    ).toEqual([
      ['200211', null, 'bloqueo'],
      ['200212', null, 'bloqueo'],
      ['200213', 'marta@correo.cl', null],
      ['200214', 'luis@correo.cl', null],
    ]);
    expect((await mails()).map(({ recipient }) => recipient)).toEqual(['marta@correo.cl', 'luis@correo.cl']);
  });

  it('mails the m³, the comparison, the leak test, /consumo and the opt-out link, never a sign-in link', async () => {
    const written = await imported('200301', [10, 11, 12, 13, 14, 15], 38, 'rosa@correo.cl');
    await warnHighConsumption(db(), [written], ORIGIN);
    const [mail] = await mails();
    expect(mail).toMatchObject({
      reference: `CSM-200301-${written.period}`,
      recipient: 'rosa@correo.cl',
      subject: 'Aviso de consumo alto: servicio 200301, julio de 2025',
      batch_id: expect.any(String),
    });
    const body = mail!.body;
    expect(body).toContain('registró 38 m³');
    expect(body).toContain('el promedio de sus últimas 6 lecturas reales es de 12,5 m³, es decir, 25,5 m³ más');
    // The leak test, step by step, as /consumo tells it.
    for (const [index, step] of leakTestSteps.entries()) expect(body).toContain(`${index + 1}. ${step}`);
    expect(body).toContain(`\n${ORIGIN}/consumo\n`);
    const token = new RegExp(`${ORIGIN}/consumo/avisos/baja\\?token=([A-Za-z0-9_-]{43})$`).exec(body)![1]!;
    const [row] = await db().query<{ opt_out_token_hash: string }>(
      `SELECT opt_out_token_hash FROM consumption_warnings`,
    );
    expect(row!.opt_out_token_hash).toBe(hashToken(token));
    // Every link is one of the two pages: nothing signs anyone in.
    expect(body.match(/https?:\/\/\S+/g)).toEqual([
      `${ORIGIN}/consumo`,
      `${ORIGIN}/consumo/avisos/baja?token=${token}`,
    ]);
    expect(body).not.toMatch(/login|admin|contraseña|inicie sesión/i);
  });
});

describe('POST /api/consumo/avisos/baja', () => {
  const optOut = async (token: unknown) =>
    read(await callFunction(optOutFunction, 'POST', '/api/consumo/avisos/baja', { body: { token } }));
  const mailedToken = async () =>
    /\/consumo\/avisos\/baja\?token=([A-Za-z0-9_-]{43})/.exec((await mails()).at(-1)!.body)![1]!;

  it('takes the one-click unsubscription (RFC 8058) the mail’s List-Unsubscribe header names', async () => {
    const written = await imported('200402', six(10), 40, 'rosa@correo.cl');
    await warnHighConsumption(db(), [written], ORIGIN);
    const token = await mailedToken();
    const [row] = await db().query<{ list_unsubscribe: string }>(
      `SELECT list_unsubscribe FROM outbox ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.list_unsubscribe).toBe(`${ORIGIN}/api/consumo/avisos/baja?token=${token}`);
    const { context } = testContext();
    const response = await optOutFunction.default(
      new Request(row!.list_unsubscribe, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      context,
    );
    expect(response.status).toBe(200);
    expect(
      await db().query(`SELECT service_number FROM consumption_warning_opt_outs WHERE service_number = '200402'`),
    ).toHaveLength(1);
  });

  it('stops the service’s warnings; opting out again answers the same', async () => {
    const written = await imported('200401', six(10), 40, 'rosa@correo.cl');
    await warnHighConsumption(db(), [written], ORIGIN);
    const token = await mailedToken();
    const done = { status: 200, body: { success: true, message: warningMessages.optedOut } };
    expect(await optOut(token)).toEqual(done);
    expect(await optOut(token)).toEqual(done);
    expect(await db().query(`SELECT service_number FROM consumption_warning_opt_outs`)).toEqual([
      { service_number: '200401' },
    ]);
    // The next high period is warned, for staff, and not mailed.
    await db().query(
      `INSERT INTO consumption_periods SELECT service_number, '2026-01', read_from, read_to, reading_from, 80, 80,
         reading_type, overconsumption_m3, fixed_charge, water_charge, sewer_charge, treatment_charge,
         overconsumption_charge, subsidy_amount, agreement_instalment, other_charges, compensation, total, due_date
       FROM consumption_periods WHERE period = $1`,
      [written.period],
    );
    expect(await warnHighConsumption(db(), [{ service_number: '200401', period: '2026-01' }], ORIGIN)).toEqual({
      warned: 1,
      mailed: 0,
    });
    expect((await warningRows()).map(({ email_not_sent }) => email_not_sent)).toEqual([null, 'baja']);
    expect(await mails()).toHaveLength(1);
  });

  it('refuses a token of no warning (404) and one not shaped like a token (400)', async () => {
    expect(await optOut('A'.repeat(43))).toEqual(refused(404, warningMessages.invalidLink));
    expect((await optOut('corto')).status).toBe(400);
    expect(await db().query(`SELECT 1 FROM consumption_warning_opt_outs`)).toEqual([]);
    await expect(optOutOfWarnings(db(), 'B'.repeat(43))).rejects.toThrow(warningMessages.invalidLink);
  });

  it('answers only POST', async () => {
    expect((await callFunction(optOutFunction, 'GET', '/api/consumo/avisos/baja')).status).toBe(405);
  });
});

describe('GET /api/admin/accounts/warnings', () => {
  it('lists each warning, sent or why not, the most recent import first; never the address', async () => {
    const { token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    const first = [await imported('200501', six(10), 40, null), await imported('200502', six(10), 30)];
    await warnHighConsumption(db(), first, ORIGIN);
    await db().query(`UPDATE consumption_warnings SET warned_at = now() - interval '1 day'`);
    await warnHighConsumption(db(), [await imported('200503', six(20), 45)], ORIGIN);

    const { status, body } = await read(
      await callFunction(adminWarnings, 'GET', '/api/admin/accounts/warnings', { token }),
    );
    expect(status).toBe(200);
    const { warnings } = ConsumptionWarningsSchema.parse(body.data);
    expect(warnings.map(({ warned_at, ...rest }) => ({ ...rest, warned: typeof warned_at }))).toEqual([
      {
        service_number: '200503',
        period: '2025-07',
        consumption_m3: 45,
        average_m3: 20,
        readings: 6,
        sent: true,
        not_sent: null,
        warned: 'string',
      },
      {
        service_number: '200501',
        period: '2025-07',
        consumption_m3: 40,
        average_m3: 10,
        readings: 6,
        sent: false,
        not_sent: 'sin-correo',
        warned: 'string',
      },
      {
        service_number: '200502',
        period: '2025-07',
        consumption_m3: 30,
        average_m3: 10,
        readings: 6,
        sent: true,
        not_sent: null,
        warned: 'string',
      },
    ]);
    expect(warnings[1]!.warned_at).toBe(warnings[2]!.warned_at);
    expect(warnings[0]!.warned_at > warnings[1]!.warned_at).toBe(true);
    expect(warnings[0]!.warned_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(JSON.stringify(body)).not.toContain('@correo.cl');
  });

  it('is for administrators: 401 without a session, 403 for the compliance desk, 405 for a POST', async () => {
    expect((await callFunction(adminWarnings, 'GET', '/api/admin/accounts/warnings')).status).toBe(401);
    const desk = await signedInAdmin(db(), 'Clara Cumplimiento', 'clara@example.com', ['cumplimiento']);
    expect(
      (await callFunction(adminWarnings, 'GET', '/api/admin/accounts/warnings', { token: desk.token })).status,
    ).toBe(403);
    const { token } = await signedInAdmin(db(), 'Ana Admin', 'ana@example.com');
    expect((await callFunction(adminWarnings, 'POST', '/api/admin/accounts/warnings', { token })).status).toBe(405);
  });
});

describe('retention', () => {
  it('deletes a warning 24 months after it was written, not before, and keeps the opt-out', async () => {
    await warnHighConsumption(
      db(),
      [await imported('200701', six(10), 40), await imported('200702', six(10), 40)],
      ORIGIN,
    );
    await db().query(`INSERT INTO consumption_warning_opt_outs (service_number) VALUES ('200701')`);
    await db().query(`UPDATE outbox SET status = 'sent', sent_at = now()`);
    await db().query(
      `UPDATE consumption_warnings SET warned_at = now() - interval '24 months' - CASE service_number
         WHEN '200701' THEN interval '1 minute' ELSE interval '-1 minute' END`,
    );
    const report = await applyRetention(db(), uploadStore());
    expect(report.consumptionWarnings).toBe(1);
    expect(await db().query(`SELECT service_number FROM consumption_warnings`)).toEqual([{ service_number: '200702' }]);
    expect(await db().query(`SELECT service_number FROM consumption_warning_opt_outs`)).toEqual([
      { service_number: '200701' },
    ]);
  });

  it('keeps a warning whose mail has not been delivered', async () => {
    await warnHighConsumption(db(), [await imported('200801', six(10), 40)], ORIGIN);
    await db().query(`UPDATE consumption_warnings SET warned_at = now() - interval '25 months'`);
    expect((await applyRetention(db(), uploadStore())).consumptionWarnings).toBe(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { deadlines, dueDays } from '../../src/server/denuncias/deadlines.ts';
import { queueReminders } from '../../src/server/denuncias/reminders.ts';
import { site } from '../../src/shared/site.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

/** A denuncia's deadlines and the compliance mailbox's reminders of them. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;

// Monday 14 September 2026, 10:00 in Chile (UTC−3): two holidays fall on weekdays within the
// next 30 business days, 18 September (Fiestas Patrias, a Friday) and 12 October (a Monday).
const RECEIVED = new Date('2026-09-14T13:00:00Z');

describe('dueDays', () => {
  it('gives acknowledgement in 7 days and feedback in 3 months to every type', () => {
    expect(dueDays({ receivedAt: RECEIVED, type: 'Lavado de activos' })).toEqual([
      ['acknowledgement', '2026-09-21'],
      ['feedback', '2026-12-14'],
    ]);
  });

  it.each(['Acoso laboral', 'Acoso sexual', 'Violencia en el trabajo ejercida por terceros'])(
    'gives %s (Ley Karin) its investigation in 30 business days, holidays skipped',
    (type) => {
      // 30 weekdays after 14 September is 26 October; the two holidays push it to the 28th.
      expect(dueDays({ receivedAt: RECEIVED, type })).toContainEqual(['investigation', '2026-10-28']);
    },
  );

  it('counts from the day in Chile, not in UTC', () => {
    // Sunday 22 November 2026, 23:30 in Chile is already Monday in UTC.
    expect(dueDays({ receivedAt: new Date('2026-11-23T02:30:00Z'), type: 'Consultas' })[0]).toEqual([
      'acknowledgement',
      '2026-11-29',
    ]);
  });

  it('clamps 3 months to the end of a shorter month', () => {
    expect(dueDays({ receivedAt: new Date('2026-11-30T15:00:00Z'), type: 'Consultas' })[1]).toEqual([
      'feedback',
      '2027-02-28',
    ]);
  });
});

describe('deadlines', () => {
  const facts = { receivedAt: RECEIVED, type: 'Acoso laboral', acknowledgedAt: null, closedAt: null };

  it('marks each deadline pending, due soon (2 days), overdue or met', () => {
    expect(deadlines(facts, new Date('2026-09-15T15:00:00Z')).map((d) => d.state)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(deadlines(facts, new Date('2026-09-19T15:00:00Z'))[0]!.state).toBe('due-soon');
    expect(deadlines(facts, new Date('2026-09-21T15:00:00Z'))[0]!.state).toBe('due-soon');
    expect(deadlines(facts, new Date('2026-09-22T15:00:00Z'))[0]!.state).toBe('overdue');
    const acknowledged = { ...facts, acknowledgedAt: new Date('2026-09-16T12:00:00Z') };
    expect(deadlines(acknowledged, new Date('2026-10-30T15:00:00Z')).map((d) => d.state)).toEqual([
      'met',
      'pending',
      'overdue',
    ]);
    const closed = { ...acknowledged, closedAt: new Date('2026-10-20T12:00:00Z') };
    expect(deadlines(closed, new Date('2027-01-30T15:00:00Z')).map((d) => d.state)).toEqual(['met', 'met', 'met']);
  });
});

describe('queueReminders', () => {
  async function denuncia(reference: string, type: string, status = 'recibida', acknowledged: Date | null = null) {
    await db().query(
      `INSERT INTO denuncias (reference, relation, place, type, narrative, status, acknowledged_at, created_at)
       VALUES ($1, 'Trabajador', 'Plantas', $2, 'v1.sellado', $3, $4, $5)`,
      [reference, type, status, acknowledged, RECEIVED],
    );
  }
  const reminders = () =>
    db().query<{ recipient: string; subject: string; body: string }>(
      `SELECT recipient, subject, body FROM outbox WHERE reference LIKE 'PLAZOS-%' ORDER BY id`,
    );

  beforeEach(async () => {
    for (const table of ['denuncia_reminders', 'denuncias', 'outbox']) await db().query(`DELETE FROM ${table}`);
  });

  it('reminds each unmet deadline once, from 2 days before, without a word of the denuncia', async () => {
    await denuncia('DEN-KARIN222', 'Acoso laboral');
    await denuncia('DEN-ACKED222', 'Lavado de activos', 'en_analisis', new Date('2026-09-15T12:00:00Z'));
    await denuncia('DEN-CLOSED22', 'Acoso sexual', 'cerrada');

    expect(await queueReminders(db(), new Date('2026-09-18T15:00:00Z'), 'https://www.example.cl')).toBe(0);
    expect(await queueReminders(db(), new Date('2026-09-19T15:00:00Z'), 'https://www.example.cl')).toBe(1);
    expect(await queueReminders(db(), new Date('2026-09-20T15:00:00Z'), 'https://www.example.cl')).toBe(0);
    const [mail] = await reminders();
    expect(mail).toEqual({
      recipient: site.mailboxes.compliance,
      subject: 'Plazos de denuncias por vencer',
      body: expect.stringContaining(
        '- Acuse de recibo: vence el lunes, 21 de septiembre de 2026. https://www.example.cl/admin/denuncias/DEN-KARIN222',
      ),
    });
    expect(mail!.body).not.toMatch(/Acoso|Lavado|Trabajador|Plantas/);

    // 26 October: the Ley Karin investigation (28 October) of the open case, not of the closed one.
    expect(await queueReminders(db(), new Date('2026-10-26T15:00:00Z'), 'https://www.example.cl')).toBe(1);
    expect((await reminders())[1]!.body).toContain(
      '- Investigación (Ley Karin): vence el miércoles, 28 de octubre de 2026. https://www.example.cl/admin/denuncias/DEN-KARIN222',
    );
    // 12 December: both open cases' feedback (14 December).
    expect(await queueReminders(db(), new Date('2026-12-12T15:00:00Z'), 'https://www.example.cl')).toBe(2);
    expect(await queueReminders(db(), new Date('2026-12-13T15:00:00Z'), 'https://www.example.cl')).toBe(0);
  });

  it('still reminds a deadline whose reminder a missed run did not send', async () => {
    await denuncia('DEN-LATE2222', 'Consultas');
    expect(await queueReminders(db(), new Date('2026-09-25T15:00:00Z'), 'https://www.example.cl')).toBe(1);
    expect((await reminders())[0]!.body).toContain('Acuse de recibo: vence el lunes, 21 de septiembre de 2026.');
  });
});

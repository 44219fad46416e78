import { beforeEach, describe, expect, it } from 'vitest';
import { queueDigest } from '../../src/server/cases/digest.ts';
import { site } from '../../src/shared/site.ts';
import { useLocalEnvironment } from '../helpers/database.ts';

/** The staff digest: exactly the overdue and nearly due open cases, once a day. */

const environment = useLocalEnvironment();
const db = () => environment.database.db;

// Wednesday 2 December 2026, 09:00 in Chile (UTC−3): 2 business days ahead is Friday 4 December.
const MORNING = new Date('2026-12-02T12:00:00Z');

async function openCase(
  reference: string,
  due: string | null,
  status = 'recibido',
  assignee?: string,
  kind = 'reclamo',
) {
  await db().query(
    `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, locality, due_on, assignee_id)
     VALUES ($5, $1, $2, 'Rosa Vera', 'rosa@correo.cl', 'Coyhaique', $3, $4)`,
    [reference, status, due, assignee ?? null, kind],
  );
}

const digests = () =>
  db().query<{ reference: string; recipient: string; subject: string; body: string }>(
    `SELECT reference, recipient, subject, body FROM outbox WHERE reference LIKE 'DIG-%'`,
  );

beforeEach(async () => {
  for (const table of ['case_entries', 'cases', 'case_digests', 'outbox', 'admins'])
    await db().query(`DELETE FROM ${table}`);
});

describe('queueDigest', () => {
  it('lists exactly the open cases overdue or due within 2 business days, the most overdue first', async () => {
    const [admin] = await db().query<{ id: string }>(
      `INSERT INTO admins (name, email, password_hash) VALUES ('Ana Soto', 'ana@example.com', 'x') RETURNING id`,
    );
    await openCase('REC-OVERDUE2', '2026-11-27', 'en_revision', admin!.id);
    await openCase('REC-TODAY222', '2026-12-02');
    await openCase('REC-FRIDAY22', '2026-12-04');
    await openCase('REC-MONDAY22', '2026-12-07'); // 3 business days ahead: not yet
    await openCase('REC-ANSWERED', '2026-11-20', 'respondido');
    await openCase('REC-CLOSED22', '2026-11-20', 'cerrado');
    await openCase('EMP-NODUE222', null);
    // A rights request is the privacy mailbox's, in its own digest (rights/digest.ts).
    await openCase('DER-OVERDUE2', '2026-11-27', 'recibido', undefined, 'derechos');

    expect(await queueDigest(db(), MORNING, 'https://www.example.cl')).toBe(3);
    const [mail] = await digests();
    expect(mail).toMatchObject({
      reference: 'DIG-2026-12-02',
      recipient: site.mailboxes.complaints,
      subject: 'Atención ciudadana: 1 caso vencido y 2 por vencer (miércoles, 2 de diciembre de 2026)',
    });
    const listed = mail!.body.split('\n').filter((line) => line.startsWith('- '));
    expect(listed).toEqual([
      '- REC-OVERDUE2 · Reclamo · Rosa Vera · Coyhaique · venció el viernes, 27 de noviembre de 2026 (hace 3 días hábiles) · asignado a Ana Soto',
      '- REC-TODAY222 · Reclamo · Rosa Vera · Coyhaique · vence hoy · sin asignar',
      '- REC-FRIDAY22 · Reclamo · Rosa Vera · Coyhaique · vence el viernes, 4 de diciembre de 2026 (quedan 2 días hábiles) · sin asignar',
    ]);
    expect(mail!.body).toContain('https://www.example.cl/admin/atencion');
  });

  it('on the Saturday after a Friday deadline, that case is overdue, not due today', async () => {
    await openCase('REC-FRIDAY27', '2026-11-27');
    expect(await queueDigest(db(), new Date('2026-11-28T12:00:00Z'), 'https://www.example.cl')).toBe(1);
    const [mail] = await digests();
    expect(mail!.body).toContain(
      'Vencidos (1):\n- REC-FRIDAY27 · Reclamo · Rosa Vera · Coyhaique · venció el viernes, 27 de noviembre de 2026 · sin asignar',
    );
  });

  it('sends nothing on a day with nothing to list', async () => {
    await openCase('REC-LATER222', '2026-12-15');
    expect(await queueDigest(db(), MORNING, 'https://www.example.cl')).toBe(0);
    expect(await digests()).toEqual([]);
  });

  it('waits for 08:00 in Chile, then sends once a day however many runs there are', async () => {
    await openCase('REC-TODAY222', '2026-12-02');
    // 07:30 in Chile.
    expect(await queueDigest(db(), new Date('2026-12-02T10:30:00Z'), 'https://www.example.cl')).toBe(0);
    const runs = await Promise.all([0, 1, 2].map(() => queueDigest(db(), MORNING, 'https://www.example.cl')));
    expect(runs.filter((listed) => listed > 0)).toEqual([1]);
    expect(await queueDigest(db(), new Date('2026-12-02T20:00:00Z'), 'https://www.example.cl')).toBe(0);
    expect(await digests()).toHaveLength(1);
    // The next day is a new digest.
    expect(await queueDigest(db(), new Date('2026-12-03T12:00:00Z'), 'https://www.example.cl')).toBe(1);
    expect(await digests()).toHaveLength(2);
  });
});

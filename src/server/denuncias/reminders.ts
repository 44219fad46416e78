import { deadlineLabels, DUE_SOON_DAYS, type DeadlineKind } from '../../shared/denuncias/case/schema.ts';
import { longDate } from '../../shared/time/long-date.ts';
import { site } from '../../shared/site.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import { addDays } from '../../shared/time/days.ts';
import type { Database } from '../db/index.ts';
import { enqueueMail } from '../outbox/outbox.ts';
import { dueDays } from './deadlines.ts';

/**
 * Reminders to the compliance mailbox, run hourly by `denuncias-reminders`: every
 * deadline of an open denuncia not met yet, from DUE_SOON_DAYS before its day (and, if a run was
 * missed, after it), once per denuncia and deadline (denuncia_reminders). Content-free like the
 * arrival notice: a deadline's name and day and a link to the desk, never the denuncia's type,
 * which would say what it is about (the Ley Karin deadline is named as "investigation").
 */

interface OpenDenuncia {
  reference: string;
  type: string;
  created_at: Date;
  acknowledged_at: Date | null;
  reminded: DeadlineKind[];
}

interface Reminder {
  reference: string;
  kind: DeadlineKind;
  due: string;
}

function dueReminders(open: OpenDenuncia[], today: string): Reminder[] {
  const until = addDays(today, DUE_SOON_DAYS);
  return open.flatMap((denuncia) =>
    dueDays({ receivedAt: denuncia.created_at, type: denuncia.type })
      .filter(([kind]) => !denuncia.reminded.includes(kind))
      // Open denuncias only: closing meets feedback and investigation; acknowledging meets the first.
      .filter(([kind]) => kind !== 'acknowledgement' || !denuncia.acknowledged_at)
      .filter(([, due]) => due <= until)
      .map(([kind, due]) => ({ reference: denuncia.reference, kind, due })),
  );
}

const reminderLine = ({ reference, kind, due }: Reminder, origin: string) =>
  `- ${deadlineLabels[kind]}: vence el ${longDate(due)}. ${origin}/admin/denuncias/${reference}`;

/** The reminders' reference, a day's: Correo saliente knows the channel's mail by it (outbox/unsent.ts). */
export const REMINDERS_REFERENCE = 'PLAZOS-';

/** Queues one mail with every reminder due; answers how many it holds (0: none). */
export async function queueReminders(db: Database, now: Date, origin: string): Promise<number> {
  const open = await db.query<OpenDenuncia>(
    `SELECT d.reference, d.type, d.created_at, d.acknowledged_at,
       coalesce(array_agg(r.deadline) FILTER (WHERE r.deadline IS NOT NULL), '{}') AS reminded
     FROM denuncias d LEFT JOIN denuncia_reminders r ON r.denuncia_id = d.id
     WHERE d.status <> 'cerrada' GROUP BY d.id ORDER BY d.created_at`,
  );
  const reminders = dueReminders(open, chileDate(now));
  if (reminders.length === 0) return 0;
  // One transaction: the reminders are recorded with their mail; a concurrent run that claimed
  // one of them first makes this one fail on the primary key, so no deadline is mailed twice.
  await db.batch([
    ...reminders.map(({ reference, kind }) => ({
      text: `INSERT INTO denuncia_reminders (denuncia_id, deadline) SELECT id, $2 FROM denuncias WHERE reference = $1`,
      params: [reference, kind],
    })),
    enqueueMail(
      {
        to: site.mailboxes.compliance,
        subject: 'Plazos de denuncias por vencer',
        text: [
          'Estos plazos del canal de denuncias vencen pronto o ya vencieron:',
          '',
          ...reminders.map((reminder) => reminderLine(reminder, origin)),
          '',
          'Por confidencialidad, este correo no incluye el contenido de las denuncias.',
        ].join('\n'),
      },
      `${REMINDERS_REFERENCE}${chileDate(now)}`,
    ),
  ]);
  return reminders.length;
}

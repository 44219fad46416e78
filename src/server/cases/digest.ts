import { caseKinds, OPEN_STATUSES, DUE_SOON_BUSINESS_DAYS, type CaseKind } from '../../shared/cases/schema.ts';
import { longDate } from '../../shared/time/long-date.ts';
import { site } from '../../shared/site.ts';
import { addBusinessDays, businessDaysUntil } from '../../shared/time/business-days.ts';
import { chileDate, chileHour } from '../../shared/time/wall-clock.ts';
import type { Database } from '../db/index.ts';
import { deployContext } from '../mail/context.ts';
import { OUTBOX_COLUMNS } from '../outbox/outbox.ts';

/**
 * The staff digest: once a day, from 08:00 in Chile, a mail to the complaints mailbox
 * lists the open cases that are overdue and those due within DUE_SOON_BUSINESS_DAYS business days;
 * none on a day with nothing to list. Run hourly; the day's row in case_digests is claimed by the
 * same statement that queues the mail, so two runs never send it twice.
 */

const DIGEST_HOUR = 8;

interface DueCase {
  kind: CaseKind;
  reference: string;
  citizen_name: string;
  locality: string;
  due_on: string;
  assignee_name: string | null;
}

/**
 * The open cases with a deadline up to `today` + DUE_SOON_BUSINESS_DAYS, the most overdue first.
 * Not the rights requests: the privacy mailbox has their digest (rights/digest.ts), and the
 * complaints mailbox is no place for who asked what about their personal data.
 */
function dueCases(db: Database, today: string): Promise<DueCase[]> {
  return db.query<DueCase>(
    `SELECT c.kind, c.reference, c.citizen_name, c.locality, to_char(c.due_on, 'YYYY-MM-DD') AS due_on, a.name AS assignee_name
     FROM cases c LEFT JOIN admins a ON a.id = c.assignee_id
     WHERE c.status = ANY($1::text[]) AND c.due_on <= $2::date AND c.kind <> 'derechos'
     ORDER BY c.due_on, c.received_at, c.id`,
    [OPEN_STATUSES, addBusinessDays(today, DUE_SOON_BUSINESS_DAYS)],
  );
}

const line = (today: string) => (due: DueCase) => {
  const left = businessDaysUntil(today, due.due_on);
  // Past its date, with no business day gone by since (a weekend after a Friday deadline), `left` is 0.
  const when =
    due.due_on < today
      ? `venció el ${longDate(due.due_on)}${left < 0 ? ` (hace ${-left} ${-left === 1 ? 'día hábil' : 'días hábiles'})` : ''}`
      : left === 0
        ? 'vence hoy'
        : `vence el ${longDate(due.due_on)} (${left === 1 ? 'queda 1 día hábil' : `quedan ${left} días hábiles`})`;
  const who = due.assignee_name ? `asignado a ${due.assignee_name}` : 'sin asignar';
  return `- ${due.reference} · ${caseKinds[due.kind]} · ${due.citizen_name}${due.locality ? ` · ${due.locality}` : ''} · ${when} · ${who}`;
};

/** The digest's subject and text; undefined when nothing is overdue or due soon. */
function digestMail(cases: DueCase[], today: string, origin: string) {
  if (cases.length === 0) return undefined;
  const overdue = cases.filter((due) => due.due_on < today);
  const soon = cases.filter((due) => due.due_on >= today);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const sections = [
    ...(overdue.length > 0 ? [`Vencidos (${overdue.length}):`, ...overdue.map(line(today)), ''] : []),
    ...(soon.length > 0
      ? [
          `Vencen en los próximos ${DUE_SOON_BUSINESS_DAYS} días hábiles (${soon.length}):`,
          ...soon.map(line(today)),
          '',
        ]
      : []),
  ];
  return {
    subject: `Atención ciudadana: ${count(overdue.length, 'caso vencido', 'casos vencidos')} y ${count(soon.length, 'por vencer', 'por vencer')} (${longDate(today)})`,
    text: [
      `Casos abiertos de Atención ciudadana al ${longDate(today)}.`,
      '',
      ...sections,
      `Revíselos en ${origin}/admin/atencion`,
    ].join('\n'),
  };
}

/**
 * Queues today's digest if it is time and it was not queued yet. Answers how many cases it
 * listed (0: nothing due, not time yet, or already sent today).
 */
export async function queueDigest(db: Database, now: Date, origin: string): Promise<number> {
  if (chileHour(now) < DIGEST_HOUR) return 0;
  const today = chileDate(now);
  const cases = await dueCases(db, today);
  const mail = digestMail(cases, today, origin);
  if (!mail) return 0;
  const [queued] = await db.query<{ day: string }>(
    `WITH claimed AS (
       INSERT INTO case_digests (day, cases) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING RETURNING day
     )
     INSERT INTO outbox (${OUTBOX_COLUMNS})
     SELECT $3, $4, NULL, $5, $6, NULL, $7 FROM claimed RETURNING reference AS day`,
    [today, cases.length, `DIG-${today}`, site.mailboxes.complaints, mail.subject, mail.text, deployContext()],
  );
  return queued ? cases.length : 0;
}

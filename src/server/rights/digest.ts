import { OPEN_STATUSES } from '../../shared/cases/schema.ts';
import { longDate } from '../../shared/time/long-date.ts';
import { rightsDigestTexts as texts } from '../../shared/rights/desk/texts.ts';
import { RIGHTS_DUE_SOON_BUSINESS_DAYS, rightTypes, type RightType } from '../../shared/rights/texts.ts';
import { site } from '../../shared/site.ts';
import { chileHour, chileDate } from '../../shared/time/wall-clock.ts';
import { addBusinessDays, businessDaysUntil } from '../../shared/time/business-days.ts';
import type { Database } from '../db/index.ts';
import { deployContext } from '../mail/context.ts';
import { OUTBOX_COLUMNS } from '../outbox/outbox.ts';

/**
 * The privacy mailbox's digest: once a Chilean day, from 08:00 in Aysén, the open rights requests
 * overdue or due within RIGHTS_DUE_SOON_BUSINESS_DAYS business days, so none passes its legal
 * deadline unseen; none on a day with nothing to list. Run hourly with the cases' digest
 * (netlify/functions/cases-digest.ts); the day's row in rights_digests is claimed by the same
 * statement that queues the mail, so two runs never send it twice.
 */

const DIGEST_HOUR = 8;

interface DueRequest {
  reference: string;
  type: RightType;
  due_on: string;
  confirmed: boolean;
}

const dueRequests = (db: Database, today: string) =>
  db.query<DueRequest>(
    `SELECT c.reference, r.type, to_char(c.due_on, 'YYYY-MM-DD') AS due_on, r.email_confirmed_at IS NOT NULL AS confirmed
     FROM cases c JOIN rights_requests r ON r.reference = c.reference
     WHERE c.status = ANY($1::text[]) AND c.due_on <= $2::date
     ORDER BY c.due_on, c.received_at, c.id`,
    [OPEN_STATUSES, addBusinessDays(today, RIGHTS_DUE_SOON_BUSINESS_DAYS)],
  );

const line = (today: string) => (request: DueRequest) => {
  const left = businessDaysUntil(today, request.due_on);
  // Past its date, with no business day gone by since (a weekend after a Friday deadline), `left` is 0.
  const when =
    request.due_on < today
      ? `venció el ${longDate(request.due_on)}${left < 0 ? ` (hace ${-left} ${-left === 1 ? 'día hábil' : 'días hábiles'})` : ''}`
      : left === 0
        ? 'vence hoy'
        : `vence el ${longDate(request.due_on)} (${left === 1 ? 'queda 1 día hábil' : `quedan ${left} días hábiles`})`;
  const email = request.confirmed ? texts.confirmed : texts.unconfirmed;
  return `- ${request.reference} · ${rightTypes[request.type].label} · ${when} · ${email}`;
};

function digestMail(requests: DueRequest[], today: string, origin: string) {
  const overdue = requests.filter((request) => request.due_on < today);
  const soon = requests.filter((request) => request.due_on >= today);
  return {
    subject: texts.subject(overdue.length, soon.length, longDate(today)),
    text: [
      texts.intro(longDate(today)),
      '',
      ...(overdue.length > 0 ? [texts.overdue(overdue.length), ...overdue.map(line(today)), ''] : []),
      ...(soon.length > 0
        ? [texts.soon(RIGHTS_DUE_SOON_BUSINESS_DAYS, soon.length), ...soon.map(line(today)), '']
        : []),
      texts.review(`${origin}/admin/atencion`),
    ].join('\n'),
  };
}

/**
 * Queues today's digest if it is time and it was not queued yet. Answers how many requests it
 * listed (0: nothing due, not time yet, or already sent today).
 */
export async function queueRightsDigest(db: Database, now: Date, origin: string): Promise<number> {
  if (chileHour(now) < DIGEST_HOUR) return 0;
  const today = chileDate(now);
  const requests = await dueRequests(db, today);
  if (requests.length === 0) return 0;
  const mail = digestMail(requests, today, origin);
  const [queued] = await db.query(
    `WITH claimed AS (
       INSERT INTO rights_digests (day, requests) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING RETURNING day
     )
     INSERT INTO outbox (${OUTBOX_COLUMNS})
     SELECT $3, $4, NULL, $5, $6, NULL, $7 FROM claimed RETURNING 1`,
    [today, requests.length, `DIG-DERECHOS-${today}`, site.mailboxes.privacy, mail.subject, mail.text, deployContext()],
  );
  return queued ? requests.length : 0;
}

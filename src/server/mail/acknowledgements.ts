import { createHash } from 'node:crypto';
import { AYSEN_TIME_ZONE } from '../../shared/time-zone.ts';
import { config } from '../config.ts';
import type { Database, Statement } from '../db/index.ts';
import { deployContext } from './context.ts';
import type { Mail } from './mail.ts';
import { OUTBOX_COLUMNS } from './outbox.ts';

/**
 * The acknowledgements of the public forms go to whatever address the visitor typed: anyone could
 * have the utility mail anyone, again and again. So one address receives at most
 * `config.acknowledgementsPerDay()` of them a day in Aysén, counted atomically with the mail's
 * insertion; past the cap the submission is stored and answered as usual (its reference is on the
 * page), only not acknowledged by mail. The count is kept by a hash of the address, and only for
 * the day.
 */

const aysenDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: AYSEN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Providers that ignore dots in the local part deliver all its spellings to one mailbox.
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, however the address is spelt: case, a `+tag` (sub-addressing, which most
 * providers deliver to the mailbox without it) and Gmail's dots do not make another.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1).toLowerCase();
  let local = address.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

const recipientHash = (address: string) => createHash('sha256').update(mailboxOf(address)).digest('hex');

/**
 * A text with a part the statement itself writes, from what it reads in the same round trip:
 * `part`, SQL over `values` (`$10`, a text[]), between `before` and `after`. A message's deadline
 * by staff's setting (cases/open-case.ts); the names of the towns of an alert subscription.
 * `only`, SQL over the same values: the mail is stored, and counted, only where it holds.
 */
export interface WrittenText {
  before: string;
  part: string;
  values: string[];
  after: string;
  only?: string;
}

/**
 * The statement that stores an acknowledgement for delivery unless its address has had its day's
 * share, or a rights request blocked it (bloqueo, oposición: rights/actions.ts), but for the
 * confirmation of a new rights request (`evenIfBlocked`), without which the person could not
 * exercise a right again; run it in the submission's batch. Two submissions at once count one
 * after the other: the counter row is locked by the upsert, and its WHERE sees the other's count.
 * Its rows in the batch's answer say whether the mail was queued: one, or none when it was not.
 */
export function enqueueAcknowledgement(
  mail: Pick<Mail, 'to' | 'subject'> & { text: string | WrittenText },
  reference: string,
  { evenIfBlocked = false }: { evenIfBlocked?: boolean } = {},
): Statement {
  const text: WrittenText =
    typeof mail.text === 'string'
      ? { before: mail.text, part: "array_to_string($10::text[], '')", values: [], after: '' }
      : mail.text;
  const only = text.only ?? 'true';
  return {
    text: `WITH counted AS (
             INSERT INTO mail_acknowledgements (recipient_hash, day, mails) SELECT $1, $2::date, 1 WHERE ${only}
             ON CONFLICT (recipient_hash, day) DO UPDATE SET mails = mail_acknowledgements.mails + 1
               WHERE mail_acknowledgements.mails < $3
             RETURNING 1)
           INSERT INTO outbox (${OUTBOX_COLUMNS})
           SELECT $4, $5, NULL, $6, $7::text || ${text.part} || $11::text, NULL, $8 FROM counted
           WHERE ($9 OR NOT EXISTS (SELECT 1 FROM data_blocks b WHERE b.email <> '' AND lower(b.email) = lower($5)))
           RETURNING id`,
    params: [
      recipientHash(mail.to),
      aysenDay.format(new Date()),
      config.acknowledgementsPerDay(),
      reference,
      mail.to,
      mail.subject,
      text.before,
      deployContext(),
      evenIfBlocked,
      text.values,
      text.after,
    ],
  };
}

/** Forgets the counts of past days (outbox-retry): only today's are of use. */
export async function forgetPastAcknowledgements(db: Database): Promise<void> {
  await db.query('DELETE FROM mail_acknowledgements WHERE day < $1::date', [aysenDay.format(new Date())]);
}

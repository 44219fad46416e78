import { chileDate } from '../../shared/time/wall-clock.ts';
import { config } from '../config.ts';
import type { Database, Statement } from '../db/index.ts';
import { deployContext } from './context.ts';
import { blockedMailbox } from './mailbox.ts';
import type { Mail } from './mail.ts';
import { OUTBOX_COLUMNS } from '../outbox/outbox.ts';

/**
 * The acknowledgements of the public forms go to whatever address the visitor typed: anyone could
 * have the utility mail anyone, again and again. So one mailbox (however its address is spelt:
 * mail/mailbox.ts) receives at most `config.acknowledgementsPerDay()` of them a day in Aysén,
 * counted atomically with the mail's insertion; past the cap the submission is stored and answered
 * as usual (its reference is on the page), only not acknowledged by mail. The confirmation link of
 * a rights request counts apart, against `config.rightsConfirmationsPerDay()`: contact forms typed
 * with someone's address must not keep them from confirming a request the law gives them, and
 * the link is still capped, so the rights form cannot flood a mailbox either. The count is kept
 * by a hash of the mailbox, and only for the day.
 */

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
 * The CTE `counted`: one more of the day's share of a recipient (`recipientHash`, SQL), a row only
 * while the count is under `cap` and `only` holds. Anyone typing an address or a phone into a
 * public form can have the utility write to it: every such message is held to a day's share.
 */
export const dailyShare = (recipientHash: string, day: string, cap: string, only = 'true') =>
  `counted AS (
     INSERT INTO mail_acknowledgements (recipient_hash, day, mails)
     SELECT ${recipientHash}, ${day}::date, 1 WHERE ${only}
     ON CONFLICT (recipient_hash, day) DO UPDATE SET mails = mail_acknowledgements.mails + 1
       WHERE mail_acknowledgements.mails < ${cap}
     RETURNING 1)`;

/** Which daily count a mail is held to: the forms' acknowledgements, or rights requests' confirmation links. */
const BUDGETS = {
  acknowledgement: { prefix: '', perDay: () => config.acknowledgementsPerDay() },
  rightsConfirmation: { prefix: 'derechos:', perDay: () => config.rightsConfirmationsPerDay() },
} as const;

/**
 * The statement that stores an acknowledgement for delivery unless its mailbox has had its day's
 * share, or a rights request blocked it (bloqueo, oposición: rights/actions.ts); run it in the
 * submission's batch. A new rights request's confirmation (`rightsConfirmation`) has its own
 * share and goes even to a blocked mailbox: without it the person could not exercise a right
 * again. Two submissions at once count one after the other: the counter row is locked by the
 * upsert, and its WHERE sees the other's count. Its rows in the batch's answer say whether the
 * mail was queued: one, or none when it was not.
 */
export function enqueueAcknowledgement(
  mail: Pick<Mail, 'to' | 'subject'> & { text: string | WrittenText },
  reference: string,
  { rightsConfirmation = false }: { rightsConfirmation?: boolean } = {},
): Statement {
  const text: WrittenText =
    typeof mail.text === 'string'
      ? { before: mail.text, part: "array_to_string($10::text[], '')", values: [], after: '' }
      : mail.text;
  const only = text.only ?? 'true';
  const budget = BUDGETS[rightsConfirmation ? 'rightsConfirmation' : 'acknowledgement'];
  return {
    text: `WITH ${dailyShare(`encode(sha256(convert_to($1 || mailbox_of($5), 'UTF8')), 'hex')`, '$2', '$3', only)}
           INSERT INTO outbox (${OUTBOX_COLUMNS})
           SELECT $4, $5, NULL, $6, $7::text || ${text.part} || $11::text, NULL, $8 FROM counted
           WHERE ($9 OR NOT ${blockedMailbox('$5')})
           RETURNING id`,
    params: [
      budget.prefix,
      chileDate(new Date()),
      budget.perDay(),
      reference,
      mail.to,
      mail.subject,
      text.before,
      deployContext(),
      rightsConfirmation,
      text.values,
      text.after,
    ],
  };
}

/** Forgets the counts of past days (outbox-retry): only today's are of use. */
export async function forgetPastAcknowledgements(db: Database): Promise<void> {
  await db.query('DELETE FROM mail_acknowledgements WHERE day < $1::date', [chileDate(new Date())]);
}

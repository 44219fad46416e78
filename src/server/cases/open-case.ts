import { acknowledgementTexts as texts, quoted } from '../../shared/cases/texts.ts';
import { RIGHTS_BUSINESS_DAYS } from '../../shared/rights/texts.ts';
import { COMPLAINT_BUSINESS_DAYS, followUpHref, yourCase, type CaseKind } from '../../shared/cases/schema.ts';
import { longDate } from '../../shared/time/long-date.ts';
import { site } from '../../shared/site.ts';
import { addBusinessDays, businessDaysAfter } from '../../shared/time/business-days.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import type { Statement } from '../db/index.ts';
import type { Arrival } from '../http.ts';
import { enqueueAcknowledgement } from '../mail/acknowledgements.ts';

/** The most business days staff may give messages (CaseSettingsSchema, the column's CHECK). */
const MOST_MESSAGE_DAYS = 30;

/** A message's business days as staff set them, read by the statements that need it. */
const MESSAGE_DAYS = '(SELECT message_business_days FROM case_settings)';

/**
 * The last day to answer: complaints and rights requests by law; messages by the utility's target,
 * which staff may change at any time, the rest none. The statements choose the day among `days`
 * (`choice`, SQL, from 1): for a message, each day the setting can give, so that the setting is
 * read by the submission's own batch rather than in a round trip before it.
 */
function dueDays(kind: CaseKind, received: Date): { days: (string | null)[]; choice: string } {
  const day = chileDate(received);
  if (kind === 'reclamo') return { days: [addBusinessDays(day, COMPLAINT_BUSINESS_DAYS)], choice: '1' };
  if (kind === 'derechos') return { days: [addBusinessDays(day, RIGHTS_BUSINESS_DAYS)], choice: '1' };
  if (kind !== 'mensaje') return { days: [null], choice: '1' };
  return { days: businessDaysAfter(day, MOST_MESSAGE_DAYS), choice: MESSAGE_DAYS };
}

interface NewCase {
  kind: CaseKind;
  reference: string;
  name: string;
  email: string;
  locality: string;
  /**
   * What the citizen must do before the case can be worked on, placed before the follow-up link,
   * with the acknowledgement's own subject: a rights request's e-mail confirmation (rights/submit.ts).
   */
  confirmation?: { subject: string; lines: string[] };
}

/**
 * The statements that open the case of a submission and mail the citizen its acknowledgement
 * (the reference, the deadline, the follow-up link): run them in the submission's own batch, so
 * a submission is never stored without its case, nor a case without its submission. The
 * acknowledgement is capped per address (mail/acknowledgements.ts) and opens with the utility's
 * words; the name the visitor typed comes last, quoted (shared/cases/texts.ts). The acknowledgement
 * is the last of `statements`: its rows in the batch's answer say whether it was queued.
 */
export function openCase(
  { kind, reference, name, email, locality, confirmation }: NewCase,
  arrival: Arrival,
): { due: string | null; statements: Statement[] } {
  const { days, choice } = dueDays(kind, arrival.at);
  const link = `${arrival.origin}${followUpHref(reference)}`;
  const after = [
    ...(confirmation ? ['', ...confirmation.lines] : []),
    '',
    texts.followUp,
    link,
    '',
    texts.notYou(yourCase[kind]),
    '',
    site.name,
    texts.automatic,
    '',
    texts.quotedHeading,
    ...quoted(`${texts.name}: ${name}`),
  ].join('\n');
  const text = {
    before: `${texts.received(yourCase[kind], longDate(chileDate(arrival.at)), reference)}\n`,
    part: `($10::text[])[${choice}]`,
    values: days.map((day) => (day ? `${texts.answerBy(longDate(day))}\n` : '')),
    after,
  };
  const subject = confirmation?.subject ?? `Recibimos ${yourCase[kind]} (${reference})`;
  const statements = [
    {
      text: `INSERT INTO cases (kind, reference, citizen_name, citizen_email, locality, received_at, due_on)
             VALUES ($1, $2, $3, $4, $5, $6, ($7::date[])[${choice}])`,
      params: [kind, reference, name, email, locality, arrival.at.toISOString(), days],
    },
    enqueueAcknowledgement({ to: email, subject, text }, reference, { rightsConfirmation: kind === 'derechos' }),
  ];
  // A message's day is the setting's, known only to the statements.
  return { due: choice === MESSAGE_DAYS ? null : (days[0] ?? null), statements };
}

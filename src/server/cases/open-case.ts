import { acknowledgementTexts as texts, quoted } from '../../shared/cases/texts.ts';
import { RIGHTS_BUSINESS_DAYS } from '../../shared/rights/texts.ts';
import { COMPLAINT_BUSINESS_DAYS, followUpHref, longDate, yourCase, type CaseKind } from '../../shared/cases/schema.ts';
import { site } from '../../shared/site.ts';
import { addBusinessDays, chileDate } from '../business-days.ts';
import type { Database, Statement } from '../db/index.ts';
import type { Arrival } from '../http.ts';
import { enqueueAcknowledgement } from '../mail/acknowledgements.ts';
import { readCaseSettings } from './settings.ts';

/** The last day to answer: complaints and rights requests by law, messages by the utility's target, the rest none. */
async function dueOn(db: Database, kind: CaseKind, received: Date): Promise<string | null> {
  if (kind === 'reclamo') return addBusinessDays(chileDate(received), COMPLAINT_BUSINESS_DAYS);
  if (kind === 'derechos') return addBusinessDays(chileDate(received), RIGHTS_BUSINESS_DAYS);
  if (kind !== 'mensaje') return null;
  return addBusinessDays(chileDate(received), (await readCaseSettings(db)).messageBusinessDays);
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
export async function openCase(
  db: Database,
  { kind, reference, name, email, locality, confirmation }: NewCase,
  arrival: Arrival,
): Promise<{ due: string | null; statements: Statement[] }> {
  const due = await dueOn(db, kind, arrival.at);
  const link = `${arrival.origin}${followUpHref(reference)}`;
  const text = [
    texts.received(yourCase[kind], longDate(chileDate(arrival.at)), reference),
    ...(due ? [texts.answerBy(longDate(due))] : []),
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
  const subject = confirmation?.subject ?? `Recibimos ${yourCase[kind]} (${reference})`;
  const statements = [
    {
      text: `INSERT INTO cases (kind, reference, citizen_name, citizen_email, locality, received_at, due_on)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      params: [kind, reference, name, email, locality, arrival.at.toISOString(), due],
    },
    enqueueAcknowledgement({ to: email, subject, text }, reference, { evenIfBlocked: kind === 'derechos' }),
  ];
  return { due, statements };
}

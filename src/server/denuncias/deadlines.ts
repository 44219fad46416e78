import { DUE_SOON_DAYS, leyKarinTypes, type Deadline, type DeadlineKind } from '../../shared/denuncias/case/schema.ts';
import { addBusinessDays } from '../../shared/time/business-days.ts';
import { chileDate } from '../../shared/time/wall-clock.ts';
import { addDays, addMonths } from '../../shared/time/days.ts';

/**
 * A denuncia's deadlines, from the Chilean day it was received: the acknowledgement 7
 * days after, the feedback to the reporter 3 months after (ISO 37002, EU directive 2019/1937),
 * and for the Ley Karin types the investigation 30 business days after (Ley 21.643, Chile's
 * holidays from business-days.ts). Acknowledging meets the first; closing the case, with its
 * outcome told to the reporter, meets the others.
 */

const ACKNOWLEDGEMENT_DAYS = 7;
const FEEDBACK_MONTHS = 3;
const INVESTIGATION_BUSINESS_DAYS = 30;

interface DeadlineFacts {
  receivedAt: Date;
  type: string;
  acknowledgedAt: Date | null;
  closedAt: Date | null;
}

/** The days each deadline falls due, in the order the desk shows them. */
export function dueDays({ receivedAt, type }: Pick<DeadlineFacts, 'receivedAt' | 'type'>): [DeadlineKind, string][] {
  const received = chileDate(receivedAt);
  return [
    ['acknowledgement', addDays(received, ACKNOWLEDGEMENT_DAYS)],
    ['feedback', addMonths(received, FEEDBACK_MONTHS)],
    ...(leyKarinTypes.includes(type)
      ? [['investigation', addBusinessDays(received, INVESTIGATION_BUSINESS_DAYS)] as [DeadlineKind, string]]
      : []),
  ];
}

/** The deadlines as of `now`: met, overdue (past its day), due soon (within DUE_SOON_DAYS) or pending. */
export function deadlines(facts: DeadlineFacts, now: Date): Deadline[] {
  const today = chileDate(now);
  const soon = addDays(today, DUE_SOON_DAYS);
  return dueDays(facts).map(([kind, due]) => {
    const met = kind === 'acknowledgement' ? facts.acknowledgedAt : facts.closedAt;
    const state = met ? 'met' : due < today ? 'overdue' : due <= soon ? 'due-soon' : 'pending';
    return { kind, due, state };
  });
}

/**
 * How long the site keeps each kind of personal data (Ley 21.719). The hourly clean-up
 * (src/server/retention.ts) deletes by these periods and the privacy notice
 * (content/pages/privacidad.mdx) states them from here, so what the notice says and what is
 * deleted cannot drift apart. Each period runs from the submission (mail: from its delivery; a
 * contact message, a complaint or a rights request: from the closing of its case in Atención
 * ciudadana, so an open case is never deleted), and nothing is deleted while a mail of it has not
 * reached the utility.
 */

export interface Period {
  amount: number;
  unit: 'day' | 'month' | 'year';
}

export const retention = {
  /** The outbox's copy of a delivered mail: recipient, reply address, subject, body, attachment. */
  deliveredMail: { amount: 30, unit: 'day' },
  /**
   * The record that a text to the utility's number was acted on (the provider's id of it, never
   * the phone or the words), so a request posted again does nothing twice.
   */
  phoneInbound: { amount: 30, unit: 'day' },
  /** Job applications and their CVs: long enough for the selection processes of a season. */
  jobApplications: { amount: 6, unit: 'month' },
  /** Contact messages, from the closing of their case: the request, its answer and any follow-up. */
  contactMessages: { amount: 2, unit: 'year' },
  /** Motorhome registrations: the season of the visit and the next. */
  motorhomeRegistrations: { amount: 2, unit: 'year' },
  /** Complaints, from the closing of their case: the ordinary civil limitation period (Código Civil, art. 2515). */
  complaints: { amount: 5, unit: 'year' },
  /** Online payments, attempts included: the tax authority's longest review period (Código Tributario, arts. 17 and 200). */
  bills: { amount: 6, unit: 'year' },
  /**
   * Denuncias, from the closing of their case, with their messages and files: the limitation
   * period of the offences Ley 20.393 covers that are simple delitos (Código Penal, art. 94), so
   * the company can show how it handled one for as long as it can be prosecuted for it.
   */
  denuncias: { amount: 5, unit: 'year' },
  /** /seguimiento's failed lookups, counted for its throttle under a keyed hash of the client: past its 15 minutes. */
  followUpFailures: { amount: 1, unit: 'day' },
  /** /denuncias/seguimiento's failed receipt codes, counted for its throttle like followUpFailures. */
  receiptFailures: { amount: 1, unit: 'day' },
  /**
   * Rights requests (Ley 21.719), from the closing of their case, with their notes, replies and
   * download records: what was asked, how the person was identified and what was done, the
   * utility's proof that it answered within the law's terms. As long as contact messages, the
   * other written exchange with a person (an open request is never deleted).
   */
  rightsRequests: { amount: 2, unit: 'year' },
  /** A subscription to the alerts of cortes never confirmed, from its (last) request: the link's life. */
  unconfirmedOutageAlerts: { amount: 7, unit: 'day' },
  /**
   * A warning of high consumption (what was compared, to which address or why none), from when it
   * was written: as long as the periods it was about, the 24 a service keeps.
   */
  consumptionWarnings: { amount: 24, unit: 'month' },
} as const satisfies Record<string, Period>;

const UNIT_NAMES = { day: ['día', 'días'], month: ['mes', 'meses'], year: ['año', 'años'] } as const;

/** The period as the notice says it: "30 días", "6 meses", "1 año". */
export const periodText = ({ amount, unit }: Period): string => `${amount} ${UNIT_NAMES[unit][amount === 1 ? 0 : 1]}`;

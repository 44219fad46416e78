import { SEGMENT_SEPTETS, septets, toGsm7 } from '../../shared/phone-alerts/gsm7.ts';
import type { PhoneChannel } from '../../shared/phone-alerts/channels.ts';

/**
 * What a phone is told of a notice: one GSM-7 segment (160 characters) whatever the sectors or
 * the towns, so an alert costs one message. `lead` says what happened and where, `detail` what
 * there is room for (times, sectors), cut first; `address` is the page of the corte or aviso on
 * the site, never cut and never a sign-in link. A call reads the text twice and has no use for
 * an address: it says where on the site to look instead.
 */
export interface PhoneAlert {
  lead: string;
  detail: string;
  /** What a call says instead of `detail`, when a landline cannot do what the text asks. */
  spokenDetail?: string;
  /** Said whole, before the address: why an alert nobody asked for came, and how to stop it. */
  note?: string;
  /** The page on the site, e.g. https://…/cortes#corte-12. */
  address: string;
  /** A health notice or an emergency cut: not held by the quiet hours. */
  urgent: boolean;
}

const CUT = '...';

/** `text` cut to at most `room` septets (GSM-7), with a mark that it was; whole when it fits. */
function cut(text: string, room: number): string {
  if ((septets(text) ?? Infinity) <= room) return text;
  let kept = text;
  while (kept !== '' && (septets(kept.trimEnd() + CUT) ?? Infinity) > room) kept = kept.slice(0, -1);
  return kept === '' ? '' : kept.trimEnd() + CUT;
}

/** The alert in one segment, in GSM-7: the detail cut first, then the lead; the address whole. */
export function phoneAlertText({ lead, detail, note = '', address }: PhoneAlert): string {
  const [gsmLead, gsmDetail, gsmNote, gsmAddress] = [lead, detail, note, address].map(toGsm7) as [
    string,
    string,
    string,
    string,
  ];
  const whole = `${gsmNote} ${gsmAddress}`.trim();
  const room = SEGMENT_SEPTETS - (septets(whole) ?? SEGMENT_SEPTETS) - 1;
  const leadText = cut(gsmLead, room);
  const detailRoom = room - (septets(leadText) ?? 0) - 1;
  const detailText = detailRoom > CUT.length + 3 ? cut(gsmDetail, detailRoom) : '';
  return [leadText, detailText, whole].filter(Boolean).join(' ');
}

/**
 * The body each channel sends. A text is GSM-7; WhatsApp, which has every letter, gets the same
 * words; a call gets them with their accents (a synthetic voice stresses "codigo" wrongly) and
 * the site's section instead of an address.
 */
export function phoneAlertBody(alert: PhoneAlert, channel: PhoneChannel): string {
  if (channel !== 'voz') return phoneAlertText(alert);
  const section = new URL(alert.address).pathname.startsWith('/avisos') ? 'Avisos' : 'Cortes';
  return [
    alert.lead,
    alert.spokenDetail ?? alert.detail,
    alert.note ?? '',
    `Más información en nuestro sitio web, sección ${section}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

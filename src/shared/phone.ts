/**
 * Phone numbers as E.164 (`+56912345678`), the form a provider dials: one reading for the billing
 * export's `contact_phone` and for the phones that subscribe to alerts (phone-alerts/).
 */

/**
 * A phone typed as people write it, as E.164: spaces, dashes, dots and brackets are dropped; 9
 * digits (every Chilean number since 2016) get +56; 56 and 9 digits get +; a + and 8 to 15 digits
 * is kept (a number abroad). Anything else is no phone.
 */
export function e164(value: string): string | undefined {
  const compact = value.replace(/[\s\-.()]/g, '');
  if (/^\d{9}$/.test(compact)) return `+56${compact}`;
  if (/^56\d{9}$/.test(compact)) return `+${compact}`;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return undefined;
}

/** A Chilean mobile (`+56 9 …`) or a landline of Aysén (`+56 67 …`): the phones the alerts reach. */
export type AlertPhoneKind = 'movil' | 'fijo';

/**
 * The E.164 of a phone the alerts can reach, and its kind (a landline gets a voice call), or
 * undefined: a mobile is 9 and 8 digits, a landline of Aysén 67 and 7 digits.
 */
export function alertPhone(value: string): { phone: string; kind: AlertPhoneKind } | undefined {
  const phone = e164(value);
  if (phone && /^\+569\d{8}$/.test(phone)) return { phone, kind: 'movil' };
  if (phone && /^\+5667\d{7}$/.test(phone)) return { phone, kind: 'fijo' };
  return undefined;
}

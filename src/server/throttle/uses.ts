import { retention } from '../../shared/retention/texts.ts';
import { config } from '../config.ts';
import { keyed, keyedClientGroup } from './client-group.ts';
import type { Counter, Throttle } from './throttle.ts';

/**
 * Every secret a person types, and what its attempts count on (throttle.ts). A new look-up by a
 * secret (a service number and RUT) is one more configuration here: per client group always, per
 * account where there is one.
 */

/**
 * /seguimiento's reference and e-mail, per client group. No global brake: a look-up costs no slow
 * hash, so there is nothing a flood could exhaust that would justify holding back anyone else.
 */
export const FOLLOW_UP_THROTTLE: Throttle = {
  table: 'follow_up_failures',
  free: 5,
  memory: retention.followUpFailures,
};

/**
 * /consumo's holder RUT for a service number, per service: a guesser spreading RUTs over many
 * client groups is held back where the secret is, at the cost of a wait for the holder (staff at
 * Cuentas open the same view).
 */
export const CONSUMPTION_SERVICE_THROTTLE: Throttle = {
  table: 'follow_up_failures',
  free: 10,
  memory: retention.followUpFailures,
};

/** /denuncias/seguimiento's receipt code, per client group, checked by a slow hash. */
export const RECEIPT_THROTTLE: Throttle = {
  table: 'receipt_failures',
  free: 5,
  memory: retention.receiptFailures,
  /**
   * Clients failing within 15 minutes that put the brake on: a small utility's reporters mistype
   * their code now and then, thirty different connections doing so at once is a guesser.
   */
  brake: 30,
};

/**
 * The code sent to a phone to confirm its alerts, per phone and per client group: a 6-digit code
 * lives 10 minutes, in which five guesses and the growing waits after them leave a guesser about
 * one chance in 100,000.
 */
export const PHONE_CODE_THROTTLE: Throttle = {
  table: 'follow_up_failures',
  free: 5,
  memory: retention.followUpFailures,
};

/** Staff sign-in (OWASP ASVS 5.0, 6.3): 15 minutes' wait once a counter's failures are spent. */
const SIGN_IN: Omit<Throttle, 'free'> = {
  table: 'login_failures',
  memory: { amount: 15, unit: 'minute' },
  waits: { first: 15 * 60, longest: 15 * 60 },
};

export const SIGN_IN_THROTTLES = {
  /**
   * Passwords and codes typed for one e-mail from one client group: a stranger who tries someone's
   * e-mail from elsewhere is slowed down without locking the owner out of their own client.
   */
  account: { ...SIGN_IN, free: 5 },
  /** Everything one client group types, whatever the e-mails. */
  client: { ...SIGN_IN, free: 20 },
  /**
   * Wrong second-factor codes of one account, whatever the addresses: only whoever has its
   * password gets this far, so a lock here tells its owner (sign-in.ts mails a notice).
   */
  secondFactor: { ...SIGN_IN, free: 10 },
} satisfies Record<string, Throttle>;

/** The e-mail as the throttle and the log keep it: bounded in length. */
export const typedEmail = (email: string) => email.trim().toLowerCase().slice(0, 120);

export const followUpCounters = async (address: string): Promise<Counter[]> => [
  { throttle: FOLLOW_UP_THROTTLE, key: keyedClientGroup(await config.authSecret(), 'follow-up', address) },
];

/** A holder's RUT typed for a service number at /consumo: per client group, as the follow-ups, and per service. */
export async function consumptionCounters(serviceNumber: string, address: string): Promise<Counter[]> {
  const secret = await config.authSecret();
  return [
    { throttle: FOLLOW_UP_THROTTLE, key: keyedClientGroup(secret, 'consumption', address) },
    { throttle: CONSUMPTION_SERVICE_THROTTLE, key: keyed(secret, `consumption:${serviceNumber}`) },
  ];
}

export const receiptCounters = async (address: string): Promise<Counter[]> => [
  { throttle: RECEIPT_THROTTLE, key: keyedClientGroup(await config.denunciasKey(), 'receipt-failures', address) },
];

/** A password typed for `email` (the sign-in's, or one's own re-checked). */
export async function passwordCounters(email: string, address: string): Promise<Counter[]> {
  const secret = await config.authSecret();
  const client = keyedClientGroup(secret, 'sign-in', address);
  return [
    { throttle: SIGN_IN_THROTTLES.account, key: keyed(secret, `sign-in:${typedEmail(email)}:${client}`) },
    { throttle: SIGN_IN_THROTTLES.client, key: client },
  ];
}

/** A second-factor code of the account `adminId` (e-mail `email`): counted with its passwords, and per account. */
export const secondFactorCounters = async (email: string, adminId: string, address: string): Promise<Counter[]> => [
  ...(await passwordCounters(email, address)),
  { throttle: SIGN_IN_THROTTLES.secondFactor, key: keyed(await config.authSecret(), `second-factor:${adminId}`) },
];

/** A code typed for a phone's alerts: per client group and per phone, whoever types it. */
export async function phoneCodeCounters(phone: string, address: string): Promise<Counter[]> {
  const secret = await config.authSecret();
  return [
    { throttle: PHONE_CODE_THROTTLE, key: keyedClientGroup(secret, 'phone-code', address) },
    { throttle: PHONE_CODE_THROTTLE, key: keyed(secret, `phone-code:${phone}`) },
  ];
}

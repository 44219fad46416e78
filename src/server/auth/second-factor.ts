import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TotpEnrolment } from '../../shared/auth/schema.ts';
import { site } from '../../shared/site.ts';
import { config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { sealText, unsealText } from '../encryption.ts';

/**
 * The second factor of every staff account (OWASP ASVS 5.0 §6.5): TOTP (RFC 6238: SHA-1,
 * 6 digits, 30 seconds, what every authenticator app reads) through otpauth, and 10 single-use
 * recovery codes. The secret is sealed with config.totpKey(), bound to its account; a code is
 * accepted once, and one step either side of now allows for a phone's clock.
 */

const PERIOD = 30;
const RECOVERY_CODES = 10;

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: site.name,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });

/** A new secret (160 bits, RFC 4226's recommendation) for the account of `email`, as the app shows it. */
export function newTotpSecret(email: string): TotpEnrolment {
  const generated = totp(new Secret({ size: 20 }).base32, email);
  return { secret: generated.secret.base32, uri: generated.toString() };
}

/** The 30-second step of the code, when it is this secret's code now (or one step either side). */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

const sealContext = (adminId: string) => `admins.totp_secret:${adminId}`;

/** `key`: config.totpKey() unless given (the end-to-end tests seal with the key they hand the server). */
export const sealTotpSecret = async (adminId: string, secret: string, key?: Buffer) =>
  sealText(secret, sealContext(adminId), key ?? (await config.totpKey()));

export const unsealTotpSecret = async (adminId: string, sealed: string) =>
  unsealText(sealed, sealContext(adminId), await config.totpKey());

/** Recovery codes read XXXX-XXXX-XXXX-XXXX in base32 (80 random bits): typed with or without dashes or case. */
const normalCode = (code: string) => code.toUpperCase().replace(/[^A-Z2-7]/g, '');
const codeHash = (code: string) => createHash('sha256').update(normalCode(code), 'utf8').digest('hex');

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const plain = new Secret({ buffer: randomBytes(10).buffer }).base32;
    return plain.match(/.{4}/g)!.join('-');
  });
}

/** What is stored of recovery codes: their SHA-256, enough for 80 random bits (never the codes). */
export const recoveryCodeHashes = (codes: string[]) => codes.map(codeHash);

/**
 * Accepts a code once: a TOTP code of a step newer than the last accepted, or an unused recovery
 * code; each marked in the same statement that checks it, so two requests cannot both use one.
 */
export async function useSecondFactor(
  db: Database,
  account: { id: string; totp_secret: string },
  code: string,
): Promise<boolean> {
  // A secret sealed with another key (a preview's copy of production's accounts) verifies no code.
  const secret = await unsealTotpSecret(account.id, account.totp_secret).catch(() => {
    console.warn('second factor: a TOTP secret does not unseal with TOTP_ENCRYPTION_KEY.');
    return undefined;
  });
  const step = secret === undefined ? undefined : totpStep(secret, code.replace(/\s/g, ''));
  if (step !== undefined) {
    const used = await db.query(
      `UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [account.id, step],
    );
    return used.length > 0;
  }
  if (normalCode(code).length !== 16) return false;
  const used = await db.query(
    `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL
     RETURNING admin_id`,
    [account.id, codeHash(code)],
  );
  return used.length > 0;
}

/**
 * Local mode only: the sealed secret of SEED_ADMIN_TOTP_SECRET for the seeded first administrator,
 * enrolled from the start so scripts and tests can sign in (scripts/lib/local-database.ts).
 * Undefined in production, whatever is set (config.seedAdminTotpSecret).
 */
export async function sealedSeedSecret(adminId: string): Promise<string | undefined> {
  const secret = config.seedAdminTotpSecret();
  return secret ? sealTotpSecret(adminId, Secret.fromBase32(secret).base32) : undefined;
}

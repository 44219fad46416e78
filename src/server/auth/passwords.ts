import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { config } from '../config.ts';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt at OWASP's recommended cost (Password Storage Cheat Sheet: N=2^17, r=8, p=1, 128 MiB;
// the tests' accounts may be cheaper, config.passwordHashCost); the parameters are stored with
// each hash, and a weaker one is replaced at the next sign-in.
const params = () => ({ N: 2 ** config.passwordHashCost(), r: 8, p: 1 });
const MAXMEM = 256 * 1024 * 1024;
const LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params();
  const hash = await scrypt(password.normalize('NFKC'), salt, LENGTH, { N, r, p, maxmem: MAXMEM });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(actual, expected);
}

/** True for a hash made with weaker parameters than today's: rehash it while the password is at hand. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$');
  const today = params();
  return Number(N) < today.N || Number(r) < today.r || Number(p) < today.p;
}

/**
 * What an unknown e-mail is checked against: a hash of today's cost, so a wrong e-mail takes as
 * long as a wrong password and timing reveals nothing.
 */
export const unknownAccountHash = (): string => {
  const { N, r, p } = params();
  return `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA==$${'A'.repeat(86)}==`;
};

/** A password for a new account, shown once: 18 random characters. */
export const generatePassword = (): string => randomBytes(14).toString('base64url').slice(0, 18);

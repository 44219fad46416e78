import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The keys of a link mailed to someone without an account (an alert subscription, a rights
 * request, an export): 32 random bytes (256 bits: unguessable), in
 * base64url for a link. Only their SHA-256 is stored, so a copy of the database opens nothing; a
 * fast hash is enough for a random 256-bit secret (unlike a password, there is nothing to guess).
 */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

// Digests of equal length, so the comparison takes the same time whatever the secret's length.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Whether a secret typed or sent is the configured one, in constant time. */
export const sameSecret = (given: string, expected: string): boolean =>
  timingSafeEqual(digest(given), digest(expected));

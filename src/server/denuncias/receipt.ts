import { createHmac, randomInt, scrypt } from 'node:crypto';
import { RECEIPT_DIGITS, receiptDigits } from '../../shared/denuncias/case/schema.ts';
import { config } from '../config.ts';

/**
 * A denuncia's receipt code: 16 random digits, shown to the reporter once, the only
 * key to the case on /denuncias/seguimiento, as GlobaLeaks' receipts are. Only a slow hash is
 * stored (scrypt, N = 2^15, about 0.1 s), peppered with a value derived from the denuncias key:
 * a database dump alone gives nothing to try codes against, and with the key each guess still
 * costs that time. One pepper for every code, so a typed code finds its case by its hash.
 */

export function newReceiptCode(): string {
  let code = '';
  for (let digit = 0; digit < RECEIPT_DIGITS; digit++) code += String(randomInt(10));
  return code;
}

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function receiptHash(typed: string): Promise<string> {
  const pepper = createHmac('sha256', await config.denunciasKey())
    .update('denuncia-receipt')
    .digest();
  return new Promise((resolve, reject) =>
    scrypt(receiptDigits(typed), pepper, 32, SCRYPT, (error, hash) =>
      error ? reject(error) : resolve(hash.toString('base64url')),
    ),
  );
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from './config.ts';

/**
 * Encryption at rest of what a denuncia says: AES-256-GCM from node:crypto, the key
 * from config.denunciasKey(). Each value is bound to where it belongs (`context`, e.g.
 * "denuncias.narrative:DEN-7K3M9Q2X") as the cipher's additional data, so a value copied into
 * another row or column does not decrypt. A sealed text reads `v1.<iv>.<tag>.<ciphertext>`,
 * each part base64url: a database dump alone shows none of it. Staff TOTP secrets are sealed the
 * same way with a key of their own (`key`: config.totpKey()).
 */

const VERSION = 'v1';

export async function seal(plain: Uint8Array, context: string, key?: Buffer): Promise<Buffer> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key ?? (await config.denunciasKey()), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export async function unseal(sealed: Uint8Array, context: string, key?: Buffer): Promise<Buffer> {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key ?? (await config.denunciasKey()), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

/** A text column's value, sealed; an empty text stays empty, so "not given" needs no key to read. */
export async function sealText(plain: string, context: string, key?: Buffer): Promise<string> {
  if (plain === '') return '';
  const bytes = await seal(Buffer.from(plain, 'utf8'), context, key);
  const [iv, tag, body] = [bytes.subarray(0, 12), bytes.subarray(12, 28), bytes.subarray(28)];
  return [VERSION, ...[iv, tag, body].map((part) => part.toString('base64url'))].join('.');
}

export async function unsealText(sealed: string, context: string, key?: Buffer): Promise<string> {
  if (sealed === '') return '';
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error(`Not a sealed text (${context})`);
  const bytes = Buffer.concat([iv, tag, body].map((part) => Buffer.from(part, 'base64url')));
  return (await unseal(bytes, context, key)).toString('utf8');
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getStore } from '@netlify/blobs';

/**
 * Whether production's denuncias key is also a preview's. A function reads only its own
 * context's variables, so no context can see another's key; what every context shares is the
 * site-wide blob store. Each context serving denuncias records there a proof that it holds its key
 * (an HMAC, keyed by the key, of a random nonce and the context's name) and checks the proofs other
 * contexts recorded: production against every other context's, any other context against
 * production's. A proof made with the same key verifies; it tells nothing of the key, cannot be
 * made without it (a preview's code cannot make production refuse) and cannot be moved to another
 * context's name. Until both contexts have used their key since it was set, nothing can tell.
 */
export const KEY_PROOFS_STORE = 'denuncias-key-proofs';

interface Proof {
  nonce: string;
  proof: string;
}

const prove = (key: Buffer, context: string, nonce: string) =>
  createHmac('sha256', key).update(`denuncias-key-proof\0${context}\0${nonce}`).digest();

function verifies(key: Buffer, context: string, entry: unknown): boolean {
  const { nonce, proof } = (entry ?? {}) as Partial<Proof>;
  if (typeof nonce !== 'string' || typeof proof !== 'string') return false;
  const expected = prove(key, context, nonce);
  const given = Buffer.from(proof, 'base64url');
  return given.byteLength === expected.byteLength && timingSafeEqual(given, expected);
}

const entryKey = (context: string) => `denuncias/${encodeURIComponent(context)}`;

/** Records this context's proof (unless the one there is already its key's) and finds a context sharing the key. */
async function findSharing(key: Buffer, context: string): Promise<string | undefined> {
  const store = getStore({ name: KEY_PROOFS_STORE, consistency: 'strong' });
  if (!verifies(key, context, await store.get(entryKey(context), { type: 'json' }))) {
    const nonce = randomBytes(16).toString('base64url');
    await store.setJSON(entryKey(context), { nonce, proof: prove(key, context, nonce).toString('base64url') });
  }
  const { blobs } = await store.list({ prefix: 'denuncias/' });
  for (const blob of blobs) {
    const other = decodeURIComponent(blob.key.slice('denuncias/'.length));
    // Production against the others; the others against production, not among themselves.
    if ((other === 'production') === (context === 'production')) continue;
    if (verifies(key, other, await store.get(blob.key, { type: 'json' }))) return other;
  }
  return undefined;
}

// The key is read for every sealed value; the store is asked at most every 10 minutes per process.
const RECHECK_MS = 10 * 60_000;
let last: { fingerprint: string; at: number; sharing: Promise<string | undefined> } | undefined;

/**
 * The deploy context sharing `key` with `context` (production's with another's, or another's with
 * production's), or undefined. When the store cannot be read, nothing can tell: undefined, logged.
 */
export function contextSharingKey(key: Buffer, context: string): Promise<string | undefined> {
  const fingerprint = `${context}\0${prove(key, context, '').toString('base64url')}`;
  const age = last ? Date.now() - last.at : RECHECK_MS;
  if (last?.fingerprint === fingerprint && age >= 0 && age < RECHECK_MS) return last.sharing;
  const sharing = findSharing(key, context).catch((error: unknown) => {
    console.warn(`denuncias key check: the blob store did not answer (${(error as Error).message})`);
    return undefined;
  });
  last = { fingerprint, at: Date.now(), sharing };
  return sharing;
}

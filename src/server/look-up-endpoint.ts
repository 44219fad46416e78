import type { Context } from '@netlify/functions';
import type * as z from 'zod/mini';
import { getDatabase, type Database } from './db/index.ts';
import { json, methodNotAllowed, readInput, withErrorHandling } from './http.ts';

/**
 * The function behind a look-up by something a person types (a case's reference and e-mail, a
 * service number and its holder's RUT): a POST, so the secret never sits in a URL, a log or a
 * cache; its JSON read by the shared schema; the service's data answered, never stored by a
 * browser or a CDN. The service refuses a wrong pair (NotFound) and throttles the client
 * (Throttled, by `address`).
 */
export const lookUpEndpoint = <S extends z.ZodMiniType>(
  schema: S,
  maxBytes: number,
  find: (db: Database, input: z.output<S>, address: string) => Promise<unknown>,
) =>
  withErrorHandling(async (req: Request, context: Context) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const input = await readInput(req, schema, maxBytes);
    const data = await find(getDatabase(), input, context.ip);
    return json({ success: true, data }, 200, { 'Cache-Control': 'no-store' });
  });

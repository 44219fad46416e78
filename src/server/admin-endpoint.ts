import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { requireAdmin, type SignedInAdmin } from './auth/require-admin.ts';
import type { TokenClaims } from './auth/tokens.ts';
import { getDatabase, type Database } from './db/index.ts';
import { ClientError } from './errors.ts';
import { failure, invalidInput, json, methodNotAllowed, readJson, withErrorHandling } from './http.ts';

interface AdminCall {
  req: Request;
  context: Context;
  admin: SignedInAdmin;
  /** The claims of the bearer token, to renew it. */
  token: TokenClaims;
  db: Database;
}

/**
 * An admin function (docs/admin-api.md): the signed-in admin is checked before anything else,
 * so nothing (not even a 405 or a 404) answers without a valid token; a ClientError of a
 * service answers its status with its message.
 */
export const adminEndpoint = (handle: (call: AdminCall) => Promise<Response>) =>
  withErrorHandling(async (req: Request, context: Context) => {
    const auth = await requireAdmin(req);
    if ('response' in auth) return auth.response;
    try {
      return await handle({ req, context, admin: auth.admin, token: auth.token, db: getDatabase() });
    } catch (error) {
      if (error instanceof ClientError)
        return failure(error.status, error.message, error.field ? { errors: { [error.field]: error.message } } : {});
      throw error;
    }
  });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the handler of the request's method; 405 naming the allowed ones otherwise. */
export function byMethod(req: Request, handlers: Partial<Record<Method, () => Promise<Response>>>): Promise<Response> {
  const handler = handlers[req.method as Method];
  return handler ? handler() : Promise.resolve(methodNotAllowed(Object.keys(handlers)));
}

/** The success shape of every admin answer: `{ success: true, data }`. */
export const answer = (data: unknown, status = 200): Response => json({ success: true, data }, status);

/** The JSON body validated by its shared schema, or the 4xx to answer. */
export async function readInput<S extends z.ZodType>(
  req: Request,
  schema: S,
  maxBytes: number,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const body = await readJson(req, maxBytes);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: invalidInput(parsed.error) };
}

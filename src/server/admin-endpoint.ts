import type { Context } from '@netlify/functions';
import { requireAdmin, type Access, type SignedInAdmin } from './auth/require-admin.ts';
import type { TokenClaims } from './auth/tokens.ts';
import { getDatabase, type Database } from './db/index.ts';
import { json, withErrorHandling } from './http.ts';
import { routeTable, type RouteTable } from './route-table.ts';

export interface AdminCall {
  req: Request;
  context: Context;
  admin: SignedInAdmin;
  /** The claims of the bearer token, to renew it. */
  token: TokenClaims;
  db: Database;
}

/**
 * An admin function (docs/reference/admin-api.md): the signed-in admin and their role are checked before
 * anything else, so nothing (not even a 405 or a 404) answers without a valid token (401) or
 * the role (403). Administrators' screens by default; the denuncias desk asks for `cumplimiento`.
 */
export const adminEndpoint = (handle: (call: AdminCall) => Promise<Response>, access: Access = 'administrador') =>
  withErrorHandling(async (req: Request, context: Context) => {
    const { admin, token } = await requireAdmin(req, access, context.ip);
    return handle({ req, context, admin, token, db: getDatabase() });
  });

/**
 * An admin function of several sub-resources: its route table (route-table.ts) behind the same
 * checks, so a path or a method it does not serve is refused only to a signed-in admin too.
 */
export const adminRoutes = <Pattern extends string>(routes: RouteTable<AdminCall, Pattern>, access?: Access) =>
  adminEndpoint(routeTable<AdminCall, Pattern>(routes), access);

/** The success shape of every admin answer: `{ success: true, data }`. */
export const answer = (data: unknown, status = 200): Response => json({ success: true, data }, status);

import { authMessages } from '../../shared/auth.ts';
import { failure } from '../http.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Every admin endpoint starts here (spec §6): the id of the admin of a valid bearer token, or
 * the 401 to answer. No token, a forged, expired or other-key token: 401, whatever is configured.
 */
export async function requireAdmin(req: Request): Promise<{ adminId: string } | { response: Response }> {
  const [scheme, token] = (req.headers.get('authorization') ?? '').split(' ');
  const adminId = scheme === 'Bearer' && token ? await verifyAccessToken(token) : undefined;
  return adminId ? { adminId } : { response: failure(401, authMessages.unauthorized) };
}

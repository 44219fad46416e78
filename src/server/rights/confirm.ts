import { confirmTexts } from '../../shared/rights/texts.ts';
import type { Database } from '../db/index.ts';
import { NotFound } from '../errors.ts';
import { hashToken } from '../link-tokens.ts';

/**
 * Confirms a rights request's e-mail with the token of the link mailed to it: once, within its
 * 7 days. The token's hash is cleared by the same statement that confirms, so two clicks at once
 * confirm once and the second finds nothing. Answers the request's reference.
 */
export async function confirmRightsEmail(db: Database, token: string, at: Date): Promise<string> {
  const [confirmed] = await db.query<{ reference: string }>(
    `UPDATE rights_requests SET email_confirmed_at = $2, confirm_token_hash = NULL
     WHERE confirm_token_hash = $1 AND confirm_expires_at > $2 RETURNING reference`,
    [hashToken(token), at.toISOString()],
  );
  if (!confirmed) throw new NotFound(confirmTexts.invalid);
  return confirmed.reference;
}

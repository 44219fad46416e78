import { randomBytes } from 'node:crypto';
import { anonymise, type AnonymisationOutcome } from '../../scripts/lib/preview-anonymisation.ts';
import { previewMessages } from '../shared/preview/texts.ts';
import { Conflict } from './errors.ts';
import type { Database } from './db/index.ts';
import { databaseFingerprint } from './db/preview-gate.ts';

/**
 * Production's side of a deploy preview's anonymisation (docs/guides/deploy.md, section 3a): the code that
 * replaces every person's data in a preview's database branch is production's, reviewed and
 * merged, never the pull request's own. Marks the branch in the same transaction; until then the
 * preview's functions refuse it (db/preview-gate.ts).
 */

/**
 * Anonymises the branch `branch` reached at `branchUrl`, from `production`. Refused (Conflict) when
 * the branch is production's own database: production writes a fresh value to its own first, and
 * a database that shows it is the same one, whatever its address.
 */
export async function anonymiseBranch(
  production: Database,
  branch: Database,
  branchUrl: string,
): Promise<AnonymisationOutcome> {
  const token = randomBytes(16).toString('hex');
  await production.query(
    `INSERT INTO database_identity (token) VALUES ($1) ON CONFLICT (id) DO UPDATE SET token = EXCLUDED.token`,
    [token],
  );
  const [seen] = await branch.query<{ token: string }>('SELECT token FROM database_identity');
  if (seen?.token === token) throw new Conflict(previewMessages.ownDatabase);
  return anonymise(branch, databaseFingerprint(branchUrl));
}

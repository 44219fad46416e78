import { config, MissingSettingError } from '../config.ts';

/**
 * The deploy context a function runs in (production, deploy-preview, branch-deploy, dev), which
 * every mail carries and every run filters on. Netlify gives it per invocation through the
 * `Netlify` global (its runtime keeps the request's Context there, waitUntil work included);
 * CONTEXT covers a runtime that does not. Local mode is `dev`. In production mode an unknown
 * context is a missing setting: guessing `production` would let a preview send production's mail.
 */
const platformContext = () =>
  (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } }).Netlify?.context?.deploy
    ?.context;

export function deployContext(): string {
  const named = platformContext()?.trim() || process.env.CONTEXT?.trim();
  if (named) {
    if (!/^[a-z0-9][a-z0-9:._-]{0,62}$/i.test(named))
      throw new MissingSettingError('CONTEXT', `"${named.slice(0, 64)}" is not a deploy context.`);
    return named;
  }
  if (config.isLocal()) return 'dev';
  throw new MissingSettingError('CONTEXT', 'the deploy context is unknown: no mail is written or sent without it.');
}

/**
 * The SQL condition on a mail's `column` (outbox.context) for the mail a run in `contextParam`'s
 * context sends: its own, and the mail written before contexts were recorded (NULL) where that is
 * its own too, in production and in local mode (migration 0033).
 */
export const ownMail = (column: string, contextParam: string) =>
  `(${column} = ${contextParam} OR (${column} IS NULL AND ${contextParam} IN ('production', 'dev')))`;

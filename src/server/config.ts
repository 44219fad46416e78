import { site } from '../shared/site.ts';

/**
 * Everything the server reads from the environment, read when asked so tests can set it.
 * Every variable is listed in the README's configuration table.
 */
const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;

export const config = {
  /** Set by Netlify Database in production and by the local emulation (scripts/serve.ts). */
  database() {
    const url = env('NETLIFY_DB_URL');
    if (!url) throw new Error('NETLIFY_DB_URL is not set: no database to connect to.');
    return { url, driver: env('NETLIFY_DB_DRIVER') === 'serverless' ? 'serverless' : 'server' } as const;
  },
  /** Local mode is any run on the embedded database: mail goes to files there, never in production. */
  isLocal: () => env('NETLIFY_DB_DRIVER') !== 'serverless',
  mail() {
    return {
      resendApiKey: env('RESEND_API_KEY'),
      from: env('MAIL_FROM') ?? `${site.name} <no-responder@example.com>`,
      outboxDir: env('MAIL_OUTBOX_DIR') ?? '.data/outbox',
    };
  },
};

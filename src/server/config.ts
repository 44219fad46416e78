import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  /**
   * Webpay Plus: WEBPAY_ENV production or integration (Transbank's hosts), or, in local mode
   * only, the built-in simulator served by `npm start` at /webpay-simulator.
   */
  webpay(origin: string) {
    const environment = env('WEBPAY_ENV') ?? (this.isLocal() ? 'simulator' : undefined);
    const hosts: Record<string, string> = {
      production: 'https://webpay3g.transbank.cl',
      integration: 'https://webpay3gint.transbank.cl',
      simulator: `${origin}/webpay-simulator`,
    };
    if (!environment || !hosts[environment] || (environment === 'simulator' && !this.isLocal())) {
      throw new Error('WEBPAY_ENV is not set to production or integration: no card payments.');
    }
    // Transbank's public test credentials serve the integration environment and the simulator.
    const testing = environment !== 'production';
    const commerceCode = env('WEBPAY_COMMERCE_CODE') ?? (testing ? '597055555532' : undefined);
    const apiKey =
      env('WEBPAY_API_KEY') ??
      (testing ? '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C' : undefined);
    if (!commerceCode || !apiKey)
      throw new Error('WEBPAY_COMMERCE_CODE and WEBPAY_API_KEY are required in production.');
    return { baseUrl: env('WEBPAY_BASE_URL') ?? hosts[environment]!, commerceCode, apiKey };
  },
  /**
   * The secret that signs admin tokens: JWT_SECRET; in local mode only, generated once and kept
   * in .data/jwt-secret. Never a default: without it nobody can sign in.
   */
  async authSecret(): Promise<string> {
    const secret = env('JWT_SECRET');
    if (secret) {
      if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters.');
      return secret;
    }
    if (!this.isLocal()) throw new Error('JWT_SECRET is not set: admin sign-in is disabled.');
    const file = path.resolve('.data/jwt-secret');
    const stored = await readFile(file, 'utf8').catch(() => undefined);
    if (stored) return stored.trim();
    const generated = randomBytes(48).toString('base64url');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, generated, { mode: 0o600 });
    return generated;
  },
  mail() {
    return {
      resendApiKey: env('RESEND_API_KEY'),
      from: env('MAIL_FROM') ?? `${site.name} <no-responder@example.com>`,
      outboxDir: env('MAIL_OUTBOX_DIR') ?? '.data/outbox',
    };
  },
};

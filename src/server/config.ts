import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { e164 } from '../shared/phone.ts';
import { site } from '../shared/site.ts';
import { contextSharingKey } from './key-sharing.ts';
import { runtimeDeployContext } from './deploy-context.ts';

/**
 * Everything the server reads from the environment, read when asked so tests can set it. Every
 * variable is listed in .env.example and docs/guides/deploy.md.
 *
 * One setting chooses the adapters: APP_MODE=local, set only by the local server
 * (scripts/serve.ts, `npm run dev`) and the tests. Without it the code is in production mode
 * whatever else is set, and a missing required setting is a MissingSettingError, which the
 * functions answer with 503 (src/server/http.ts): never a local adapter, a generated secret or
 * Transbank's public test credentials.
 */
const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;

/** A setting production needs and does not have; the message names it for the log, never the visitor. */
export class MissingSettingError extends Error {
  readonly setting: string;

  constructor(setting: string, reason: string) {
    super(`${setting}: ${reason}`);
    this.setting = setting;
    this.name = 'MissingSettingError';
  }
}

const required = (name: string, reason: string): string => {
  const value = env(name);
  if (!value) throw new MissingSettingError(name, reason);
  return value;
};

const wholeNumber = (name: string, fallback: number, unit: string): number => {
  const value = env(name);
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new MissingSettingError(name, `must be a whole number of ${unit}.`);
  return Number(value);
};
const byteCount = (name: string, fallback: number): number => wholeNumber(name, fallback, 'bytes');

const count = (name: string, fallback: number): number => {
  const value = env(name);
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) throw new MissingSettingError(name, 'must be a whole number above 0.');
  return Number(value);
};

/**
 * A secret of local mode kept in `file`, generated the first time. Created exclusively: when two
 * processes start on a fresh clone (the server and a test worker), the one that loses keeps the
 * winner's secret rather than one that is then overwritten (a denuncia sealed with it unreadable).
 */
async function localSecret(file: string, generate: () => string): Promise<string> {
  const secretFile = path.resolve(file);
  const stored = await readFile(secretFile, 'utf8').catch(() => undefined);
  if (stored) return stored.trim();
  const generated = generate();
  await mkdir(path.dirname(secretFile), { recursive: true });
  try {
    await writeFile(secretFile, generated, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return localSecret(file, generate);
  }
}

/** Local mode's AES-256 key in `file`: 32 random bytes in base64. */
const localKey = async (file: string): Promise<Buffer> =>
  Buffer.from(await localSecret(file, () => randomBytes(32).toString('base64')), 'base64');

// Transbank's public credentials for its integration environment (and the local simulator).
const TRANSBANK_TEST_COMMERCE_CODE = '597055555532';
const TRANSBANK_TEST_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

// Local mode's Twilio account, which only the simulator (scripts/lib/twilio-simulator.ts) knows: a
// SID of Twilio's shape (AC and 32 hex digits), and the number Twilio's documentation gives its test
// credentials as a valid sender (+15005550006), so no real number is ever named.
const LOCAL_TWILIO_ACCOUNT_SID = `AC${'0'.repeat(24)}5a11a7e5`;
const LOCAL_TWILIO_FROM = '+15005550006';

/** A number setting in E.164 (`+56…`), written as people write one (shared/phone.ts). */
const phoneNumber = (name: string, value: string): string => {
  const phone = e164(value);
  if (!phone) throw new MissingSettingError(name, 'must be a phone number in E.164, such as +56672000000.');
  return phone;
};
const optionalPhone = (name: string): string | undefined => {
  const value = env(name);
  return value === undefined ? undefined : phoneNumber(name, value);
};

const WEBPAY_HOSTS = {
  production: 'https://webpay3g.transbank.cl',
  integration: 'https://webpay3gint.transbank.cl',
} as const;

export const config = {
  isLocal: () => env('APP_MODE') === 'local',

  /** The one-time token of the first administrator's bootstrap (src/server/auth/bootstrap.ts); same in every mode. */
  adminBootstrapToken: () => env('ADMIN_BOOTSTRAP_TOKEN'),

  /**
   * The secret a deploy preview's build shows production to have its database branch anonymised
   * (src/server/preview-anonymisation.ts), set for the production and deploy-preview contexts.
   * Unset: production anonymises no preview, and previews stay closed (db/preview-gate.ts).
   */
  previewAnonymisationToken: () => env('PREVIEW_ANONYMISATION_TOKEN'),

  /**
   * The site's public address, which every link in a mail a scheduled function sends starts with:
   * SITE_URL, as for the build's canonical links, else the project's main address Netlify gives
   * every function at runtime (`context.site.url`, its `URL`; docs.netlify.com, "Environment
   * variables and functions"). Never the address a scheduled run was invoked with, which Netlify
   * does not document. Local mode's `context.site.url` is the local server's address.
   */
  siteAddress(site: { url?: string | undefined } | undefined): string {
    const address = env('SITE_URL') ?? (site?.url?.trim() || undefined);
    if (!address) throw new MissingSettingError('SITE_URL', "the links in mails need the site's address.");
    try {
      return new URL(address).origin;
    } catch {
      throw new MissingSettingError('SITE_URL', 'must be an address such as https://www.example.cl.');
    }
  },

  /** Local mode only: the embedded Postgres the local emulation serves (production: @netlify/database). */
  localDatabaseUrl: () => required('NETLIFY_DB_URL', 'the local emulation did not start its database.'),

  /**
   * Local mode only: the connections the local database's pool may open. One for the emulation's
   * PGlite, which runs every connection in one session; more when `npm start` serves a real
   * PostgreSQL (LOCAL_POSTGRES_URL, `npm run bench -- --postgres`), as Neon serves many sessions.
   */
  localDatabaseConnections: () => count('LOCAL_DATABASE_CONNECTIONS', 1),

  /**
   * Webpay Plus. Production mode: WEBPAY_ENV `production`, or `integration` (Transbank's test
   * host) outside Netlify's production deploy context, each with WEBPAY_COMMERCE_CODE and
   * WEBPAY_API_KEY. Local mode: the built-in simulator served by `npm start` unless WEBPAY_ENV
   * says otherwise, with Transbank's public test credentials.
   */
  webpay(origin: string, deployContext?: string) {
    const local = this.isLocal();
    const environment = env('WEBPAY_ENV') ?? (local ? 'simulator' : undefined);
    if (environment === 'simulator' && local) {
      return {
        baseUrl: env('WEBPAY_BASE_URL') ?? `${origin}/webpay-simulator`,
        commerceCode: env('WEBPAY_COMMERCE_CODE') ?? TRANSBANK_TEST_COMMERCE_CODE,
        apiKey: env('WEBPAY_API_KEY') ?? TRANSBANK_TEST_API_KEY,
      };
    }
    if (environment !== 'production' && environment !== 'integration')
      throw new MissingSettingError('WEBPAY_ENV', 'must be production or integration: no card payments.');
    // A production deploy never takes payments against Transbank's test host: nothing would be charged.
    // The deploy context comes from the function's Context (Netlify's build variables such as
    // CONTEXT do not reach functions); CONTEXT covers a runtime that does not give it.
    if (environment === 'integration' && (deployContext ?? env('CONTEXT')) === 'production' && !local)
      throw new MissingSettingError('WEBPAY_ENV', 'integration is refused in the production context.');
    const testing = local && environment === 'integration';
    return {
      baseUrl: env('WEBPAY_BASE_URL') ?? WEBPAY_HOSTS[environment],
      commerceCode: testing
        ? (env('WEBPAY_COMMERCE_CODE') ?? TRANSBANK_TEST_COMMERCE_CODE)
        : required('WEBPAY_COMMERCE_CODE', 'the commerce code Transbank gave the utility.'),
      apiKey: testing
        ? (env('WEBPAY_API_KEY') ?? TRANSBANK_TEST_API_KEY)
        : required('WEBPAY_API_KEY', 'the API key Transbank gave the utility.'),
    };
  },

  /**
   * The secret that signs admin tokens: JWT_SECRET; in local mode only, generated once and kept
   * in .data/jwt-secret. Never a default in production: without it nobody can sign in.
   */
  async authSecret(): Promise<string> {
    const secret = env('JWT_SECRET');
    if (secret) {
      if (secret.length < 32) throw new MissingSettingError('JWT_SECRET', 'must be at least 32 characters.');
      return secret;
    }
    if (!this.isLocal()) throw new MissingSettingError('JWT_SECRET', 'admin sign-in is disabled without it.');
    return localSecret('.data/jwt-secret', () => randomBytes(48).toString('base64url'));
  },

  /**
   * The AES-256 key that encrypts denuncias at rest (src/server/encryption.ts):
   * DENUNCIAS_ENCRYPTION_KEY, 32 random bytes in base64 (`openssl rand -base64 32`); in local mode
   * only, generated once into .data/denuncias-key. Without it production refuses denuncias (503)
   * rather than store one in the clear. Production's key is never a preview's: on
   * Netlify, a key that production and a preview or branch deploy both use is refused in both, as
   * far as key-sharing.ts can tell.
   */
  async denunciasKey(): Promise<Buffer> {
    const configured = env('DENUNCIAS_ENCRYPTION_KEY');
    if (configured) {
      const key = Buffer.from(configured, 'base64');
      if (key.byteLength !== 32)
        throw new MissingSettingError('DENUNCIAS_ENCRYPTION_KEY', 'must be 32 bytes in base64.');
      const deployContext = this.isLocal() ? undefined : runtimeDeployContext();
      const sharing = deployContext && (await contextSharingKey(key, deployContext));
      if (sharing)
        throw new MissingSettingError(
          'DENUNCIAS_ENCRYPTION_KEY',
          `the ${deployContext} context and the ${sharing} context have the same key: give each its own (docs/guides/deploy.md).`,
        );
      return key;
    }
    if (!this.isLocal()) throw new MissingSettingError('DENUNCIAS_ENCRYPTION_KEY', 'denuncias are refused without it.');
    return localKey('.data/denuncias-key');
  },

  /**
   * The AES-256 key that seals staff TOTP secrets (src/server/auth/second-factor.ts):
   * TOTP_ENCRYPTION_KEY, 32 random bytes in base64; in local mode only, generated once into
   * .data/totp-key. A key of its own, not the denuncias key: compliance holds that one, and an
   * administrator's second factor must not depend on it. Without it production refuses sign-in.
   */
  async totpKey(): Promise<Buffer> {
    const configured = env('TOTP_ENCRYPTION_KEY');
    if (configured) {
      const key = Buffer.from(configured, 'base64');
      if (key.byteLength !== 32) throw new MissingSettingError('TOTP_ENCRYPTION_KEY', 'must be 32 bytes in base64.');
      return key;
    }
    if (!this.isLocal()) throw new MissingSettingError('TOTP_ENCRYPTION_KEY', 'admin sign-in is disabled without it.');
    return localKey('.data/totp-key');
  },

  /**
   * Local mode only: SEED_ADMIN_TOTP_SECRET (base32), the TOTP secret of the seeded first
   * administrator, so scripts and tests can sign in. Production has no such shortcut: undefined.
   */
  seedAdminTotpSecret(): string | undefined {
    return this.isLocal() ? env('SEED_ADMIN_TOTP_SECRET') : undefined;
  },

  /**
   * scrypt's cost of new password hashes as log2(N) (src/server/auth/passwords.ts): 17 in
   * production mode, whatever is set. Local mode only, PASSWORD_HASH_COST may lower it to 14 for
   * the tests' own accounts (as Django's documentation advises for test settings: the cost is
   * what makes the suite slow, not what it tests); a hash keeps its cost, so a database the
   * tests filled is never one production signs in against.
   */
  passwordHashCost(): number {
    const production = 17;
    const value = this.isLocal() ? env('PASSWORD_HASH_COST') : undefined;
    if (value === undefined) return production;
    if (!/^1[4-7]$/.test(value))
      throw new MissingSettingError('PASSWORD_HASH_COST', 'must be a whole number from 14 to 17.');
    return Number(value);
  },

  /**
   * Daily limits of visitors' files (src/server/uploads/quota.ts): UPLOAD_DAILY_BYTES_PER_CLIENT
   * of CVs from one client address (default 200 MB: twenty 10 MB files), UPLOAD_DAILY_BYTES_TOTAL
   * of CVs from everyone (default 5 GB), whole numbers of bytes, and UPLOAD_DAILY_DENUNCIA_FILES,
   * denuncia evidence's own pool in files (default 100, at most 1 GB); the same in every mode. A
   * value that is not a whole number is refused like a missing setting, never ignored.
   */
  uploadQuota: () => ({
    perClient: byteCount('UPLOAD_DAILY_BYTES_PER_CLIENT', 200_000_000),
    total: byteCount('UPLOAD_DAILY_BYTES_TOTAL', 5_000_000_000),
    denunciaFiles: wholeNumber('UPLOAD_DAILY_DENUNCIA_FILES', 100, 'files'),
  }),

  /**
   * The acknowledgements of the public forms one address receives in a day:
   * MAIL_ACKNOWLEDGEMENTS_PER_DAY, default 3 (src/server/mail/acknowledgements.ts); every mode.
   */
  acknowledgementsPerDay: () => count('MAIL_ACKNOWLEDGEMENTS_PER_DAY', 3),

  /**
   * The confirmation links of rights requests one address receives in a day, apart from the
   * acknowledgements: MAIL_RIGHTS_CONFIRMATIONS_PER_DAY, default 3 (mail/acknowledgements.ts).
   */
  rightsConfirmationsPerDay: () => count('MAIL_RIGHTS_CONFIRMATIONS_PER_DAY', 3),

  /**
   * Mail. Production mode: Resend with RESEND_API_KEY, from MAIL_FROM (a sender on the domain
   * verified in Resend). Local mode: `.eml` files under MAIL_OUTBOX_DIR unless RESEND_API_KEY is
   * set (tests drive the Resend adapter that way). MAIL_TEST_RECIPIENT, meant for deploy
   * previews, sends every mail to that one address instead of its recipient.
   * RESEND_REQUESTS_PER_SECOND is the Resend team's rate limit (default 2, Resend's own), which
   * the outbox paces its requests to.
   */
  /**
   * Phone alerts through Twilio (src/server/phone-alerts/). Production mode: TWILIO_ACCOUNT_SID,
   * TWILIO_AUTH_TOKEN (which also checks every webhook's signature) and TWILIO_FROM, the number
   * texts and calls go from, else a MissingSettingError. TWILIO_WHATSAPP_FROM is the WhatsApp
   * sender and TWILIO_WHATSAPP_CONTENT_SID its approved Content Template (one variable, the text);
   * without both WhatsApp is unavailable in production and those subscribers' alerts go as texts,
   * so a subscriber who chose it is still alerted (`whatsappFrom` undefined). TWILIO_REQUESTS_PER_SECOND
   * is the numbers' rate (default 1, Twilio's for one long code), which the outbox paces to.
   * PHONE_TEST_NUMBER, for deploy previews and branch deploys, receives every message instead of its
   * recipient (phone-alerts/index.ts). Local mode: the simulator `npm start` serves at
   * `${origin}/twilio-simulator`, local mode's own account, and TWILIO_AUTH_TOKEN or a token
   * generated once into .data/twilio-auth-token, which the simulator signs its webhooks with.
   * TWILIO_API_BASE_URL points the SDK elsewhere (tests only: a simulator in production mode).
   */
  async phone(origin: string) {
    const local = this.isLocal();
    const accountSid = local
      ? (env('TWILIO_ACCOUNT_SID') ?? LOCAL_TWILIO_ACCOUNT_SID)
      : required('TWILIO_ACCOUNT_SID', 'no text or call can be sent without it.');
    if (!/^AC[0-9a-f]{32}$/i.test(accountSid))
      throw new MissingSettingError('TWILIO_ACCOUNT_SID', "must be the account's SID: AC and 32 hexadecimal digits.");
    const authToken =
      env('TWILIO_AUTH_TOKEN') ??
      (local
        ? await localSecret('.data/twilio-auth-token', () => randomBytes(16).toString('hex'))
        : required('TWILIO_AUTH_TOKEN', "no text is sent and no webhook's signature checked without it."));
    const whatsappContentSid = env('TWILIO_WHATSAPP_CONTENT_SID');
    if (whatsappContentSid && !/^HX[0-9a-f]{32}$/i.test(whatsappContentSid))
      throw new MissingSettingError(
        'TWILIO_WHATSAPP_CONTENT_SID',
        "must be the template's SID: HX and 32 hexadecimal digits.",
      );
    const from = local
      ? phoneNumber('TWILIO_FROM', env('TWILIO_FROM') ?? LOCAL_TWILIO_FROM)
      : phoneNumber('TWILIO_FROM', required('TWILIO_FROM', 'the number texts and calls go from.'));
    return {
      accountSid,
      authToken,
      from,
      // Production sends WhatsApp only through an approved template: free text outside a conversation is refused.
      whatsappFrom: local
        ? (optionalPhone('TWILIO_WHATSAPP_FROM') ?? from)
        : whatsappContentSid && optionalPhone('TWILIO_WHATSAPP_FROM'),
      whatsappContentSid,
      requestsPerSecond: count('TWILIO_REQUESTS_PER_SECOND', 1),
      testNumber: optionalPhone('PHONE_TEST_NUMBER'),
      apiBaseUrl: env('TWILIO_API_BASE_URL') ?? (local ? `${origin}/twilio-simulator` : undefined),
    };
  },

  mail() {
    const local = this.isLocal();
    return {
      requestsPerSecond: count('RESEND_REQUESTS_PER_SECOND', 2),
      resendApiKey: local ? env('RESEND_API_KEY') : required('RESEND_API_KEY', 'no mail can be sent without it.'),
      from: local
        ? (env('MAIL_FROM') ?? `${site.name} <no-responder@example.com>`)
        : required('MAIL_FROM', 'the verified sender every mail goes from.'),
      outboxDir: env('MAIL_OUTBOX_DIR') ?? '.data/outbox',
      testRecipient: env('MAIL_TEST_RECIPIENT'),
    };
  },
};

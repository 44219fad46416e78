import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRunRecords } from '../helpers/work-markers.ts';
import casesDigest from '../../netlify/functions/cases-digest.ts';
import denunciaReminders from '../../netlify/functions/denuncias-reminders.ts';
import outageAlerts from '../../netlify/functions/outage-alerts.ts';
import { config, MissingSettingError } from '../../src/server/config.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * The links in the mails of scheduled functions (the staff digest, the denuncia
 * reminders, the alerts of cortes with their unsubscribe link) start with the configured site
 * address, SITE_URL or else the project's main address Netlify gives the function
 * (`context.site.url`), never with the address a scheduled run happens to be invoked with, which
 * Netlify does not document.
 */

const environment = useLocalEnvironment();
// Each test's rows are written behind the port, which no marker sees: every run looks.
beforeEach(forgetRunRecords);
const db = () => environment.database.db;

const CUSTOM_DOMAIN = 'https://www.aguas-aysen.cl';
const NETLIFY_ADDRESS = 'https://aguas-aysen.netlify.app';
const ELSEWHERE = 'https://otro-origen.example';

beforeEach(async () => {
  for (const table of ['outage_alerts', 'outage_notices', 'outage_subscriptions', 'outages'])
    await db().query(`DELETE FROM ${table}`);
  for (const table of ['denuncia_reminders', 'denuncias', 'cases', 'case_digests', 'outbox'])
    await db().query(`DELETE FROM ${table}`);
  // The digest goes out from 08:00 in Aysén: Wednesday 2 December 2026, 09:00.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SITE_URL;
});

/** One mail due from each function: an overdue case, a denuncia's deadline, a corte's alert. */
async function somethingToMail() {
  await db().query(
    `INSERT INTO cases (kind, reference, status, citizen_name, citizen_email, locality, due_on)
     VALUES ('reclamo', 'REC-LINK2222', 'recibido', 'Rosa Vera', 'rosa@correo.cl', 'Coyhaique', '2026-11-27')`,
  );
  await db().query(
    `INSERT INTO denuncias (reference, relation, place, type, narrative, status, created_at)
     VALUES ('DEN-LINK2222', 'Trabajador', 'Plantas', 'Consultas', 'v1.sellado', 'recibida', '2026-11-20T12:00:00Z')`,
  );
  await db().query(
    `INSERT INTO outage_subscriptions (email, towns, confirm_token_hash, unsubscribe_token_hash, confirmed_at)
     VALUES ('vecina@correo.cl', ARRAY['coyhaique'], 'c', 'u', now())`,
  );
  const [outage] = await db().query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, published_at)
     VALUES ('programado', 'coyhaique', 'Centro', '2026-12-03T12:00:00Z', '2026-12-03T20:00:00Z', 'publicado', now())
     RETURNING id`,
  );
  await db().query(`INSERT INTO outage_notices (outage_id, kind) VALUES ($1, 'published')`, [outage!.id]);
}

/** Each scheduled function run as Netlify runs it, but invoked at an address that is not the site's. */
async function runScheduled() {
  for (const [name, run] of [
    ['cases-digest', casesDigest],
    ['denuncias-reminders', denunciaReminders],
    ['outage-alerts', outageAlerts],
  ] as const) {
    const { context, settle } = testContext({}, 'dev', NETLIFY_ADDRESS);
    const response = await run(new Request(`${ELSEWHERE}/.netlify/functions/${name}`, { method: 'POST' }), context);
    await settle();
    expect(response.status).toBe(200);
  }
}

/** The links of every mail the runs queued, by the mail's reference. */
async function linksOfQueuedMail() {
  const mails = await db().query<{ reference: string; body: string }>(
    `SELECT reference, body FROM outbox WHERE reference LIKE 'DIG-%' OR reference LIKE 'PLAZOS-%' OR reference LIKE 'COR-%'
     ORDER BY reference`,
  );
  return mails.map(({ reference, body }) => ({ reference, links: body.match(/https?:\/\/\S+/g) ?? [] }));
}

describe('the links in the mails of scheduled functions', () => {
  it.each([
    ['SITE_URL when it is set', CUSTOM_DOMAIN, CUSTOM_DOMAIN],
    ["else the project's main address Netlify gives the function", undefined, NETLIFY_ADDRESS],
  ])('start with %s, never with the address the run was invoked at', async (_case, siteUrl, expected) => {
    if (siteUrl) process.env.SITE_URL = siteUrl;
    await somethingToMail();

    await runScheduled();

    const mails = await linksOfQueuedMail();
    expect(mails.map(({ reference }) => reference.split('-')[0])).toEqual(['COR', 'DIG', 'PLAZOS']);
    for (const { links } of mails) {
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${expected}/`), link).toBe(true);
    }
    // The alert's unsubscribe link among them.
    expect(mails.flatMap(({ links }) => links)).toContainEqual(
      expect.stringMatching(new RegExp(`^${expected}/cortes/alertas/baja\\?token=`)),
    );
  });
});

describe('the site address', () => {
  const production = () => {
    const saved = process.env.APP_MODE;
    delete process.env.APP_MODE;
    return () => (process.env.APP_MODE = saved);
  };

  it('is an origin: a trailing slash or a path in SITE_URL is dropped', () => {
    process.env.SITE_URL = 'https://www.aguas-aysen.cl/';
    expect(config.siteAddress({ url: NETLIFY_ADDRESS })).toBe(CUSTOM_DOMAIN);
  });

  it('is a missing setting in production mode without SITE_URL nor the site Netlify gives, or when malformed', () => {
    const restore = production();
    try {
      expect(() => config.siteAddress(undefined)).toThrow(MissingSettingError);
      expect(() => config.siteAddress({ url: '' })).toThrow(MissingSettingError);
      process.env.SITE_URL = 'www.aguas-aysen.cl';
      expect(() => config.siteAddress({ url: NETLIFY_ADDRESS })).toThrow(MissingSettingError);
    } finally {
      restore();
    }
  });
});

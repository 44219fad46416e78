import { beforeAll, describe, expect, it } from 'vitest';
import adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import adminOutages from '../../netlify/functions/admin-outages.ts';
import cap from '../../netlify/functions/cap.ts';
import { signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';
import { validateCap } from '../helpers/cap-schema.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * Staff's steps that issue a CAP message (publish, update, close or lift) keep its document after
 * their answer (cap/store.ts keepCapDocuments), so that its first request reads it in one round
 * trip: the document as the message was issued, valid CAP 1.2, served unchanged whatever staff
 * correct afterwards, and never replacing one a first request kept before it.
 */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
const SITE = 'https://www.aguas.example';
let token = '';
beforeAll(async () => {
  token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
});

/** Calls an admin function as staff; `settle` awaits the work it left for after its answer. */
function staff(fn: typeof adminOutages, method: string, path: string, body?: unknown) {
  const { context, settle } = testContext({}, 'production', SITE);
  const answer = fn(
    new Request(`http://localhost${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    context,
  ).then(async (response) => {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()).data;
  });
  return { answer, settle };
}

async function served(identifier: string): Promise<string> {
  const { context } = testContext({ identifier }, 'production', SITE);
  const response = await cap(new Request(`http://localhost/cap/${identifier}.xml`), context);
  expect(response.status).toBe(200);
  return response.text();
}

/** Each notice row's identifier and kept document, oldest first. */
const kept = (table: 'outage_notices' | 'advisory_notices', key: 'outage_id' | 'advisory_id', id: string) =>
  db().query<{ identifier: string; document: string | null }>(
    `SELECT $2 || '-' || ${key} || '-' || id AS identifier, cap_document AS document FROM ${table}
     WHERE ${key} = $1 ORDER BY id`,
    [id, table === 'outage_notices' ? 'corte' : 'aviso'],
  );

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const OUTAGE = {
  kind: 'emergencia',
  town: 'coyhaique',
  sectors: 'Villa Los Ñires',
  startsAt: hoursFromNow(-1),
  endsAt: hoursFromNow(5),
  cause: 'Rotura de matriz',
  supplyPoints: [],
};

async function publishedOutage(): Promise<string> {
  const { outage } = await staff(adminOutages, 'POST', '/api/admin/outages', OUTAGE).answer;
  const publication = staff(adminOutages, 'POST', `/api/admin/outages/${outage.id}/publish`, {});
  await publication.answer;
  await publication.settle();
  return outage.id;
}

describe('an outage', () => {
  it('keeps each message when issued, as issued: valid, and served unchanged after a correction', async () => {
    const id = await publishedOutage();
    const [alert] = await kept('outage_notices', 'outage_id', id);
    expect(alert!.document).toContain('<msgType>Alert</msgType>');
    expect((await validateCap(alert!.document!)).valid).toBe(true);
    await staff(adminOutages, 'PUT', `/api/admin/outages/${id}`, { ...OUTAGE, sectors: 'Villa Los Ñires alto' }).answer;
    expect(await served(alert!.identifier)).toBe(alert!.document);

    const update = staff(adminOutages, 'POST', `/api/admin/outages/${id}/updates`, { body: 'Cuadrilla en terreno.' });
    await update.answer;
    await update.settle();
    const closing = staff(adminOutages, 'PUT', `/api/admin/outages/${id}/status`, { status: 'restablecido' });
    await closing.answer;
    await closing.settle();
    const messages = await kept('outage_notices', 'outage_id', id);
    expect(messages.map(({ document }) => /<msgType>(\w+)<\/msgType>/.exec(document ?? '')?.[1])).toEqual([
      'Alert',
      'Update',
      'Cancel',
    ]);
    expect(messages[0]).toEqual(alert);
    for (const { identifier, document } of messages) {
      expect((await validateCap(document!)).valid).toBe(true);
      expect(await served(identifier)).toBe(document);
    }
  });

  it('serves what it keeps when a first request comes while the step keeps it', async () => {
    const { outage } = await staff(adminOutages, 'POST', '/api/admin/outages', OUTAGE).answer;
    const publication = staff(adminOutages, 'POST', `/api/admin/outages/${outage.id}/publish`, {});
    await publication.answer;
    const [notice] = await kept('outage_notices', 'outage_id', outage.id);
    // The first request and the step's keeping at once; a correction in between tells them apart.
    await db().query(`UPDATE outages SET sectors = 'Sector corregido' WHERE id = $1`, [outage.id]);
    const [first] = await Promise.all([served(notice!.identifier), publication.settle()]);
    expect((await kept('outage_notices', 'outage_id', outage.id))[0]!.document).toBe(first);
    expect(await served(notice!.identifier)).toBe(first);
  });
});

describe('a notice', () => {
  it('keeps its Alert, Update and Cancel when issued', async () => {
    const { advisory } = await staff(adminAdvisories, 'POST', '/api/admin/advisories', {
      kind: 'hervir',
      towns: ['puerto-aysen'],
      sectors: 'Población Gabriela Mistral',
      startsAt: hoursFromNow(-1),
      instructions: 'Hierva el agua al menos un minuto antes de beberla.',
      supplyPoints: [],
    }).answer;
    for (const [path, body] of [
      ['publish', undefined],
      ['updates', { body: 'Se toman nuevas muestras.' }],
      ['lift', { liftMessage: 'El agua es apta para el consumo.' }],
    ] as const) {
      const step = staff(adminAdvisories, 'POST', `/api/admin/advisories/${advisory.id}/${path}`, body);
      await step.answer;
      await step.settle();
    }
    const messages = await kept('advisory_notices', 'advisory_id', advisory.id);
    expect(messages.map(({ document }) => /<msgType>(\w+)<\/msgType>/.exec(document ?? '')?.[1])).toEqual([
      'Alert',
      'Update',
      'Cancel',
    ]);
    for (const { identifier, document } of messages) {
      expect((await validateCap(document!)).valid).toBe(true);
      expect(await served(identifier)).toBe(document);
    }
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { auditRows, callFunction, read, signedInAdmin, useAdminEnvironment } from '../helpers/admin.ts';

/** Cortes de agua, staff's side (issue 17): the outage's life, the 48-hour rule, the notices. */

const environment = useAdminEnvironment();
const db = () => environment.database.db;
let token: string;

beforeEach(async () => {
  for (const table of ['outage_notices', 'outages', 'audit_log', 'admins']) await db().query(`DELETE FROM ${table}`);
  await db().query(`DELETE FROM outage_towns WHERE position > 8`);
  token = (await signedInAdmin(db(), 'Ana Admin', 'ana@example.com')).token;
});

// The clock of every call (X-Local-Now): Monday 2 March 2026, 12:00 in Coyhaique (UTC-3).
const NOW = '2026-03-02T15:00:00.000Z';
const call = (method: string, path: string, body?: unknown, at = NOW) =>
  callFunction(adminOutages, method, path, { token, body, headers: { 'x-local-now': at } }).then(read);

const supplyPoint = {
  name: 'Estanque móvil plaza',
  address: 'Plaza de Armas, Coyhaique',
  latitude: -45.5712,
  longitude: -72.0685,
  hours: '09:00 a 18:00',
};
/** A planned cut of Villa Los Ñires from Thursday 5 March, three days after NOW. */
const planned = {
  kind: 'programado',
  town: 'coyhaique',
  sectors: 'Villa Los Ñires',
  streets: 'Los Coigües, Los Notros',
  startsAt: '2026-03-05T09:00:00-03:00',
  endsAt: '2026-03-05T18:00:00-03:00',
  cause: 'Cambio de matriz',
  supplyPoints: [supplyPoint],
};

async function create(changes: object = {}): Promise<string> {
  const { status, body } = await call('POST', '/api/admin/outages', { ...planned, ...changes });
  expect(status).toBe(201);
  return body.data.outage.id as string;
}
const notices = () =>
  db().query<{ outage_id: string; kind: string; update_id: string | null }>(
    'SELECT outage_id::text, kind, update_id::text FROM outage_notices ORDER BY id',
  );

describe('POST /api/admin/outages', () => {
  it('creates a draft with its supply points, in the audit log, and tells nobody', async () => {
    const { status, body } = await call('POST', '/api/admin/outages', planned);
    expect(status).toBe(201);
    expect(body.data.outage).toMatchObject({
      kind: 'programado',
      town: 'coyhaique',
      townName: 'Coyhaique',
      sectors: 'Villa Los Ñires',
      startsAt: '2026-03-05T12:00:00Z',
      endsAt: '2026-03-05T21:00:00Z',
      status: 'borrador',
      publishedAt: null,
      updates: [],
      supplyPoints: [supplyPoint],
    });
    expect(await notices()).toEqual([]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'outage',
        entity_id: body.data.outage.id,
        summary: 'borrador: Programado en Coyhaique, desde 05-03-2026 09:00',
      },
    ]);
  });

  describe.each([
    ['an end before the start', { endsAt: '2026-03-05T08:00:00-03:00' }, 'endsAt', outageMessages.endAfterStart],
    ['a town not in the list', { town: 'punta-arenas' }, 'town', outageMessages.town],
    ['no town', { town: '' }, 'town', outageMessages.town],
    ['a kind of its own', { kind: 'sorpresa' }, 'kind', outageMessages.kind],
    ['a start without its offset', { startsAt: '2026-03-05T09:00' }, 'startsAt', outageMessages.start],
    ['no sectors', { sectors: '  ' }, 'sectors', outageMessages.sectors],
    ['sectors too long', { sectors: 'x'.repeat(501) }, 'sectors', 'Máximo 500 caracteres.'],
    ['a cause too long', { cause: 'x'.repeat(501) }, 'cause', 'Máximo 500 caracteres.'],
    ['streets too long', { streets: 'x'.repeat(2_001) }, 'streets', 'Máximo 2000 caracteres.'],
    [
      'a supply point in Argentina',
      { supplyPoints: [{ ...supplyPoint, longitude: -70.5 }] },
      'supplyPoints',
      outageMessages.outsideRegion,
    ],
    [
      'a supply point with its latitude positive',
      { supplyPoints: [{ ...supplyPoint, latitude: 45.5712 }] },
      'supplyPoints',
      outageMessages.outsideRegion,
    ],
    [
      'a supply point with a name too long',
      { supplyPoints: [{ ...supplyPoint, name: 'x'.repeat(121) }] },
      'supplyPoints',
      'Máximo 120 caracteres.',
    ],
  ])('refuses %s (400 on its field)', (_, changes, field, message) => {
    it('and stores nothing', async () => {
      const { status, body } = await call('POST', '/api/admin/outages', { ...planned, ...changes });
      expect(status).toBe(400);
      expect(body.errors).toEqual({ [field]: message });
      expect(await db().query('SELECT id FROM outages')).toEqual([]);
    });
  });
});

describe('PUT and DELETE /api/admin/outages/{id}', () => {
  it('replaces what staff wrote and the set of supply points', async () => {
    const id = await create();
    const second = { ...supplyPoint, name: 'Colegio San Felipe', hours: '' };
    const { status, body } = await call('PUT', `/api/admin/outages/${id}`, {
      ...planned,
      sectors: 'Villa Los Ñires y Población Clotario Blest',
      supplyPoints: [second],
    });
    expect(status).toBe(200);
    expect(body.data.outage).toMatchObject({
      sectors: 'Villa Los Ñires y Población Clotario Blest',
      supplyPoints: [second],
    });
    expect((await auditRows(db())).map((row) => row.action)).toEqual(['create', 'update']);
  });

  it('deletes a draft only', async () => {
    const draft = await create();
    expect((await call('DELETE', `/api/admin/outages/${draft}`)).status).toBe(200);
    expect(await db().query('SELECT id FROM outages')).toEqual([]);
    const published = await create();
    await call('POST', `/api/admin/outages/${published}/publish`, {});
    expect(await call('DELETE', `/api/admin/outages/${published}`)).toMatchObject({
      status: 409,
      body: { error: 'Solo se puede eliminar un corte en borrador.' },
    });
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', 'borrador: Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['delete', 'borrador: Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['create', 'borrador: Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['publish', 'Programado en Coyhaique, desde 05-03-2026 09:00'],
    ]);
  });

  it('answers 404 for an outage that does not exist or an id that is not one', async () => {
    for (const path of ['/api/admin/outages/999999', '/api/admin/outages/abc'])
      expect(await call('GET', path)).toMatchObject({ status: 404, body: { error: outageMessages.notFound } });
  });
});

describe('POST /api/admin/outages/{id}/publish', () => {
  it('publishes a planned outage 48 hours ahead or more and writes one notice', async () => {
    const id = await create({ startsAt: '2026-03-04T12:00:00-03:00' }); // exactly 48 hours after NOW
    const { status, body } = await call('POST', `/api/admin/outages/${id}/publish`, {});
    expect(status).toBe(200);
    expect(body.data.outage).toMatchObject({
      status: 'publicado',
      publishedAt: '2026-03-02T15:00:00Z',
      shortNoticeReason: null,
    });
    expect(await call('POST', `/api/admin/outages/${id}/publish`, {})).toMatchObject({
      status: 409,
      body: { error: 'El corte ya está publicado.' },
    });
    expect(await notices()).toEqual([{ outage_id: id, kind: 'published', update_id: null }]);
  });

  it('asks to confirm a planned outage less than 48 hours ahead, then for the reason, and keeps it', async () => {
    const id = await create({ startsAt: '2026-03-04T11:59:00-03:00' });
    expect(await call('POST', `/api/admin/outages/${id}/publish`, {})).toMatchObject({
      status: 409,
      body: { errors: { confirmShortNotice: outageMessages.shortNotice } },
    });
    expect(
      await call('POST', `/api/admin/outages/${id}/publish`, { confirmShortNotice: true, shortNoticeReason: ' ' }),
    ).toMatchObject({ status: 400, body: { errors: { shortNoticeReason: outageMessages.shortNoticeReason } } });
    expect(await notices()).toEqual([]);

    const reason = 'Rotura detectada en la inspección del domingo.';
    const { status, body } = await call('POST', `/api/admin/outages/${id}/publish`, {
      confirmShortNotice: true,
      shortNoticeReason: reason,
    });
    expect(status).toBe(200);
    expect(body.data.outage).toMatchObject({ status: 'publicado', shortNoticeReason: reason });
    expect((await auditRows(db())).at(-1)).toMatchObject({
      action: 'publish',
      entity: 'outage',
      entity_id: id,
      summary: `Programado en Coyhaique, desde 04-03-2026 11:59; aviso con menos de 48 horas: ${reason}`,
    });
    expect(await notices()).toEqual([{ outage_id: id, kind: 'published', update_id: null }]);
  });

  it('publishes an emergency at once: the rule is for planned outages', async () => {
    const id = await create({ kind: 'emergencia', startsAt: '2026-03-02T11:00:00-03:00' });
    expect((await call('POST', `/api/admin/outages/${id}/publish`, {})).status).toBe(200);
  });
});

describe('status and updates', () => {
  it('tells subscribers of each update of a current outage and of its close, once each; a draft tells nobody', async () => {
    const id = await create();
    expect((await call('POST', `/api/admin/outages/${id}/updates`, { body: 'Borrador de nota' })).status).toBe(201);
    expect(await notices()).toEqual([]);

    await call('POST', `/api/admin/outages/${id}/publish`, {});
    const started = await call(
      'PUT',
      `/api/admin/outages/${id}/status`,
      { status: 'en_curso' },
      '2026-03-05T12:05:00Z',
    );
    expect(started.body.data.outage).toMatchObject({ status: 'en_curso', closedAt: null });
    const { status, body } = await call(
      'POST',
      `/api/admin/outages/${id}/updates`,
      { body: 'Se avanza según lo previsto.' },
      '2026-03-05T16:00:00Z',
    );
    expect(status).toBe(201);
    const [latest] = body.data.outage.updates;
    expect(latest).toMatchObject({ body: 'Se avanza según lo previsto.', createdAt: '2026-03-05T16:00:00Z' });
    expect(body.data.outage.lastUpdate).toEqual(latest);

    const closed = await call(
      'PUT',
      `/api/admin/outages/${id}/status`,
      { status: 'restablecido' },
      '2026-03-05T20:00:00Z',
    );
    expect(closed.body.data.outage).toMatchObject({ status: 'restablecido', closedAt: '2026-03-05T20:00:00Z' });
    expect(await notices()).toEqual([
      { outage_id: id, kind: 'published', update_id: null },
      { outage_id: id, kind: 'update', update_id: latest.id },
      { outage_id: id, kind: 'closed', update_id: null },
    ]);
    // Closed is closed: no second close, no more updates, no edits.
    expect(await call('PUT', `/api/admin/outages/${id}/status`, { status: 'cancelado' })).toMatchObject({
      status: 409,
      body: { errors: { status: 'Un corte en estado Restablecido no puede pasar a Cancelado.' } },
    });
    expect((await call('POST', `/api/admin/outages/${id}/updates`, { body: 'Otra' })).status).toBe(409);
    expect((await call('PUT', `/api/admin/outages/${id}`, planned)).status).toBe(409);
    expect(await notices()).toHaveLength(3);
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      ['create', 'borrador: Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['create', 'actualización de Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['publish', 'Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['update', 'Programado en Coyhaique, desde 05-03-2026 09:00: En curso'],
      ['create', 'actualización de Programado en Coyhaique, desde 05-03-2026 09:00'],
      ['update', 'Programado en Coyhaique, desde 05-03-2026 09:00: Restablecido'],
    ]);
  });

  it('cannot move a draft: it is published first', async () => {
    const id = await create();
    expect(await call('PUT', `/api/admin/outages/${id}/status`, { status: 'cancelado' })).toMatchObject({
      status: 409,
      body: { error: 'Un corte en estado Borrador no puede pasar a Cancelado.' },
    });
    expect(await call('PUT', `/api/admin/outages/${id}/status`, { status: 'borrador' })).toMatchObject({
      status: 400,
      body: { errors: { status: 'Seleccione el nuevo estado.' } },
    });
  });
});

describe('GET /api/admin/outages', () => {
  it('filters by status and town, current ones before closed ones, with the last update', async () => {
    const draft = await create();
    const inAysen = await create({
      town: 'puerto-aysen',
      startsAt: '2026-03-10T09:00:00-03:00',
      endsAt: '2026-03-10T12:00:00-03:00',
    });
    await call('POST', `/api/admin/outages/${inAysen}/publish`, {});
    await call('POST', `/api/admin/outages/${inAysen}/updates`, { body: 'Confirmado.' });
    const all = await call('GET', '/api/admin/outages');
    expect(all.body.data).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(all.body.data.outages.map((row: { id: string }) => row.id)).toEqual([inAysen, draft]);
    expect(all.body.data.outages[0]).toMatchObject({ townName: 'Puerto Aysén', lastUpdate: { body: 'Confirmado.' } });
    const filtered = await call('GET', '/api/admin/outages?status=borrador&town=coyhaique');
    expect(filtered.body.data.outages.map((row: { id: string }) => row.id)).toEqual([draft]);
    expect((await call('GET', '/api/admin/outages?status=nada')).status).toBe(400);
  });
});

describe('/api/admin/outages/towns', () => {
  it('lists the eight towns and adds one, its slug from its name, in the audit log', async () => {
    const { body } = await call('GET', '/api/admin/outages/towns');
    expect(body.data.towns.map((town: { name: string }) => town.name)).toEqual([
      'Coyhaique',
      'Puerto Aysén',
      'Puerto Chacabuco',
      'Puerto Cisnes',
      'Balmaceda',
      'Puerto Ibáñez',
      'Chile Chico',
      'Cochrane',
    ]);
    const added = await call('POST', '/api/admin/outages/towns', {
      name: 'Villa O’Higgins',
      latitude: -48.4667,
      longitude: -72.5667,
    });
    expect(added).toMatchObject({
      status: 201,
      body: { data: { town: { slug: 'villa-o-higgins', name: 'Villa O’Higgins' } } },
    });
    expect((await call('POST', '/api/admin/outages', { ...planned, town: 'villa-o-higgins' })).status).toBe(201);
    expect((await auditRows(db()))[0]).toMatchObject({
      action: 'create',
      entity: 'outage_town',
      entity_id: 'villa-o-higgins',
      summary: 'Villa O’Higgins',
    });
  });

  describe.each([
    [
      'outside the region',
      { name: 'Punta Arenas', latitude: -53.16, longitude: -72.0 },
      'latitude',
      outageMessages.outsideRegion,
    ],
    [
      'already there',
      { name: 'coyhaique', latitude: -45.5, longitude: -72 },
      'name',
      'Ya existe una localidad con ese nombre.',
    ],
    [
      'without letters or digits',
      { name: '¡¿?!', latitude: -45.5, longitude: -72 },
      'name',
      'El nombre de la localidad debe tener letras o números.',
    ],
    [
      'with a name too long',
      { name: 'x'.repeat(61), latitude: -45.5, longitude: -72 },
      'name',
      'Máximo 60 caracteres.',
    ],
  ])('refuses a town %s', (_, town, field, message) => {
    it('on its field', async () => {
      const { body } = await call('POST', '/api/admin/outages/towns', town);
      expect(body.errors).toEqual({ [field]: message });
    });
  });
});

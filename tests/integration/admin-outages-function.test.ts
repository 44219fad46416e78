import { describe, expect, it } from 'vitest';
import * as adminOutages from '../../netlify/functions/admin-outages.ts';
import { outageAdminMessages } from '../../src/shared/outages/admin/schema.ts';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { auditRows, callFunction } from '../helpers/admin.ts';
import { invalidForm, refused } from '../helpers/functions.ts';
import { NOTICE_NOW, useNoticeFunction } from '../helpers/notices.ts';
import { plannedOutage, supplyPoint } from '../helpers/submissions.ts';

/** Cortes de agua, staff's side: the outage's life, the 48-hour rule, the notices. */

// The clock of every call is NOTICE_NOW, three days before plannedOutage starts.
const NOW = NOTICE_NOW;
const { db, token, call, create, published } = useNoticeFunction(adminOutages, {
  collection: '/api/admin/outages',
  answer: 'outage',
  draft: plannedOutage,
  tables: ['outage_notices', 'outages'],
  reset: (db) => db.query(`DELETE FROM outage_towns WHERE position > 8`),
});

const notices = () =>
  db().query<{ outage_id: string; kind: string; update_id: string | null }>(
    'SELECT outage_id::text, kind, update_id::text FROM outage_notices ORDER BY id',
  );

describe('POST /api/admin/outages', () => {
  it('creates a draft with its supply points, in the audit log, and tells nobody', async () => {
    const { status, body } = await call('POST', '/api/admin/outages', plannedOutage);
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
      const { status, body } = await call('POST', '/api/admin/outages', { ...plannedOutage, ...changes });
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
      ...plannedOutage,
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
    expect((await call('PUT', `/api/admin/outages/${id}`, plannedOutage)).status).toBe(409);
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
    expect((await call('POST', '/api/admin/outages', { ...plannedOutage, town: 'villa-o-higgins' })).status).toBe(201);
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

describe('real times: when the supply stopped and came back', () => {
  /** An unplanned cut of Coyhaique announced for 08:00 on Monday 2 March, published at NOW (12:00). */
  const publishedCut = (changes: object = {}) =>
    published({
      kind: 'emergencia',
      startsAt: '2026-03-02T08:00:00-03:00',
      endsAt: '2026-03-02T20:00:00-03:00',
      ...changes,
    });
  const move = (id: string, status: string, at = NOW) =>
    call('PUT', `/api/admin/outages/${id}/status`, { status }, at).then(({ body }) => body.data.outage);
  const stored = async (id: string) =>
    (
      await db().query<{ stopped: Date | null; restored: Date | null; resolution: string | null; updated: Date }>(
        `SELECT supply_stopped_at AS stopped, supply_restored_at AS restored, force_majeure_resolution AS resolution,
                updated_at AS updated FROM outages WHERE id = $1`,
        [id],
      )
    )[0];
  const correct = (id: string, body: unknown, at = '2026-03-02T21:00:00.000Z') =>
    call('PUT', `/api/admin/outages/${id}/supply`, body, at);

  describe('the status changes record them', () => {
    it('en curso stops the water now; restablecido restores it now and keeps the stop', async () => {
      const id = await publishedCut();
      expect(await move(id, 'en_curso')).toMatchObject({
        supplyStoppedAt: '2026-03-02T15:00:00Z',
        supplyRestoredAt: null,
        forceMajeureResolution: null,
        causeClass: 'imprevisto',
        realHours: null,
        supplyDays: null,
      });
      // 12:00 to 17:30 in Coyhaique: 5 h 30 min, one day without supply.
      expect(await move(id, 'restablecido', '2026-03-02T20:30:00Z')).toMatchObject({
        supplyStoppedAt: '2026-03-02T15:00:00Z',
        supplyRestoredAt: '2026-03-02T20:30:00Z',
        causeClass: 'imprevisto',
        realHours: 5.5,
        supplyDays: 1,
      });
      // The list carries them too (its "Duración real").
      const { body } = await call('GET', '/api/admin/outages');
      expect(body.data.outages[0]).toMatchObject({ id, supplyStoppedAt: '2026-03-02T15:00:00Z', realHours: 5.5 });
    });

    it('restablecido straight from publicado stops it at the announced start, once passed', async () => {
      const id = await publishedCut({ startsAt: '2026-03-02T10:00:00-03:00' });
      expect(await move(id, 'restablecido', '2026-03-02T16:00:00Z')).toMatchObject({
        supplyStoppedAt: '2026-03-02T13:00:00Z',
        supplyRestoredAt: '2026-03-02T16:00:00Z',
        realHours: 3,
        supplyDays: 0.75,
      });
    });

    it('restablecido before the announced start records nothing: the water never stopped', async () => {
      const id = await publishedCut({ startsAt: '2026-03-02T13:00:00-03:00' });
      expect(await move(id, 'restablecido')).toMatchObject({
        status: 'restablecido',
        supplyStoppedAt: null,
        supplyRestoredAt: null,
        realHours: null,
      });
    });

    it('a restore in the instant it started keeps the stop and records no restore (the constraint wants it after)', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      expect(await move(id, 'restablecido')).toMatchObject({
        status: 'restablecido',
        supplyStoppedAt: '2026-03-02T15:00:00Z',
        supplyRestoredAt: null,
      });
    });

    it('cancelado records none', async () => {
      const id = await publishedCut();
      expect(await move(id, 'cancelado')).toMatchObject({
        status: 'cancelado',
        supplyStoppedAt: null,
        supplyRestoredAt: null,
      });
    });

    it('a stop staff corrected while en curso is kept by the restore', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      expect(
        (await correct(id, { supplyStoppedAt: '2026-03-02T11:40:00-03:00', reason: 'Aviso de vecinos.' }, NOW)).status,
      ).toBe(200);
      expect(await move(id, 'restablecido', '2026-03-02T20:30:00Z')).toMatchObject({
        supplyStoppedAt: '2026-03-02T14:40:00Z',
        supplyRestoredAt: '2026-03-02T20:30:00Z',
      });
    });
  });

  describe('PUT /api/admin/outages/{id}/supply', () => {
    it('corrects a current outage’s stop with a reason and the SISS resolution, in the audit log', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      const { status, body } = await correct(
        id,
        {
          supplyStoppedAt: '2026-03-02T11:30:00-03:00',
          supplyRestoredAt: '',
          forceMajeureResolution: 'Res. Ex. SISS N° 1234/2026',
          reason: 'La planta registró la caída de presión a las 11:30.',
        },
        '2026-03-02T16:00:00.000Z',
      );
      expect(status).toBe(200);
      expect(body.data.outage).toMatchObject({
        status: 'en_curso',
        supplyStoppedAt: '2026-03-02T14:30:00Z',
        supplyRestoredAt: null,
        forceMajeureResolution: 'Res. Ex. SISS N° 1234/2026',
        causeClass: 'fuerza_mayor',
        updatedAt: '2026-03-02T16:00:00Z',
      });
      expect((await auditRows(db())).at(-1)).toEqual({
        admin_email: 'ana@example.com',
        action: 'update',
        entity: 'outage',
        entity_id: id,
        summary:
          'Horas reales de Emergencia en Coyhaique, desde 02-03-2026 08:00: corte 02-03-2026 12:00 → 02-03-2026 11:30; ' +
          'reposición sin registrar → sin registrar; resolución SISS ninguna → Res. Ex. SISS N° 1234/2026; ' +
          'motivo: La planta registró la caída de presión a las 11:30.',
      });
    });

    it('corrects a restored outage’s stop and restore: the real duration and days follow', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      await move(id, 'restablecido', '2026-03-02T17:00:00Z');
      const { status, body } = await correct(id, {
        supplyStoppedAt: '2026-03-02T09:00:00-03:00',
        supplyRestoredAt: '2026-03-02T14:30:00-03:00',
        reason: 'Horas del registro de telemetría.',
      });
      expect(status).toBe(200);
      expect(body.data.outage).toMatchObject({
        status: 'restablecido',
        supplyStoppedAt: '2026-03-02T12:00:00Z',
        supplyRestoredAt: '2026-03-02T17:30:00Z',
        causeClass: 'imprevisto',
        realHours: 5.5,
        supplyDays: 1,
      });
      expect((await auditRows(db())).at(-1)?.summary).toBe(
        'Horas reales de Emergencia en Coyhaique, desde 02-03-2026 08:00: corte 02-03-2026 12:00 → 02-03-2026 09:00; ' +
          'reposición 02-03-2026 14:00 → 02-03-2026 14:30; motivo: Horas del registro de telemetría.',
      );
      // The resolution recorded later takes it out of art. 25 A; cleared, it counts again.
      const declared = await correct(id, {
        supplyStoppedAt: '2026-03-02T09:00:00-03:00',
        supplyRestoredAt: '2026-03-02T14:30:00-03:00',
        forceMajeureResolution: 'Res. Ex. SISS N° 99',
        reason: 'La SISS calificó el corte como fuerza mayor.',
      });
      expect(declared.body.data.outage).toMatchObject({ causeClass: 'fuerza_mayor', realHours: 5.5, supplyDays: 0 });
      const cleared = await correct(id, {
        supplyStoppedAt: '2026-03-02T09:00:00-03:00',
        supplyRestoredAt: '2026-03-02T14:30:00-03:00',
        forceMajeureResolution: '',
        reason: 'Resolución dejada sin efecto.',
      });
      expect(cleared.body.data.outage).toMatchObject({ causeClass: 'imprevisto', supplyDays: 1 });
      expect((await auditRows(db())).at(-1)?.summary).toContain('resolución SISS Res. Ex. SISS N° 99 → ninguna');
    });

    const valid = {
      supplyStoppedAt: '2026-03-02T09:00:00-03:00',
      supplyRestoredAt: '2026-03-02T14:30:00-03:00',
      forceMajeureResolution: '',
      reason: 'Horas del registro de telemetría.',
    };
    describe.each([
      ['no reason', { reason: undefined }, { reason: outageAdminMessages.supplyReason }],
      ['a blank reason', { reason: '   ' }, { reason: outageAdminMessages.supplyReason }],
      ['a reason too long', { reason: 'x'.repeat(501) }, { reason: 'Máximo 500 caracteres.' }],
      ['no stop', { supplyStoppedAt: undefined }, { supplyStoppedAt: outageAdminMessages.supplyStopped }],
      [
        'a stop without its offset',
        { supplyStoppedAt: '2026-03-02T09:00' },
        { supplyStoppedAt: outageAdminMessages.supplyStopped },
      ],
      [
        'a restore that is not a time',
        { supplyRestoredAt: 'ayer' },
        { supplyRestoredAt: outageAdminMessages.supplyRestored },
      ],
      [
        'a restore before the stop',
        { supplyRestoredAt: '2026-03-02T08:59:00-03:00' },
        { supplyRestoredAt: outageAdminMessages.supplyRestoredAfterStopped },
      ],
      [
        'a restore at the stop',
        { supplyRestoredAt: '2026-03-02T09:00:00-03:00' },
        { supplyRestoredAt: outageAdminMessages.supplyRestoredAfterStopped },
      ],
      [
        'a resolution too long',
        { forceMajeureResolution: 'x'.repeat(201) },
        { forceMajeureResolution: 'Máximo 200 caracteres.' },
      ],
      [
        'a stop in the future (server clock 18:00)',
        { supplyStoppedAt: '2026-03-02T18:01:00-03:00', supplyRestoredAt: '2026-03-02T18:30:00-03:00' },
        {
          supplyStoppedAt: outageAdminMessages.supplyStoppedFuture,
          supplyRestoredAt: outageAdminMessages.supplyRestoredFuture,
        },
      ],
      [
        'a restore in the future',
        { supplyRestoredAt: '2026-03-02T18:00:01-03:00' },
        { supplyRestoredAt: outageAdminMessages.supplyRestoredFuture },
      ],
    ])('refuses %s (400 on its field)', (_, changes, errors) => {
      it('and changes and logs nothing', async () => {
        const id = await publishedCut();
        await move(id, 'en_curso');
        await move(id, 'restablecido', '2026-03-02T17:00:00Z');
        const before = await stored(id);
        const audited = (await auditRows(db())).length;
        const answer = await correct(id, { ...valid, ...changes });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual(errors);
        expect(await stored(id)).toEqual(before);
        expect(await auditRows(db())).toHaveLength(audited);
      });
    });

    it('accepts times up to the server’s clock (X-Local-Now in local mode)', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      await move(id, 'restablecido', '2026-03-02T17:00:00Z');
      const atTheClock = await correct(
        id,
        { ...valid, supplyRestoredAt: '2026-03-02T18:00:00-03:00' },
        '2026-03-02T21:00:00.000Z',
      );
      expect(atTheClock.body.data.outage.supplyRestoredAt).toBe('2026-03-02T21:00:00Z');
    });

    it('refuses a restore while the outage is en curso, and a restablecido one without it', async () => {
      const current = await publishedCut();
      await move(current, 'en_curso');
      expect(await correct(current, valid)).toEqual(
        refused(409, outageAdminMessages.supplyStillRunning, {
          supplyRestoredAt: outageAdminMessages.supplyStillRunning,
        }),
      );
      await move(current, 'restablecido', '2026-03-02T17:00:00Z');
      expect(await correct(current, { ...valid, supplyRestoredAt: '' })).toEqual(
        refused(400, outageAdminMessages.supplyRestored, { supplyRestoredAt: outageAdminMessages.supplyRestored }),
      );
      expect((await stored(current))?.restored).toEqual(new Date('2026-03-02T17:00:00Z'));
    });

    it('refuses a draft, a published outage and a cancelled one (409), and logs nothing', async () => {
      const draft = await create();
      const announced = await publishedCut();
      const cancelled = await publishedCut();
      await move(cancelled, 'cancelado');
      const audited = (await auditRows(db())).length;
      for (const id of [draft, announced, cancelled])
        expect(await correct(id, { ...valid, supplyRestoredAt: '' })).toEqual(
          refused(409, outageAdminMessages.supplyNotCorrectable),
        );
      expect(await auditRows(db())).toHaveLength(audited);
      expect(await db().query('SELECT 1 FROM outages WHERE supply_stopped_at IS NOT NULL')).toEqual([]);
    });

    it('answers 404 for an outage that does not exist or an id that is not one', async () => {
      for (const id of ['999999', 'abc'])
        expect(await correct(id, valid)).toEqual(refused(404, outageMessages.notFound));
    });

    it('answers 401 without a token and 415 to a cross-site form post, and changes nothing', async () => {
      const id = await publishedCut();
      await move(id, 'en_curso');
      const before = await stored(id);
      const path = `/api/admin/outages/${id}/supply`;
      const anonymous = await callFunction(adminOutages, 'PUT', path, { body: valid });
      expect(anonymous.status).toBe(401);
      const crossSite = await callFunction(adminOutages, 'PUT', path, {
        token: token(),
        body: new Blob([JSON.stringify({ ...valid, supplyRestoredAt: '' })], { type: 'text/plain' }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(crossSite.status).toBe(415);
      expect(await stored(id)).toEqual(before);
    });

    it('refuses an empty body on each required field', async () => {
      const id = await publishedCut();
      expect(await correct(id, {})).toEqual(
        invalidForm({
          supplyStoppedAt: outageAdminMessages.supplyStopped,
          reason: outageAdminMessages.supplyReason,
        }),
      );
    });
  });
});

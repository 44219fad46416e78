import { describe, expect, it } from 'vitest';
import * as adminAdvisories from '../../netlify/functions/admin-advisories.ts';
import { advisoryAdminMessages } from '../../src/shared/advisories/admin/schema.ts';
import { advisoryMessages } from '../../src/shared/advisories/schema.ts';
import { spanishList } from '../../src/shared/spanish-list.ts';
import { townListSql } from '../../src/server/advisories/manage.ts';
import { fieldMessages } from '../../src/shared/fields.ts';
import { outageMessages } from '../../src/shared/outages/schema.ts';
import { auditRows, callFunction, read } from '../helpers/admin.ts';
import { invalidForm, refused } from '../helpers/functions.ts';
import { useNoticeFunction } from '../helpers/notices.ts';

/** Avisos, staff's side: a notice's life from draft to lifted, its notices and its audit rows. */

const supplyPoint = {
  name: 'Estanque móvil plaza',
  address: 'Plaza de Armas, Puerto Aysén',
  latitude: -45.4036,
  longitude: -72.6922,
  hours: '09:00 a 21:00',
};
/** Boil the water in Puerto Aysén from this morning, with no end known yet. */
const boil = {
  kind: 'hervir',
  towns: ['puerto-aysen'],
  sectors: 'Población Gabriela Mistral',
  startsAt: '2026-03-02T08:00:00-03:00',
  instructions: 'Hierva el agua al menos un minuto antes de beberla o usarla para cocinar.',
  supplyPoints: [supplyPoint],
};
const WORDS = 'Hervir el agua antes de consumirla en Puerto Aysén, desde 02-03-2026 08:00';

const { db, token, call, create, published } = useNoticeFunction(adminAdvisories, {
  collection: '/api/admin/advisories',
  answer: 'advisory',
  draft: boil,
  tables: ['advisories'],
});
const notices = () =>
  db().query<{ advisory_id: string; kind: string; update_id: string | null; created_at: string }>(
    `SELECT advisory_id::text, kind, update_id::text, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
     FROM advisory_notices ORDER BY id`,
  );
const rowsOf = (table: string) => db().query(`SELECT * FROM ${table}`);

describe('POST /api/admin/advisories', () => {
  it('creates a draft with its towns and supply points, in the audit log, and tells nobody', async () => {
    const { status, body } = await call('POST', '/api/admin/advisories', {
      ...boil,
      towns: ['puerto-chacabuco', 'puerto-aysen', 'puerto-aysen'],
      endsAt: '2026-03-04T20:00:00-03:00',
    });
    expect(status).toBe(201);
    expect(body.data.advisory).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      kind: 'hervir',
      restrictionLevel: null,
      // A set, in the towns' own order.
      towns: [
        { slug: 'puerto-aysen', name: 'Puerto Aysén' },
        { slug: 'puerto-chacabuco', name: 'Puerto Chacabuco' },
      ],
      sectors: 'Población Gabriela Mistral',
      startsAt: '2026-03-02T11:00:00Z',
      endsAt: '2026-03-04T23:00:00Z',
      status: 'borrador',
      lastUpdate: null,
      instructions: boil.instructions,
      liftMessage: '',
      publishedAt: null,
      liftedAt: null,
      updatedAt: '2026-03-02T15:00:00Z',
      updates: [],
      supplyPoints: [supplyPoint],
      alerts: { audience: {}, notices: [] },
    });
    expect(await notices()).toEqual([]);
    expect(await auditRows(db())).toEqual([
      {
        admin_email: 'ana@example.com',
        action: 'create',
        entity: 'advisory',
        entity_id: body.data.advisory.id,
        summary:
          'borrador: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco, desde 02-03-2026 08:00',
      },
    ]);
  });

  it('keeps a restriction with its level, and no level for any other kind', async () => {
    const restriction = await call('POST', '/api/admin/advisories', {
      ...boil,
      kind: 'restriccion',
      restrictionLevel: 2,
      towns: ['coyhaique'],
    });
    expect(restriction.body.data.advisory).toMatchObject({ kind: 'restriccion', restrictionLevel: 2 });
    expect((await auditRows(db()))[0]!.summary).toBe(
      'borrador: Restricción de uso del agua (nivel 2) en Coyhaique, desde 02-03-2026 08:00',
    );
    // A level left over from a kind chosen before: the table takes none, nor does the answer.
    const turbid = await call('POST', '/api/admin/advisories', { ...boil, kind: 'turbiedad', restrictionLevel: 3 });
    expect(turbid).toMatchObject({ status: 201, body: { data: { advisory: { restrictionLevel: null } } } });
  });

  it('names the towns in the log as the rest of the site does, "e" before a name that sounds /i/', async () => {
    const lists = [
      [],
      ['Coyhaique'],
      ['Puerto Aysén', 'Puerto Chacabuco'],
      ['Coyhaique', 'Puerto Aysén', 'Cochrane'],
      ['Coyhaique', 'Ibáñez'],
      ['Coyhaique', 'Puerto Aysén', 'isla Magdalena'],
      ['Coyhaique', 'Hito'],
      ['Coyhaique', 'hi'],
      ['Coyhaique', 'Hielo Sur'],
      ['Coyhaique', 'Hiaa'],
      ['Coyhaique', 'HIUA'],
      ['Coyhaique', 'Íñigo'],
      ['Coyhaique', 'Yungay'],
    ];
    for (const names of lists) {
      const [row] = await db().query<{ list: string }>(`SELECT ${townListSql('$1::text[]')} AS list`, [names]);
      expect(row!.list, JSON.stringify(names)).toBe(spanishList(names));
    }
  });

  describe.each([
    ['no kind', { kind: undefined }, { kind: advisoryMessages.kind }],
    ['a kind of its own', { kind: 'sorpresa' }, { kind: advisoryMessages.kind }],
    ['a restriction without its level', { kind: 'restriccion' }, { restrictionLevel: advisoryMessages.level }],
    [
      'a restriction level 5',
      { kind: 'restriccion', restrictionLevel: 5 },
      { restrictionLevel: advisoryMessages.level },
    ],
    ['no towns', { towns: [] }, { towns: advisoryMessages.towns }],
    ['towns missing', { towns: undefined }, { towns: advisoryMessages.towns }],
    ['a malformed town', { towns: ['Puerto Aysén'] }, { towns: advisoryMessages.towns }],
    ['a town not in the list', { towns: ['puerto-aysen', 'punta-arenas'] }, { towns: advisoryMessages.unknownTown }],
    ['no start', { startsAt: undefined }, { startsAt: advisoryMessages.start }],
    ['a start without its offset', { startsAt: '2026-03-02T08:00' }, { startsAt: advisoryMessages.start }],
    ['an end before the start', { endsAt: '2026-03-02T07:59:00-03:00' }, { endsAt: advisoryMessages.end }],
    ['an end that is not a time', { endsAt: 'mañana' }, { endsAt: advisoryMessages.end }],
    ['no instructions', { instructions: '   ' }, { instructions: advisoryMessages.instructions }],
    ['instructions too long', { instructions: 'x'.repeat(2_001) }, { instructions: fieldMessages.tooLong(2_000) }],
    ['sectors too long', { sectors: 'x'.repeat(501) }, { sectors: fieldMessages.tooLong(500) }],
    [
      'a supply point in Argentina',
      { supplyPoints: [{ ...supplyPoint, longitude: -70.5 }] },
      { supplyPoints: outageMessages.outsideRegion },
    ],
    [
      'a supply point without its address',
      { supplyPoints: [{ ...supplyPoint, address: '' }] },
      { supplyPoints: 'Ingrese la dirección del punto de abastecimiento.' },
    ],
  ])('refuses %s', (_, changes, errors) => {
    it('with 400 and its field message, and stores and logs nothing', async () => {
      expect(await call('POST', '/api/admin/advisories', { ...boil, ...changes })).toEqual(invalidForm(errors));
      expect(await rowsOf('advisories')).toEqual([]);
      expect(await auditRows(db())).toEqual([]);
    });
  });

  it('refuses a body that is not JSON (415) or is broken JSON (400)', async () => {
    const raw = (body: string, type: string) =>
      callFunction(adminAdvisories, 'POST', '/api/admin/advisories', {
        token: token(),
        body: new Blob([body], { type }),
        headers: { 'content-type': type },
      }).then(read);
    expect((await raw(JSON.stringify(boil), 'text/plain')).status).toBe(415);
    expect((await raw('{"kind":', 'application/json')).status).toBe(400);
    expect(await rowsOf('advisories')).toEqual([]);
  });
});

describe('PUT and DELETE /api/admin/advisories/{id}', () => {
  it('replaces what staff wrote, the set of towns and the set of supply points, draft or published', async () => {
    const id = await create({ towns: ['puerto-aysen', 'puerto-chacabuco'] });
    const second = { ...supplyPoint, name: 'Escuela Litoral Austral', hours: '' };
    const edited = await call('PUT', `/api/admin/advisories/${id}`, {
      ...boil,
      kind: 'no-beber',
      towns: ['puerto-chacabuco', 'coyhaique'],
      supplyPoints: [second, supplyPoint],
      endsAt: '2026-03-03T20:00:00-03:00',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.advisory).toMatchObject({
      kind: 'no-beber',
      towns: [
        { slug: 'coyhaique', name: 'Coyhaique' },
        { slug: 'puerto-chacabuco', name: 'Puerto Chacabuco' },
      ],
      supplyPoints: [second, supplyPoint],
      endsAt: '2026-03-03T23:00:00Z',
    });
    await call('POST', `/api/admin/advisories/${id}/publish`);
    const again = await call('PUT', `/api/admin/advisories/${id}`, { ...boil, endsAt: null, supplyPoints: [] });
    expect(again.body.data.advisory).toMatchObject({
      kind: 'hervir',
      status: 'publicado',
      towns: [{ slug: 'puerto-aysen' }],
      endsAt: null,
      supplyPoints: [],
    });
    expect(await rowsOf('advisory_supply_points')).toEqual([]);
    expect((await auditRows(db())).map((row) => [row.action, row.summary])).toEqual([
      [
        'create',
        'borrador: Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco, desde 02-03-2026 08:00',
      ],
      ['update', 'No beber el agua de la red en Coyhaique y Puerto Chacabuco, desde 02-03-2026 08:00'],
      ['publish', 'No beber el agua de la red en Coyhaique y Puerto Chacabuco, desde 02-03-2026 08:00'],
      ['update', WORDS],
    ]);
    // An edit is no step the subscribers are told of: the publication only.
    expect((await notices()).map((notice) => notice.kind)).toEqual(['published']);
  });

  it('refuses an edit to an unknown town, and leaves the notice as it was', async () => {
    const id = await create();
    expect(await call('PUT', `/api/admin/advisories/${id}`, { ...boil, towns: ['coyhaique', 'santiago'] })).toEqual(
      invalidForm({ towns: advisoryMessages.unknownTown }),
    );
    expect((await call('GET', `/api/admin/advisories/${id}`)).body.data.advisory.towns).toEqual([
      { slug: 'puerto-aysen', name: 'Puerto Aysén' },
    ]);
  });

  it('deletes a draft only, with its towns and supply points', async () => {
    const draft = await create();
    expect(await call('DELETE', `/api/admin/advisories/${draft}`)).toEqual({
      status: 200,
      body: { success: true, data: { deleted: draft } },
    });
    for (const table of ['advisories', 'advisory_towns', 'advisory_supply_points'])
      expect(await rowsOf(table)).toEqual([]);
    const current = await published();
    expect(await call('DELETE', `/api/admin/advisories/${current}`)).toEqual(
      refused(409, advisoryAdminMessages.notDraft),
    );
    expect((await auditRows(db())).map((row) => [row.action, row.entity_id, row.summary])).toEqual([
      ['create', draft, `borrador: ${WORDS}`],
      ['delete', draft, `borrador: ${WORDS}`],
      ['create', current, `borrador: ${WORDS}`],
      ['publish', current, WORDS],
    ]);
  });

  it.each([
    ['GET', '/api/admin/advisories/999999'],
    ['PUT', '/api/admin/advisories/999999'],
    ['DELETE', '/api/admin/advisories/999999'],
    ['POST', '/api/admin/advisories/999999/publish'],
    ['POST', '/api/admin/advisories/999999/updates'],
    ['POST', '/api/admin/advisories/999999/lift'],
    ['GET', '/api/admin/advisories/abc'],
    ['PUT', '/api/admin/advisories/0'],
    ['POST', '/api/admin/advisories/1e3/lift'],
  ])('answers 404 to %s %s and logs nothing', async (method, path) => {
    const body = path.endsWith('/updates')
      ? { body: 'Nada' }
      : path.endsWith('/lift')
        ? { liftMessage: 'Nada' }
        : method === 'PUT'
          ? boil
          : undefined;
    expect(await call(method, path, body)).toEqual(refused(404, advisoryMessages.notFound));
    expect(await auditRows(db())).toEqual([]);
  });
});

describe('the life of a notice: publish, update, lift', () => {
  it('writes one notice per step, in the step, at its time, and refuses each step out of turn with 409', async () => {
    const id = await create();
    // A draft takes no update and cannot be lifted: it is published first.
    expect(await call('POST', `/api/admin/advisories/${id}/updates`, { body: 'Pronto' })).toEqual(
      refused(409, advisoryAdminMessages.notCurrent),
    );
    expect(await call('POST', `/api/admin/advisories/${id}/lift`, { liftMessage: 'Listo' })).toEqual(
      refused(409, advisoryAdminMessages.notLiftable),
    );
    expect(await notices()).toEqual([]);

    const publication = await call('POST', `/api/admin/advisories/${id}/publish`);
    expect(publication).toMatchObject({
      status: 200,
      body: { data: { advisory: { status: 'publicado', publishedAt: '2026-03-02T15:00:00Z', liftedAt: null } } },
    });
    expect(await call('POST', `/api/admin/advisories/${id}/publish`)).toEqual(
      refused(409, advisoryAdminMessages.alreadyPublished),
    );

    const update = await call(
      'POST',
      `/api/admin/advisories/${id}/updates`,
      { body: 'Las muestras de hoy siguen con coliformes.' },
      '2026-03-03T14:00:00Z',
    );
    expect(update.status).toBe(201);
    const [latest] = update.body.data.advisory.updates;
    expect(latest).toEqual({
      id: expect.any(String),
      body: 'Las muestras de hoy siguen con coliformes.',
      createdAt: '2026-03-03T14:00:00Z',
    });
    expect(update.body.data.advisory.lastUpdate).toEqual(latest);

    const liftMessage = 'Las muestras salieron limpias: ya puede beber el agua de la llave sin hervirla.';
    const lift = await call('POST', `/api/admin/advisories/${id}/lift`, { liftMessage }, '2026-03-04T18:30:00Z');
    expect(lift).toMatchObject({
      status: 200,
      body: { data: { advisory: { status: 'levantado', liftMessage, liftedAt: '2026-03-04T18:30:00Z' } } },
    });

    expect(await notices()).toEqual([
      { advisory_id: id, kind: 'published', update_id: null, created_at: '2026-03-02T15:00:00Z' },
      { advisory_id: id, kind: 'update', update_id: latest.id, created_at: '2026-03-03T14:00:00Z' },
      { advisory_id: id, kind: 'lifted', update_id: null, created_at: '2026-03-04T18:30:00Z' },
    ]);
    // Lifted is lifted: no second lift, no update, no edit, no publication, no deletion.
    for (const [method, path, body, message] of [
      ['POST', '/lift', { liftMessage }, advisoryAdminMessages.notLiftable],
      ['POST', '/updates', { body: 'Otra' }, advisoryAdminMessages.notCurrent],
      ['PUT', '', boil, advisoryAdminMessages.liftedNotEditable],
      ['POST', '/publish', undefined, advisoryAdminMessages.alreadyPublished],
      ['DELETE', '', undefined, advisoryAdminMessages.notDraft],
    ] as const)
      expect(await call(method, `/api/admin/advisories/${id}${path}`, body)).toEqual(refused(409, message));
    expect(await notices()).toHaveLength(3);
    expect((await auditRows(db())).map((row) => [row.action, row.entity, row.entity_id, row.summary])).toEqual([
      ['create', 'advisory', id, `borrador: ${WORDS}`],
      ['publish', 'advisory', id, WORDS],
      ['create', 'advisory', id, `actualización de ${WORDS}`],
      ['lift', 'advisory', id, `${WORDS}: levantado`],
    ]);
  });

  describe.each([
    ['/updates', 'no body', {}, { body: advisoryAdminMessages.update }],
    ['/updates', 'a blank body', { body: ' \n ' }, { body: advisoryAdminMessages.update }],
    ['/updates', 'a body too long', { body: 'x'.repeat(1_001) }, { body: fieldMessages.tooLong(1_000) }],
    ['/lift', 'no lift message', {}, { liftMessage: advisoryMessages.liftMessage }],
    ['/lift', 'a blank lift message', { liftMessage: '  ' }, { liftMessage: advisoryMessages.liftMessage }],
    [
      '/lift',
      'a lift message too long',
      { liftMessage: 'x'.repeat(1_001) },
      { liftMessage: fieldMessages.tooLong(1_000) },
    ],
  ])('POST …%s refuses %s', (path, _, body, errors) => {
    it('with 400 and its field message, and changes nothing', async () => {
      const id = await published();
      expect(await call('POST', `/api/admin/advisories/${id}${path}`, body)).toEqual(invalidForm(errors));
      expect((await notices()).map((notice) => notice.kind)).toEqual(['published']);
      expect((await call('GET', `/api/admin/advisories/${id}`)).body.data.advisory).toMatchObject({
        status: 'publicado',
        updates: [],
      });
    });
  });
});

describe('GET /api/admin/advisories', () => {
  it('filters by status and town, drafts and current ones before lifted ones, with the last update, 25 a page', async () => {
    const draft = await create({ startsAt: '2026-03-01T08:00:00-03:00' });
    const lifted = await published({ kind: 'turbiedad', towns: ['coyhaique'], startsAt: '2026-03-05T08:00:00-03:00' });
    await call('POST', `/api/admin/advisories/${lifted}/lift`, { liftMessage: 'El agua volvió a estar clara.' });
    const current = await published({
      kind: 'congelamiento',
      towns: ['cochrane', 'coyhaique'],
      startsAt: '2026-02-20T08:00:00-03:00',
    });
    await call('POST', `/api/admin/advisories/${current}/updates`, { body: 'Se esperan −12 °C esta noche.' });

    const all = await call('GET', '/api/admin/advisories');
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.body.data.advisories.map((row: { id: string }) => row.id)).toEqual([draft, current, lifted]);
    expect(all.body.data.advisories[1]).toEqual({
      id: current,
      kind: 'congelamiento',
      restrictionLevel: null,
      towns: [
        { slug: 'coyhaique', name: 'Coyhaique' },
        { slug: 'cochrane', name: 'Cochrane' },
      ],
      sectors: boil.sectors,
      startsAt: '2026-02-20T11:00:00Z',
      endsAt: null,
      status: 'publicado',
      lastUpdate: { id: expect.any(String), body: 'Se esperan −12 °C esta noche.', createdAt: '2026-03-02T15:00:00Z' },
    });
    const ids = async (query: string) =>
      (await call('GET', `/api/admin/advisories${query}`)).body.data.advisories.map((row: { id: string }) => row.id);
    expect(await ids('?town=coyhaique')).toEqual([current, lifted]);
    expect(await ids('?status=levantado&town=coyhaique')).toEqual([lifted]);
    expect(await ids('?status=borrador&town=cochrane')).toEqual([]);
    expect(await ids('?page=2')).toEqual([]);
  });

  it('pages 25 at a time', async () => {
    await db().query(
      `INSERT INTO advisories (kind, starts_at, instructions)
       SELECT 'hervir', '2026-03-01T00:00:00Z'::timestamptz + i * interval '1 hour', 'Hierva el agua.'
       FROM generate_series(1, 26) AS i`,
    );
    const first = await call('GET', '/api/admin/advisories');
    expect(first.body.data).toMatchObject({ total: 26, page: 1, pageSize: 25 });
    expect(first.body.data.advisories).toHaveLength(25);
    expect((await call('GET', '/api/admin/advisories?page=2')).body.data.advisories).toHaveLength(1);
  });

  it.each([
    ['?status=vigente', { status: 'Filtro no válido.' }],
    ['?town=Coyhaique', { town: 'Filtro no válido.' }],
    ['?page=0', { page: 'Página no válida.' }],
  ])('refuses the filter %s with 400', async (query, errors) => {
    expect(await call('GET', `/api/admin/advisories${query}`)).toEqual(invalidForm(errors));
  });
});

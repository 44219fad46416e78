import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import cap from '../../netlify/functions/cap.ts';
import geojson from '../../netlify/functions/outages-geojson.ts';
import { AYSEN_BOUNDS } from '../../src/shared/outages/schema.ts';
import { site } from '../../src/shared/site.ts';
import { validateCap } from '../helpers/cap-schema.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { testContext } from '../helpers/functions.ts';

/**
 * /cap/{identifier}.xml, /cap/alertas.atom and /cortes.geojson over outages and notices
 * written as staff's steps write them (src/server/outages/lifecycle.ts; the notices' admin is
 * another part's): every CAP document valid against the OASIS CAP 1.2 schema (xmllint).
 */

const environment = useLocalEnvironment();
const db = () => environment.database.db;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** The site's address (context.site.url), which is not the host the requests come to. */
const SITE = 'https://www.aguas.example';
const SENDER = 'www.aguas.example';

async function call(path: string, headers: HeadersInit = {}): Promise<Response> {
  const identifier = /^\/cap\/([^/]+)\.xml$/.exec(path)?.[1];
  const { context } = testContext(identifier ? { identifier } : {}, 'production', SITE);
  const handler = path === '/cortes.geojson' ? geojson : cap;
  return handler(new Request(`http://localhost${path}`, { headers }), context);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => ['entry', 'link', 'circle'].includes(name),
});

interface Alert {
  identifier: string;
  sender: string;
  sent: string;
  status: string;
  msgType: string;
  scope: string;
  references?: string;
  incidents: string;
  info: Record<string, string> & { area: { areaDesc: string; circle: string[] } };
}

/** A CAP document as served: 200, its type, valid against the schema; its text and its alert. */
async function capDocument(identifier: string): Promise<{ xml: string; alert: Alert }> {
  const response = await call(`/cap/${identifier}.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const xml = await response.text();
  // Its validator: a client that has it gets 304, without the document.
  const etag = response.headers.get('etag')!;
  expect(etag).toMatch(/^"[\w-]{43}"$/);
  for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const again = await call(`/cap/${identifier}.xml`, { 'If-None-Match': ifNoneMatch });
    expect(again.status, ifNoneMatch).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  }
  expect((await call(`/cap/${identifier}.xml`, { 'If-None-Match': '"other"' })).status).toBe(200);
  const validation = await validateCap(xml);
  expect(validation.report).toContain('- validates');
  expect(validation.valid).toBe(true);
  const parsed = parser.parse(xml) as { alert: Alert & { xmlns: string } };
  expect(parsed.alert.xmlns).toBe('urn:oasis:names:tc:emergency:cap:1.2');
  return { xml, alert: parsed.alert };
}

interface Entry {
  id: string;
  title: string;
  updated: string;
  link: { rel: string; type: string; href: string }[];
}

/** The Atom index's entries, after checking the feed is well-formed Atom of the right type. */
async function indexEntries(): Promise<Entry[]> {
  const response = await call('/cap/alertas.atom');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const { feed } = parser.parse(xml) as {
    feed: { xmlns: string; id: string; title: string; updated: string; entry?: Entry[] };
  };
  expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
  expect(feed.id).toBe(`${SITE}/cap/alertas.atom`);
  return feed.entry ?? [];
}

/** The identifier each entry's CAP link names, after checking the link's type and address. */
function linkedIdentifier(entry: Entry): string {
  const links = entry.link.filter((link) => link.type === 'application/cap+xml');
  expect(links).toHaveLength(1);
  expect(links[0]!.rel).toBe('alternate');
  const match = new RegExp(`^${SITE}/cap/([^/]+)\\.xml$`).exec(links[0]!.href);
  expect(match).not.toBeNull();
  expect(entry.id).toBe(links[0]!.href);
  return match![1]!;
}

/** The identifiers the index lists for one outage (`corte-12`) or notice (`aviso-3`). */
const listedFor = async (incident: string) =>
  (await indexEntries()).map(linkedIdentifier).filter((identifier) => identifier.startsWith(`${incident}-`));

const reference = (alert: Alert) => `${alert.sender},${alert.identifier},${alert.sent}`;

/** The notice row lifecycle.ts writes with each change of an outage or an aviso. */
const noticeRow = (entity: 'outage' | 'advisory', id: string, kind: string, at: string) => ({
  text: `INSERT INTO ${entity}_notices (${entity}_id, kind, created_at) VALUES ($1, $2, $3)`,
  params: [id, kind, at],
});

/** An update of an outage or an aviso, with its notice row, as lifecycle.ts writes it. */
const updateRows = (entity: 'outage' | 'advisory', id: string, body: string, at: string) =>
  db().batch([
    {
      text: `INSERT INTO ${entity}_updates (${entity}_id, body, created_at) VALUES ($1, $2, $3)`,
      params: [id, body, at],
    },
    {
      text: `INSERT INTO ${entity}_notices (${entity}_id, kind, update_id, created_at)
             VALUES ($1, 'update', currval(pg_get_serial_sequence('${entity}_updates', 'id')), $2)`,
      params: [id, at],
    },
  ]);

/** Staff's steps on an outage, as lifecycle.ts writes them: the change and its notice row. */
const outage = {
  async publish(at: string, sectors = 'Villa Los Ñires & Pasaje <Norte>') {
    const [row] = await db().query<{ id: string }>(
      `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, cause, status, published_at, updated_at)
       VALUES ('programado', 'coyhaique', $1, $2, $3, 'Cambio de válvulas', 'publicado', $4, $4) RETURNING id::text`,
      [sectors, hoursFromNow(20), hoursFromNow(24), at],
    );
    await db().batch([
      {
        text: `INSERT INTO outage_supply_points (outage_id, name, address, latitude, longitude, hours)
               VALUES ($1, 'Camión aljibe', 'Plaza de Armas, Coyhaique', -45.5714, -72.0684, '08:00 a 20:00')`,
        params: [row!.id],
      },
      noticeRow('outage', row!.id, 'published', at),
    ]);
    return row!.id;
  },
  update: (id: string, body: string, at: string) => updateRows('outage', id, body, at),
  close: (id: string, status: 'restablecido' | 'cancelado', at: string) =>
    db().batch([
      {
        text: `UPDATE outages SET status = $2, closed_at = $3, updated_at = $3 WHERE id = $1`,
        params: [id, status, at],
      },
      noticeRow('outage', id, 'closed', at),
    ]),
};

/** Staff's steps on a notice (the admin is another part's), as outages' are written. */
const advisory = {
  async publish(
    at: string,
    {
      kind = 'hervir',
      level = null as number | null,
      towns = ['puerto-aysen', 'puerto-chacabuco'],
      endsAt = null as string | null,
    } = {},
  ) {
    const [row] = await db().query<{ id: string }>(
      `INSERT INTO advisories (kind, restriction_level, sectors, starts_at, ends_at, instructions, status, published_at)
       VALUES ($1, $2, 'Sector Ribera Norte', $3, $4, 'Hierva el agua al menos un minuto antes de beberla o cocinar.',
               'publicado', $3) RETURNING id::text`,
      [kind, level, at, endsAt],
    );
    await db().batch([
      ...towns.map((town) => ({
        text: `INSERT INTO advisory_towns (advisory_id, town) VALUES ($1, $2)`,
        params: [row!.id, town],
      })),
      {
        text: `INSERT INTO advisory_supply_points (advisory_id, name, address, latitude, longitude, hours)
               VALUES ($1, 'Estanque móvil', 'Costanera 120, Puerto Aysén', -45.4041, -72.6930, '09:00 a 19:00')`,
        params: [row!.id],
      },
      noticeRow('advisory', row!.id, 'published', at),
    ]);
    return row!.id;
  },
  update: (id: string, body: string, at: string) => updateRows('advisory', id, body, at),
  lift: (id: string, at: string) =>
    db().batch([
      {
        text: `UPDATE advisories SET status = 'levantado', lifted_at = $2, updated_at = $2,
                 lift_message = 'Los análisis confirman que el agua es apta para el consumo.' WHERE id = $1`,
        params: [id, at],
      },
      noticeRow('advisory', id, 'lifted', at),
    ]),
};

describe('an outage published, updated and restored', () => {
  let id = '';
  const seen = new Map<string, string>();

  it('publishing gives an Alert from the site, listed in the index', async () => {
    id = await outage.publish(hoursFromNow(-3));
    const listed = await listedFor(`corte-${id}`);
    expect(listed).toHaveLength(1);
    const { xml, alert } = await capDocument(listed[0]!);
    seen.set(alert.identifier, xml);
    expect(alert).toMatchObject({
      identifier: listed[0],
      sender: SENDER,
      status: 'Actual',
      msgType: 'Alert',
      scope: 'Public',
      incidents: `corte-${id}`,
    });
    expect(alert.references).toBeUndefined();
    expect(alert.identifier).toMatch(/^[^\s,<&]+$/);
    expect(alert.sent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
    expect(alert.info).toMatchObject({
      language: 'es-CL',
      category: 'Infra',
      event: 'Corte de agua programado',
      urgency: 'Future',
      severity: 'Minor',
      certainty: 'Likely',
      senderName: site.name,
      // Escaped in the document, read back as staff typed it.
      headline: 'Corte programado en Coyhaique: Villa Los Ñires & Pasaje <Norte>',
      web: `${SITE}/cortes#corte-${id}`,
      contact: `Atención a clientes: ${site.customerPhone}`,
      area: { areaDesc: 'Coyhaique: Villa Los Ñires & Pasaje <Norte>', circle: ['-45.5712,-72.0685 3'] },
    });
    expect(alert.info['instruction']).toContain('Punto de abastecimiento: Camión aljibe, Plaza de Armas, Coyhaique');
    // The same document on every request.
    expect((await capDocument(alert.identifier)).xml).toBe(xml);
  });

  it('an update gives an Update referencing the Alert, which stays as it was', async () => {
    await outage.update(id, 'Se adelanta la reposición a las 12:00.', hoursFromNow(-2));
    const listed = await listedFor(`corte-${id}`);
    expect(listed).toHaveLength(1);
    expect(seen.has(listed[0]!)).toBe(false);
    const { xml, alert } = await capDocument(listed[0]!);
    expect(alert.msgType).toBe('Update');
    const [alertXml] = [...seen.values()];
    const first = parser.parse(alertXml!).alert as Alert;
    expect(alert.references).toBe(reference(first));
    expect(alert.info['description']).toContain('Se adelanta la reposición a las 12:00.');
    expect(alert.info['headline']).toBe(
      'Actualización: Corte programado en Coyhaique: Villa Los Ñires & Pasaje <Norte>',
    );
    seen.set(alert.identifier, xml);
    for (const [identifier, before] of seen) expect((await capDocument(identifier)).xml).toBe(before);
  });

  it('restoring gives a Cancel referencing exactly both, and every message stays readable', async () => {
    await outage.close(id, 'restablecido', hoursFromNow(-1));
    const listed = await listedFor(`corte-${id}`);
    expect(listed).toHaveLength(1);
    const { alert } = await capDocument(listed[0]!);
    const earlier = [...seen.values()].map((xml) => parser.parse(xml).alert as Alert);
    expect(earlier.map((message) => message.msgType)).toEqual(['Alert', 'Update']);
    expect(alert.msgType).toBe('Cancel');
    expect(alert.references).toBe(earlier.map(reference).join(' '));
    expect(alert.info).toMatchObject({
      category: 'Infra',
      event: 'Corte de agua programado',
      responseType: 'AllClear',
      urgency: 'Past',
      severity: 'Minor',
      certainty: 'Observed',
      headline: 'Suministro restablecido en Coyhaique: Villa Los Ñires & Pasaje <Norte>',
    });
    expect(alert.info['onset']).toBeUndefined();
    for (const [identifier, before] of seen) expect((await capDocument(identifier)).xml).toBe(before);
  });
  it('a correction staff make after a message was served leaves it as served; the next message carries it', async () => {
    const corrected = await outage.publish(hoursFromNow(-3), 'Villa Los Ñires');
    const [first] = await listedFor(`corte-${corrected}`);
    const { xml } = await capDocument(first!);
    await db().query(`UPDATE outages SET sectors = 'Villa Los Ñires, sector alto' WHERE id = $1`, [corrected]);
    expect((await capDocument(first!)).xml).toBe(xml);
    await outage.update(corrected, 'Se corrigió el sector afectado.', hoursFromNow(-2));
    const [next] = await listedFor(`corte-${corrected}`);
    expect((await capDocument(next!)).alert.info['headline']).toBe(
      'Actualización: Corte programado en Coyhaique: Villa Los Ñires, sector alto',
    );
  });
});

describe('a notice published, updated and lifted', () => {
  const messages: Alert[] = [];

  it('goes Alert, Update, Cancel, each referencing every earlier one, all schema-valid', async () => {
    const id = await advisory.publish(hoursFromNow(-5));
    for (const step of [
      () => Promise.resolve(),
      () => advisory.update(id, 'Se tomaron nuevas muestras en la red.', hoursFromNow(-4)),
      () => advisory.lift(id, hoursFromNow(-2)),
    ]) {
      await step();
      const listed = await listedFor(`aviso-${id}`);
      expect(listed).toHaveLength(1);
      const { alert } = await capDocument(listed[0]!);
      expect(alert.references?.split(' ') ?? []).toEqual(messages.map(reference));
      messages.push(alert);
    }
    expect(messages.map((message) => message.msgType)).toEqual(['Alert', 'Update', 'Cancel']);
    const [published, updated, lifted] = messages;
    expect(published!.info).toMatchObject({
      category: 'Health',
      event: 'Hervir el agua antes de consumirla',
      responseType: 'Execute',
      urgency: 'Immediate',
      severity: 'Severe',
      certainty: 'Likely',
      headline: 'Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco',
      web: `${SITE}/avisos/${id}`,
      area: {
        areaDesc: 'Puerto Aysén y Puerto Chacabuco: Sector Ribera Norte',
        circle: ['-45.403,-72.6918 3', '-45.4667,-72.8167 3'],
      },
    });
    expect(published!.info['instruction']).toContain('Hierva el agua al menos un minuto');
    expect(published!.info['instruction']).toContain('Punto de abastecimiento: Estanque móvil');
    // No expected end: the message holds 7 days unless updated or lifted.
    expect(Date.parse(published!.info['expires']!) - Date.parse(published!.sent)).toBe(7 * 24 * 3_600_000);
    expect(updated!.info['description']).toContain('Se tomaron nuevas muestras en la red.');
    expect(lifted!.info).toMatchObject({ category: 'Health', urgency: 'Past', responseType: 'AllClear' });
    expect(lifted!.info['description']).toContain('Los análisis confirman que el agua es apta para el consumo.');
    // Each identifier names the same document whenever it is asked for.
    for (const message of messages) expect((await capDocument(message.identifier)).alert).toEqual(message);
  });
});

describe('the index and the documents', () => {
  it('lists a Cancel for 24 hours, while its documents stay readable', async () => {
    const id = await outage.publish(hoursFromNow(-40), 'Población Gendarmería');
    await outage.close(id, 'cancelado', hoursFromNow(-30));
    expect(await listedFor(`corte-${id}`)).toEqual([]);
    const [, cancel] = (
      await db().query<{ id: string }>(`SELECT id::text FROM outage_notices WHERE outage_id = $1 ORDER BY id`, [id])
    ).map((row) => `corte-${id}-${row.id}`);
    const { alert } = await capDocument(cancel!);
    expect(alert.msgType).toBe('Cancel');
    expect(alert.info['headline']).toBe('Corte cancelado en Coyhaique: Población Gendarmería');
  });

  it('links every entry to its CAP document, with its type, newest first', async () => {
    const current = await advisory.publish(hoursFromNow(-1), {
      kind: 'restriccion',
      level: 2,
      towns: ['balmaceda'],
      endsAt: hoursFromNow(48),
    });
    const entries = await indexEntries();
    expect(entries.length).toBeGreaterThan(0);
    const updated = entries.map((entry) => Date.parse(entry.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    for (const entry of entries) {
      const identifier = linkedIdentifier(entry);
      const { alert } = await capDocument(identifier);
      expect(alert.identifier).toBe(identifier);
      expect(entry.title).toBe(alert.info['headline']);
      expect(entry.link).toContainEqual({ rel: 'related', type: 'text/html', href: alert.info['web'] });
    }
    const [identifier] = await listedFor(`aviso-${current}`);
    const { alert } = await capDocument(identifier!);
    expect(alert.info).toMatchObject({ category: 'Infra', severity: 'Minor', urgency: 'Expected' });
    expect(alert.info['instruction']).toContain('Nivel 2: prohibido regar jardines');
  });

  it('answers 404 for another outage’s message, the other table and anything malformed', async () => {
    const published = await outage.publish(hoursFromNow(-1));
    const other = await outage.publish(hoursFromNow(-1), 'Sector Los Álamos');
    const noticeOf = async (id: string) =>
      (await db().query<{ id: string }>(`SELECT id::text FROM outage_notices WHERE outage_id = $1`, [id]))[0]!.id;
    const notice = await noticeOf(published);
    expect((await call(`/cap/corte-${published}-${notice}.xml`)).status).toBe(200);
    for (const identifier of [
      `corte-${other}-${notice}`,
      `corte-${published}-${await noticeOf(other)}0`,
      `aviso-${published}-${notice}`,
      `corte-${published}`,
      `corte-0${published}-${notice}`,
      'alertas',
      `corte-${'9'.repeat(19)}-1`,
    ]) {
      const response = await call(`/cap/${identifier}.xml`);
      expect(response.status, identifier).toBe(404);
      expect((await response.json()).error).toBe('Alerta no encontrada.');
    }
    expect(
      (await cap(new Request(`http://localhost/cap/alertas.atom`, { method: 'POST' }), testContext().context)).status,
    ).toBe(405);
  });

  it('never shows a draft, even one with a notice row (no step of staff leaves one)', async () => {
    const [draft] = await db().query<{ id: string }>(
      `INSERT INTO outages (kind, town, sectors, starts_at, ends_at) VALUES ('programado', 'cochrane', 'Borrador', $1, $2)
       RETURNING id::text`,
      [hoursFromNow(50), hoursFromNow(54)],
    );
    const [draftNotice] = await db().query<{ id: string }>(
      `INSERT INTO advisories (kind, starts_at, instructions) VALUES ('hervir', now(), 'Borrador') RETURNING id::text`,
    );
    const [outageRow] = await db().query<{ id: string }>(
      `INSERT INTO outage_notices (outage_id, kind, created_at) VALUES ($1, 'closed', now()) RETURNING id::text`,
      [draft!.id],
    );
    const [advisoryRow] = await db().query<{ id: string }>(
      `INSERT INTO advisory_notices (advisory_id, kind, created_at) VALUES ($1, 'lifted', now()) RETURNING id::text`,
      [draftNotice!.id],
    );
    expect((await call(`/cap/corte-${draft!.id}-${outageRow!.id}.xml`)).status).toBe(404);
    expect((await call(`/cap/aviso-${draftNotice!.id}-${advisoryRow!.id}.xml`)).status).toBe(404);
    expect(await listedFor(`corte-${draft!.id}`)).toEqual([]);
    expect(await listedFor(`aviso-${draftNotice!.id}`)).toEqual([]);
  });
});

describe('the CAP 1.2 schema', () => {
  it('refuses a document the schema does not allow: the test would see a broken one', async () => {
    const id = await outage.publish(hoursFromNow(-1));
    const [identifier] = await listedFor(`corte-${id}`);
    const { xml } = await capDocument(identifier!);
    const wrongType = await validateCap(xml.replace('<msgType>Alert</msgType>', '<msgType>Alerta</msgType>'));
    expect(wrongType.valid).toBe(false);
    expect(wrongType.report).toContain("The value 'Alerta' is not an element of the set");
    // CAP's times carry their offset: UTC's "Z" is not allowed.
    const utc = await validateCap(xml.replace(/<sent>([^<]+)-03:00<\/sent>/, '<sent>$1Z</sent>'));
    expect(utc.valid).toBe(false);
    expect(utc.report).toContain('sent');
    const outOfOrder = await validateCap(
      xml.replace(/(<status>Actual<\/status>)\s*(<msgType>Alert<\/msgType>)/, '$2$1'),
    );
    expect(outOfOrder.valid).toBe(false);
  });
});

/** A position of RFC 7946 in Aysén: [longitude, latitude]; a swapped pair falls outside. */
function expectInAysen(position: unknown) {
  expect(position).toHaveLength(2);
  const [longitude, latitude] = position as [number, number];
  expect(longitude).toBeGreaterThanOrEqual(AYSEN_BOUNDS.west);
  expect(longitude).toBeLessThanOrEqual(AYSEN_BOUNDS.east);
  expect(latitude).toBeGreaterThanOrEqual(AYSEN_BOUNDS.south);
  expect(latitude).toBeLessThanOrEqual(AYSEN_BOUNDS.north);
}

interface Feature {
  type: string;
  id: string;
  geometry: { type: 'Point'; coordinates: number[] } | { type: 'MultiPoint'; coordinates: number[][] };
  properties: Record<string, unknown>;
}

describe('/cortes.geojson', () => {
  it('has every current outage and notice and their supply points, [lon, lat] inside Aysén', async () => {
    const current = await outage.publish(hoursFromNow(-1), 'Sector Las Lengas');
    const closed = await outage.publish(hoursFromNow(-3), 'Sector ya restablecido');
    await outage.close(closed, 'restablecido', hoursFromNow(-1));
    const notice = await advisory.publish(hoursFromNow(-1), { kind: 'turbiedad' });
    const lifted = await advisory.publish(hoursFromNow(-3), { kind: 'no-beber' });
    await advisory.lift(lifted, hoursFromNow(-1));

    const response = await call('/cortes.geojson');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const collection = (await response.json()) as { type: string; features: Feature[] } & Record<string, unknown>;
    expect(collection.type).toBe('FeatureCollection');
    expect(collection).not.toHaveProperty('crs');
    const ids = collection.features.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const feature of collection.features) {
      expect(feature.type).toBe('Feature');
      expect(typeof feature.properties).toBe('object');
      const positions =
        feature.geometry.type === 'Point' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
      expect(positions.length).toBeGreaterThan(0);
      for (const position of positions) expectInAysen(position);
    }
    expect(ids).toContain(`corte-${current}`);
    expect(ids).toContain(`aviso-${notice}`);
    expect(ids).not.toContain(`corte-${closed}`);
    expect(ids).not.toContain(`aviso-${lifted}`);

    const byId = new Map(collection.features.map((feature) => [feature.id, feature]));
    const outageFeature = byId.get(`corte-${current}`)!;
    expect(outageFeature.geometry).toEqual({ type: 'Point', coordinates: [-72.0685, -45.5712] });
    expect(Object.keys(outageFeature.properties).sort()).toEqual(
      [
        'layer',
        'title',
        'id',
        'kind',
        'town',
        'townName',
        'sectors',
        'streets',
        'startsAt',
        'endsAt',
        'cause',
        'status',
        'updatedAt',
        'updates',
        'url',
      ].sort(),
    );
    expect(outageFeature.properties).toMatchObject({
      layer: 'corte',
      townName: 'Coyhaique',
      url: `${SITE}/cortes#corte-${current}`,
    });
    expect(byId.get(`corte-${current}-punto-1`)).toEqual({
      type: 'Feature',
      id: `corte-${current}-punto-1`,
      geometry: { type: 'Point', coordinates: [-72.0684, -45.5714] },
      properties: {
        layer: 'punto-abastecimiento',
        parent: `corte-${current}`,
        name: 'Camión aljibe',
        address: 'Plaza de Armas, Coyhaique',
        hours: '08:00 a 20:00',
      },
    });
    const advisoryFeature = byId.get(`aviso-${notice}`)!;
    expect(advisoryFeature.geometry).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [-72.6918, -45.403],
        [-72.8167, -45.4667],
      ],
    });
    expect(advisoryFeature.properties).toMatchObject({
      layer: 'aviso',
      title: 'Agua con turbiedad en Puerto Aysén y Puerto Chacabuco',
      health: true,
      kind: 'turbiedad',
      towns: [
        { slug: 'puerto-aysen', name: 'Puerto Aysén' },
        { slug: 'puerto-chacabuco', name: 'Puerto Chacabuco' },
      ],
      url: `${SITE}/avisos/${notice}`,
    });
    expect(byId.get(`aviso-${notice}-punto-1`)?.geometry).toEqual({ type: 'Point', coordinates: [-72.693, -45.4041] });
  });

  it('a [lat, lon] pair fails the check of every position', () => {
    expect(() => expectInAysen([-72.0685, -45.5712])).not.toThrow();
    expect(() => expectInAysen([-45.5712, -72.0685])).toThrow();
  });
});

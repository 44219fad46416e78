import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import ical, { type CalendarComponent, type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import feeds from '../../netlify/functions/outages-feeds.ts';
import lookup from '../../netlify/functions/outages-lookup.ts';
import outages from '../../netlify/functions/outages.ts';
import { accountTowns, importAccounts, parseAccountsCsv } from '../../src/server/accounts-import.ts';
import { historySince } from '../../src/server/outages/history.ts';
import { pageHeaders } from '../../scripts/lib/page-headers.ts';
import { alertsPage, outagesPage } from '../../src/filled-pages/outages.ts';
import { OutagesResponseSchema, outageLookupMessages } from '../../src/shared/outages/schema.ts';
import { SUPPLY_DAY_FORMULA, SUPPLY_DAY_RULE } from '../../src/shared/outages/supply-days-texts.ts';
import { builtHead } from '../helpers/built-pages.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { failureBody, postJson, testContext } from '../helpers/functions.ts';

const environment = useLocalEnvironment();
/** ¿Me afecta?'s history of a town without outages of recorded real times. */
const emptyHistory = () => ({
  since: historySince(new Date()).day,
  outages: [],
  totalDays: 0,
  formula: SUPPLY_DAY_FORMULA,
  rule: SUPPLY_DAY_RULE,
  estimate: null,
});
const get = (path: string) => new Request(`http://localhost${path}`);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Inserts an outage as staff would have left it; answers its id. */
async function insertOutage(row: { kind: string; town: string; sectors: string; status: string; startsIn: number }) {
  const [outage] = await environment.database.db.query<{ id: string }>(
    `INSERT INTO outages (kind, town, sectors, starts_at, ends_at, status, cause, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'Mantención de red', now()) RETURNING id::text`,
    [row.kind, row.town, row.sectors, inHours(row.startsIn), inHours(row.startsIn + 4), row.status],
  );
  return outage!.id;
}

let plannedId: string;
beforeAll(async () => {
  const db = environment.database.db;
  plannedId = await insertOutage({
    kind: 'programado',
    town: 'coyhaique',
    sectors: 'Villa Los Ñires',
    status: 'publicado',
    startsIn: 50,
  });
  await insertOutage({
    kind: 'emergencia',
    town: 'coyhaique',
    sectors: 'Población Clotario Blest',
    status: 'en_curso',
    startsIn: -1,
  });
  await insertOutage({
    kind: 'programado',
    town: 'puerto-aysen',
    sectors: 'Sector Ribera Norte',
    status: 'publicado',
    startsIn: 30,
  });
  await insertOutage({
    kind: 'programado',
    town: 'cochrane',
    sectors: 'Borrador secreto',
    status: 'borrador',
    startsIn: 60,
  });
  await insertOutage({
    kind: 'programado',
    town: 'coyhaique',
    sectors: 'Ya restablecido',
    status: 'restablecido',
    startsIn: -10,
  });
  await insertOutage({
    kind: 'programado',
    town: 'balmaceda',
    sectors: 'Cancelado antes',
    status: 'cancelado',
    startsIn: 20,
  });
  await db.batch([
    {
      text: `INSERT INTO outage_updates (outage_id, body) VALUES ($1, 'Cuadrillas trabajando en la matriz.')`,
      params: [plannedId],
    },
    {
      text: `INSERT INTO outage_supply_points (outage_id, name, address, latitude, longitude, hours)
             VALUES ($1, 'Camión aljibe', 'Plaza de Armas, Coyhaique', -45.5714, -72.0684, '08:00 a 20:00')`,
      params: [plannedId],
    },
    {
      text: `INSERT INTO accounts (service_number, balance, install_address, locality) VALUES
             ('700001', 12000, 'Calle Secreta 123', 'coyhaique'), ('700002', 0, 'Sin localidad 1', NULL)`,
    },
  ]);
});

describe('GET /api/outages', () => {
  it('lists published and ongoing outages by town order then start, never a draft or a closed one', async () => {
    const response = await outages(get('/api/outages'), testContext().context);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const body = OutagesResponseSchema.parse(await response.json());
    expect(body.outages.map((outage) => [outage.town, outage.sectors, outage.status])).toEqual([
      ['coyhaique', 'Población Clotario Blest', 'en_curso'],
      ['coyhaique', 'Villa Los Ñires', 'publicado'],
      ['puerto-aysen', 'Sector Ribera Norte', 'publicado'],
    ]);
    expect(body.towns.map((town) => town.slug).slice(0, 3)).toEqual(['coyhaique', 'puerto-aysen', 'puerto-chacabuco']);
  });

  it('carries the town name, the updates and the supply points', async () => {
    const body = OutagesResponseSchema.parse(await (await outages(get('/api/outages'), testContext().context)).json());
    const planned = body.outages.find((outage) => outage.id === plannedId)!;
    expect(planned).toMatchObject({
      townName: 'Coyhaique',
      kind: 'programado',
      cause: 'Mantención de red',
      updates: [{ body: 'Cuadrillas trabajando en la matriz.' }],
      supplyPoints: [
        {
          name: 'Camión aljibe',
          address: 'Plaza de Armas, Coyhaique',
          latitude: -45.5714,
          longitude: -72.0684,
          hours: '08:00 a 20:00',
        },
      ],
    });
    // The last update's time, not the row's creation, is what the page shows as "última actualización".
    expect(Date.parse(planned.updatedAt)).toBeGreaterThanOrEqual(Date.parse(planned.updates[0]!.createdAt));
  });

  it('answers only GET', async () => {
    expect((await outages(postJson('/api/outages', {}), testContext().context)).status).toBe(405);
  });
});

describe('the feeds', () => {
  it('/cortes/feed.xml is valid RSS with the current outages and none other', async () => {
    const response = await feeds(get('/cortes/feed.xml'), testContext().context);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const xml = await response.text();
    const items = [new XMLParser().parse(xml).rss.channel.item].flat() as {
      title: string;
      link: string;
      description: string;
    }[];
    expect(items.map((item) => item.title)).toEqual([
      'Corte emergencia en Coyhaique: Población Clotario Blest',
      'Corte programado en Coyhaique: Villa Los Ñires',
      'Corte programado en Puerto Aysén: Sector Ribera Norte',
    ]);
    const planned = items[1]!;
    expect(planned.link).toBe(`http://localhost/cortes?corte=${plannedId}#corte-${plannedId}`);
    expect(planned.description).toContain(
      'Punto de abastecimiento: Camión aljibe, Plaza de Armas, Coyhaique (08:00 a 20:00)',
    );
  });

  it("a town's iCalendar holds its planned outages only", async () => {
    const response = await feeds(get('/cortes/coyhaique.ics'), testContext({ town: 'coyhaique' }).context);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = Object.values(ical.sync.parseICS(await response.text())).filter(
      (entry): entry is VEvent => (entry as CalendarComponent | undefined)?.type === 'VEVENT',
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.summary).toBe('Corte programado en Coyhaique: Villa Los Ñires');
    expect(event!.location).toBe('Villa Los Ñires, Coyhaique');
    expect(event!.end!.getTime() - event!.start.getTime()).toBe(4 * 3_600_000);
  });

  it('is a calendar two readers accept, refreshed hourly, with a component even for a town without a planned cut', async () => {
    for (const town of ['coyhaique', 'cochrane']) {
      const text = await (await feeds(get(`/cortes/${town}.ics`), testContext({ town }).context)).text();
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('refresh-interval')?.toString(), town).toBe('PT1H');
      expect(calendar.getFirstPropertyValue('x-published-ttl'), town).toBe('PT1H');
      // RFC 5545: at least one component; Aysén's zone, UTC-3 all year.
      const components = calendar.getAllSubcomponents().map((component) => component.name);
      expect(components, town).toEqual(town === 'cochrane' ? ['vtimezone'] : ['vevent', 'vtimezone']);
      const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
      expect(zone.tzid).toBe('America/Coyhaique');
      expect(
        Object.values(ical.sync.parseICS(text)).some((entry) => entry?.type === 'VTIMEZONE'),
        town,
      ).toBe(true);
      // The event's instant is the same to both readers.
      const event = calendar.getFirstSubcomponent('vevent');
      if (event) {
        const [parsed] = Object.values(ical.sync.parseICS(text)).filter(
          (entry): entry is VEvent => (entry as CalendarComponent | undefined)?.type === 'VEVENT',
        );
        expect(new ICAL.Event(event).startDate.toJSDate().getTime()).toBe(parsed!.start.getTime());
      }
    }
  });

  it('another town gets its own and an unknown one 404', async () => {
    const aysen = await feeds(get('/cortes/puerto-aysen.ics'), testContext({ town: 'puerto-aysen' }).context);
    const events = Object.values(ical.sync.parseICS(await aysen.text())).filter(
      (entry): entry is VEvent => (entry as CalendarComponent | undefined)?.type === 'VEVENT',
    );
    expect(events.map((event) => event.summary)).toEqual(['Corte programado en Puerto Aysén: Sector Ribera Norte']);
    const unknown = await feeds(get('/cortes/atlantida.ics'), testContext({ town: 'atlantida' }).context);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: 'La localidad no existe.' });
  });
});

describe('POST /api/outages/lookup (¿Me afecta?)', () => {
  it("answers the service's town and nothing else of the account", async () => {
    const response = await lookup(postJson('/api/outages/lookup', { serviceNumber: '700001' }), testContext().context);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Its town's outages have no real times yet: an empty history (outages-history.test.ts has the rest).
    expect(await response.json()).toEqual({ success: true, town: 'coyhaique', history: emptyHistory() });
  });

  it.each([
    ['700002', outageLookupMessages.noTown],
    ['799999', outageLookupMessages.unknownService],
  ])('service %s: 404 with "%s"', async (serviceNumber, message) => {
    const response = await lookup(postJson('/api/outages/lookup', { serviceNumber }), testContext().context);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(failureBody(message, { serviceNumber: message }));
  });

  it('refuses a number that is not one', async () => {
    const response = await lookup(postJson('/api/outages/lookup', { serviceNumber: '12-3' }), testContext().context);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      serviceNumber: 'Ingrese solo los dígitos del número de servicio, sin dígito verificador.',
    });
  });
});

describe('/cortes without JavaScript (the page function)', () => {
  const page = `<html>${builtHead('Cortes', 'Cortes.', '/cortes')}<main><h2>Cortes</h2><!--cortes:lista--><!--cortes:calendarios--></main></html>`;

  it('puts the outages grouped by town in the prerendered page', async () => {
    const { outages: listed, towns } = OutagesResponseSchema.parse(
      await (await outages(get('/api/outages'), testContext().context)).json(),
    );
    const html = outagesPage.fill(page, { outages: listed, towns });
    expect(html).not.toContain('<!--cortes:lista-->');
    expect(html.indexOf('>Coyhaique</h3>')).toBeLessThan(html.indexOf('>Puerto Aysén</h3>'));
    expect(html).toContain(`id="corte-${plannedId}"`);
    expect(html).toContain('<strong>Camión aljibe</strong>, Plaza de Armas, Coyhaique');
    expect(html).not.toContain('Borrador secreto');
    // The map's room below the list, so the map moves nothing when it comes (no layout shift); none without outages.
    expect(html.indexOf('class="map map--space"')).toBeGreaterThan(html.indexOf(`id="corte-${plannedId}"`));
    const empty = outagesPage.fill(page, { outages: [], towns });
    expect(empty).toContain('No hay cortes vigentes ni programados.');
    expect(empty).not.toContain('map--space');
  });

  it("links each town's calendar, to subscribe (webcal:) and by its address, on the site's own address", async () => {
    const { outages: listed, towns } = OutagesResponseSchema.parse(
      await (await outages(get('/api/outages'), testContext().context)).json(),
    );
    const html = outagesPage.fill(page, { outages: listed, towns });
    expect(html).not.toContain('<!--cortes:calendarios-->');
    const links = [...html.matchAll(/<li>([^<:]+): <a href="([^"]+)">Suscribirse.*?<a href="([^"]+)">Dirección/g)].map(
      ([, name, subscribe, address]) => ({ name, subscribe, address }),
    );
    expect(links).toHaveLength(towns.length);
    expect(links[0]).toEqual({
      name: 'Coyhaique',
      subscribe: 'webcal://www.example.com/cortes/coyhaique.ics',
      address: 'https://www.example.com/cortes/coyhaique.ics',
    });
    expect(html).toContain('<summary>Agregar a mi calendario los cortes programados de una localidad</summary>');
  });

  it('puts the towns in /cortes/alertas: its checkboxes, enabled before the island, and their data for it', async () => {
    const alerts = '<main><h1>Avisos</h1><!--cortes:localidades--></main>';
    const towns = [
      { slug: 'coyhaique', name: 'Coyhaique' },
      { slug: 'villa-x', name: 'Villa </script><script>alert(1)</script>' },
    ];
    const html = alertsPage.fill(alerts, towns);
    expect(html).not.toContain('<!--cortes:localidades-->');
    expect(html).toMatch(/<legend>Localidades<\/legend>/);
    expect(html).toContain('<input type="checkbox" name="towns" value="coyhaique"/>Coyhaique');
    // Ticked before the island runs, on a slow line: the draft takes the ticks from the page.
    expect(html).not.toContain('disabled');
    // A town's name, staff's text, can neither end the data's script nor start another.
    expect(html.match(/<script/g)).toHaveLength(1);
    const data = /<script type="application\/json" id="cortes-alertas-localidades">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(data)).toEqual(towns);
    expect(() => alertsPage.fill('<main></main>', towns)).toThrow('no <!--cortes:localidades--> marker');
  });

  it("answers with netlify.toml's headers for pages, its CSP included", async () => {
    const headers = await pageHeaders(path.resolve(import.meta.dirname, '../..'));
    expect(headers['Content-Security-Policy']).toMatch(/^default-src 'self'; script-src 'self'/);
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
  });
});

describe('the billing import carries the locality (¿Me afecta?)', () => {
  const header = 'service_number;balance;install_address;expiration_date;doc_url;locality';

  it('imports a known town, keeps the stored one when the cell is empty and refuses an unknown town by line', async () => {
    const db = environment.database.db;
    const towns = await accountTowns(db);
    const { rows, rejected } = parseAccountsCsv(
      `${header}\n710001;0;Baquedano 1;;;Coyhaique\n710002;0;Prat 2;;;atlantida\n700001;0;Calle Secreta 123;;;\n`,
      towns,
    );
    expect(rejected).toEqual([
      {
        line: 3,
        reason:
          'locality atlantida no es una localidad conocida (balmaceda, chile-chico, cochrane, coyhaique, puerto-aysen, puerto-chacabuco, puerto-cisnes, puerto-ibanez)',
      },
    ]);
    await importAccounts(db, rows, {
      exportedAt: '2026-11-20T08:00',
      actor: { id: null, email: 'test' },
      rejectedLines: rejected.length,
    });
    expect(
      await db.query(
        `SELECT service_number, locality FROM accounts WHERE service_number IN ('710001', '700001', '710002') ORDER BY 1`,
      ),
    ).toEqual([
      { service_number: '700001', locality: 'coyhaique' },
      { service_number: '710001', locality: 'coyhaique' },
    ]);
    const answer = await lookup(postJson('/api/outages/lookup', { serviceNumber: '710001' }), testContext().context);
    expect(await answer.json()).toEqual({ success: true, town: 'coyhaique', history: emptyHistory() });
  });
});

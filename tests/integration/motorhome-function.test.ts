import { describe, expect, it } from 'vitest';
import motorhome from '../../netlify/functions/motorhome.ts';
import { chileCommunes, communeById } from '../../src/shared/communes.ts';
import { allCountries, countryById } from '../../src/shared/countries.ts';
import { chileRegions, regionById } from '../../src/shared/geo.ts';
import { useLocalEnvironment } from '../helpers/database.ts';
import { postJson, testContext } from '../helpers/functions.ts';
import { motorhomeRegistration } from '../helpers/submissions.ts';

const environment = useLocalEnvironment();

const valid = motorhomeRegistration;

const send = async (body: unknown) => {
  const { context, settle } = testContext();
  const response = await motorhome(postJson('/api/motorhome', body), context);
  await settle();
  return { status: response.status, body: await response.json() };
};

describe('the geographic data set', () => {
  it('has the spec defaults: Chile 43, Aysén 728, Coyhaique 11111', () => {
    expect(countryById(43)?.name).toBe('Chile');
    expect(regionById(728)?.name).toMatch(/^Aysén/);
    expect(communeById(11111)).toMatchObject({ name: 'Coyhaique', regionId: 728 });
  });

  it("holds every country, Chile's 16 regions and 346 communes, with unique ids", () => {
    expect(allCountries.length).toBeGreaterThan(240);
    expect(chileRegions).toHaveLength(16);
    expect(chileCommunes).toHaveLength(346);
    for (const list of [allCountries, chileRegions, chileCommunes])
      expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
    for (const region of chileRegions)
      expect(chileCommunes.some((commune) => commune.regionId === region.id)).toBe(true);
  });
});

describe('POST /api/motorhome', () => {
  it('stores the registration with the place names looked up from the ids', async () => {
    const { status, body } = await send({ ...valid, realCity: 'Santiago' });
    expect(status).toBe(200);
    const [row] = await environment.database.db.query<Record<string, unknown>>(
      'SELECT * FROM motorhome_registrations WHERE reference = $1',
      [body.data.reference],
    );
    expect(row).toMatchObject({
      name: 'Hans',
      rut: 'C01X00T47',
      country_id: 43,
      city_id: 11111,
      country: 'Chile',
      city: 'Coyhaique',
    });
  });

  it('accepts a foreign resident with a typed region and city, and a Chilean RUT', async () => {
    const germany = allCountries.find((country) => country.iso === 'DE')!;
    const { status } = await send({
      ...valid,
      rut: '12.345.678-5',
      country: germany.id,
      nationality: germany.id,
      region: 0,
      city: 0,
      realRegion: 'Baviera',
      realCity: 'Múnich',
    });
    expect(status).toBe(200);
  });

  describe.each([
    ['terms not accepted', { accepts: false }, { accepts: 'Debe aceptar las condiciones del servicio' }],
    ['terms as text', { accepts: 'true' }, { accepts: 'Debe aceptar las condiciones del servicio' }],
    ['an invalid e-mail', { email: 'hans@' }, { email: 'Debe ingresar un email válido' }],
    ['a phone with letters', { phone: 'no tengo' }, { phone: 'Debe ingresar un teléfono válido' }],
    ['a phone too short', { phone: '12345' }, { phone: 'Debe ingresar un teléfono válido' }],
    [
      'a RUT with a wrong check digit',
      { rut: '12.345.678-9' },
      { rut: 'Ingrese un RUT válido o su número de pasaporte.' },
    ],
    [
      'a commune of another region',
      { city: chileCommunes.find((commune) => commune.regionId !== 728)!.id },
      { city: 'Seleccione una opción de la lista.' },
    ],
    ['an unknown country', { country: 99_999 }, { country: 'Seleccione una opción de la lista.' }],
    ['an id given as text', { region: '728' }, { region: 'Seleccione una opción de la lista.' }],
    ['no name', { name: '' }, { name: 'Ingrese su nombre.' }],
  ])('with %s', (_case, change, errors) => {
    it('answers 400 with the message and stores nothing', async () => {
      const before = (await environment.database.db.query('SELECT id FROM motorhome_registrations')).length;
      const { status, body } = await send({ ...valid, ...change });
      expect(status).toBe(400);
      expect(body.errors).toEqual(errors);
      expect((await environment.database.db.query('SELECT id FROM motorhome_registrations')).length).toBe(before);
    });
  });

  it('reports the three spec checks first and in their order', async () => {
    const { body } = await send({ ...valid, accepts: false, email: 'x', phone: 'y' });
    expect(Object.values(body.errors).slice(0, 3)).toEqual([
      'Debe aceptar las condiciones del servicio',
      'Debe ingresar un email válido',
      'Debe ingresar un teléfono válido',
    ]);
  });
});

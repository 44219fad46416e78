import type { Commune } from '../communes.ts';
import type { Country } from '../countries.ts';
import { AYSEN_ID, CHILE_ID, COYHAIQUE_ID, regionById } from '../geo.ts';

/**
 * What the motorhome form needs before its schema (spec §3, §4, §5, §9): the spec's messages,
 * the success message's 10 seconds, the default places and the names of the chosen ones. A
 * module without zod, apart from motorhome.ts's schema, so /motorhome loads zod only once the
 * visitor starts on the form; motorhome.ts exports all of it too.
 */

/** Spec §5, checked in this order when the visitor presses send. */
export const motorhomeMessages = {
  accepts: 'Debe aceptar las condiciones del servicio',
  email: 'Debe ingresar un email válido',
  phone: 'Debe ingresar un teléfono válido',
  sent: 'Formulario enviado exitosamente.',
  name: 'Ingrese su nombre.',
  surname: 'Ingrese su apellido.',
  rut: 'Ingrese un RUT válido o su número de pasaporte.',
  place: 'Seleccione una opción de la lista.',
  region: 'Ingrese la región o estado.',
  city: 'Ingrese la ciudad.',
  address: 'Ingrese su dirección.',
} as const;

/** Spec §9: the success message stays 10 seconds, then the form unlocks. */
export const MOTORHOME_SUCCESS_MS = 10_000;

/** Spec §3 defaults: Chile, Aysén, Coyhaique. */
export const motorhomeDefaults = {
  nationality: CHILE_ID,
  country: CHILE_ID,
  region: AYSEN_ID,
  city: COYHAIQUE_ID,
} as const;

/**
 * The names that go with the ids (spec §3 real* fields), the countries' found among `countries`
 * and the commune's among `communes` (all of Chile's, or the chosen region's); for other
 * countries the typed names.
 */
export function placeNames(
  value: { nationality: number; country: number; region: number; city: number; realRegion: string; realCity: string },
  communes: readonly Commune[],
  countries: readonly Pick<Country, 'id' | 'name'>[],
) {
  const chile = value.country === CHILE_ID;
  const countryName = (id: number) => countries.find((country) => country.id === id)?.name ?? '';
  return {
    realNationality: countryName(value.nationality),
    realCountry: countryName(value.country),
    realRegion: chile ? (regionById(value.region)?.name ?? '') : value.realRegion,
    realCity: chile ? (communes.find((commune) => commune.id === value.city)?.name ?? '') : value.realCity,
  };
}

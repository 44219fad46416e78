import { validate as isValidRut } from 'rut.js';
import { z } from 'zod';
import { fieldMessages, lines, optionalText } from './fields.ts';
import { AYSEN_ID, CHILE_ID, communeById, COYHAIQUE_ID, countryById, regionById } from './geo.ts';

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

const text = (max: number, message: string) =>
  lines(z.string({ error: message }).trim().min(1, message).max(max, fieldMessages.tooLong(max)));
const id = z.number({ error: motorhomeMessages.place }).int(motorhomeMessages.place);

/**
 * A RUT with a correct check digit, or a passport number (6 to 15 letters and digits). Anything
 * written like a RUT (dash before the check digit) must be a valid RUT.
 */
function isRutOrPassport(value: string): boolean {
  if (/^\d{1,2}\.?\d{3}\.?\d{3}-[\dkK]$/.test(value.trim())) return isValidRut(value);
  return /^[A-Z0-9]{6,15}$/i.test(value.replace(/\s/g, ''));
}

/** 8 to 15 digits, optionally with +, spaces, dashes or parentheses: Chilean or foreign. */
const isPhone = (value: string) =>
  /^\+?[\d ()-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 8 && (value.match(/\d/g)?.length ?? 0) <= 15;

/** The motorhome registration (spec §3, §7 POST /api/motorhome). Names go beside ids. */
export const MotorhomeSchema = z
  .object({
    /** Spec §5 check 1. */
    accepts: z.literal(true, { error: motorhomeMessages.accepts }),
    /** Spec §5 check 2. */
    email: z
      .string({ error: motorhomeMessages.email })
      .trim()
      .max(80, motorhomeMessages.email)
      .pipe(z.email(motorhomeMessages.email)),
    /** Spec §5 check 3. */
    phone: z
      .string({ error: motorhomeMessages.phone })
      .trim()
      .max(20, motorhomeMessages.phone)
      .refine(isPhone, motorhomeMessages.phone),
    name: text(50, motorhomeMessages.name),
    surname: text(50, motorhomeMessages.surname),
    rut: text(20, motorhomeMessages.rut).refine(isRutOrPassport, motorhomeMessages.rut),
    nationality: id,
    country: id,
    region: id,
    city: id,
    realNationality: optionalText(80),
    realCountry: optionalText(80),
    realRegion: optionalText(80),
    realCity: optionalText(80),
    address: text(150, motorhomeMessages.address),
  })
  .superRefine((value, ctx) => {
    const wrong = (path: string, message: string = motorhomeMessages.place) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!countryById(value.nationality)) wrong('nationality');
    if (!countryById(value.country)) wrong('country');
    if (value.country === CHILE_ID) {
      if (!regionById(value.region)) wrong('region');
      if (communeById(value.city)?.regionId !== value.region) wrong('city');
    } else {
      if (!value.realRegion) wrong('realRegion', motorhomeMessages.region);
      if (!value.realCity) wrong('realCity', motorhomeMessages.city);
    }
  });

export type MotorhomeRegistration = z.infer<typeof MotorhomeSchema>;

/** Spec §3 defaults: Chile, Aysén, Coyhaique. */
export const motorhomeDefaults = {
  nationality: CHILE_ID,
  country: CHILE_ID,
  region: AYSEN_ID,
  city: COYHAIQUE_ID,
} as const;

/** The names that go with the ids (spec §3 real* fields); for other countries the typed names. */
export function placeNames(
  value: Pick<MotorhomeRegistration, 'nationality' | 'country' | 'region' | 'city' | 'realRegion' | 'realCity'>,
) {
  const chile = value.country === CHILE_ID;
  return {
    realNationality: countryById(value.nationality)?.name ?? '',
    realCountry: countryById(value.country)?.name ?? '',
    realRegion: chile ? (regionById(value.region)?.name ?? '') : value.realRegion,
    realCity: chile ? (communeById(value.city)?.name ?? '') : value.realCity,
  };
}

import { validate as isValidRut } from 'rut.js';
import * as z from 'zod/mini';
import { fieldMessages, INT4_MAX, lineCheck, optionalText } from '../fields.ts';
import { communeById } from '../communes.ts';
import { countryById } from '../countries.ts';
import { CHILE_ID, regionById } from '../geo.ts';
import { motorhomeMessages } from './texts.ts';

export { MOTORHOME_SUCCESS_MS, motorhomeDefaults, motorhomeMessages, placeNames } from './texts.ts';

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, fieldMessages.tooLong(max)), lineCheck());
// Stored in integer columns: a larger id, which no place has, failed the insert.
const id = z
  .number({ error: motorhomeMessages.place })
  .check(z.int(motorhomeMessages.place), z.gte(0, motorhomeMessages.place), z.lte(INT4_MAX, motorhomeMessages.place));

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
    email: z.pipe(
      z.string({ error: motorhomeMessages.email }).check(z.trim(), z.maxLength(80, motorhomeMessages.email)),
      z.email(motorhomeMessages.email),
    ),
    /** Spec §5 check 3. */
    phone: z
      .string({ error: motorhomeMessages.phone })
      .check(z.trim(), z.maxLength(20, motorhomeMessages.phone), z.refine(isPhone, motorhomeMessages.phone)),
    name: text(50, motorhomeMessages.name),
    surname: text(50, motorhomeMessages.surname),
    rut: text(20, motorhomeMessages.rut).check(z.refine(isRutOrPassport, motorhomeMessages.rut)),
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
  .check(
    z.superRefine((value, ctx) => {
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
    }),
  );

export type MotorhomeRegistration = z.infer<typeof MotorhomeSchema>;

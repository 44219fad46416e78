import { clean, validate } from 'rut.js';

/** A RUT with a valid check digit, however it was typed (dots, hyphen, blanks, k or K). */
export const isValidRut = (value: string): boolean => validate(value);

/**
 * A valid RUT as the database keeps it (accounts.holder_rut): digits, a hyphen and the check digit,
 * K in capitals, no dots, so that "12.345.678-5" and "12345678-5" are one holder.
 */
export function storedRut(value: string): string {
  const digits = clean(value);
  return `${digits.slice(0, -1)}-${digits.slice(-1)}`;
}

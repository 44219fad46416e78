import { validate as isValidRut } from 'rut.js';
import * as z from 'zod/mini';
import { fieldMessages, lineCheck, optionalText } from '../fields.ts';

/** Spec §5: one message for any missing required field. */
const REQUIRED_FIELDS_MESSAGE = 'Debe rellenar los campos obligatorios: Nombre, Email y Rut';

const required = (max: number) =>
  z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, REQUIRED_FIELDS_MESSAGE),
      z.maxLength(max, fieldMessages.tooLong(max)),
      lineCheck(),
    );

/** A job application (spec §2 /trabaje-con-nosotros, §3, §7 POST /api/job); the CV travels beside it. */
export const JobApplicationSchema = z.object({
  name: required(100),
  email: z.pipe(required(80), z.email(fieldMessages.invalidEmail)),
  rut: required(12).check(z.refine(isValidRut, 'Ingrese un RUT válido, por ejemplo 12.345.678-5.')),
  /** Optional (spec §5). */
  address: optionalText(150),
});

export type JobApplication = z.infer<typeof JobApplicationSchema>;
export type JobField = keyof JobApplication;

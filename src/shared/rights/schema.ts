import { validate as isValidRut } from 'rut.js';
import * as z from 'zod/mini';
import { SubmissionAnswerSchema } from '../api.ts';
import { emailField, optionalText, requiredText } from '../fields.ts';
import { rightTypeKeys } from './texts.ts';

/** POST /api/derechos: a rights request from /privacidad/derechos (Ley 21.719). */
export const RightsRequestSchema = z.object({
  type: z.enum(rightTypeKeys, { error: 'Elija el derecho que desea ejercer.' }),
  name: requiredText(100, 'Ingrese su nombre completo.'),
  email: emailField(120),
  /** Optional; when given, a valid RUT, so the desk's search can find the person's records by it. */
  rut: z.pipe(
    optionalText(12),
    z.union([
      z.literal(''),
      z.string().check(z.refine(isValidRut, 'Ingrese un RUT válido, por ejemplo 12.345.678-5.')),
    ]),
  ),
  serviceNumber: optionalText(20),
  details: requiredText(3000, 'Cuéntenos qué necesita.', { multiline: true }),
});
export type RightsRequest = z.infer<typeof RightsRequestSchema>;
export type RightsRequestField = keyof RightsRequest;

/**
 * POST /api/derechos: data. `dueDate` is the last day to answer, on Chile's calendar;
 * `confirmationSent`, whether the mail with the confirmation link was queued (not past the
 * address's daily cap of acknowledgements).
 */
export const RightsRequestAnswerSchema = z.object({
  reference: z.string(),
  dueDate: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  confirmationSent: z.boolean(),
});
export type RightsRequestAnswer = z.infer<typeof RightsRequestAnswerSchema>;
/** POST /api/derechos: the whole answer, as the form reads it. */
export const RightsRequestSentSchema = z.extend(SubmissionAnswerSchema, {
  data: z.extend(SubmissionAnswerSchema.shape.data, RightsRequestAnswerSchema.shape),
});

/** POST /api/derechos/confirmar: the token of the link mailed to the requester. */
export const RightsConfirmSchema = z.object({
  token: z
    .string({ error: 'Falta el código de confirmación.' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, 'El código de confirmación no es válido.')),
});

import * as z from 'zod/mini';
import { requiredText, optionalText, emailField } from '../fields.ts';

/**
 * The contact message (spec §2 Contact, §3, §7 POST /api/contacto).
 * Used by the ContactForm island before sending and by the function on every request.
 */
export const ContactSchema = z.object({
  /** Given name. */
  name: requiredText(50, 'Ingrese su nombre.'),
  /** Surname. */
  surname: requiredText(50, 'Ingrese su apellido.'),
  /** Where the utility answers. */
  email: emailField(80),
  /** Optional phone, for a call back. */
  phone: optionalText(20),
  /** Optional street address. */
  address: optionalText(100),
  /** Optional city or locality. */
  city: optionalText(50),
  /** The request itself ("reqs" in the spec). */
  reqs: requiredText(2000, 'Escriba su mensaje.', { multiline: true }),
});

export type ContactMessage = z.infer<typeof ContactSchema>;
export type ContactField = keyof ContactMessage;

import * as z from 'zod/mini';
import { emailField, optionalText, requiredText } from '../fields.ts';

/**
 * A complaint to the utility (spec §2 /reclamos, §3, §7 POST /api/reclamos). Spec §5 asks no
 * browser checks beyond the contact form's; the server bounds every field.
 */
export const ComplaintSchema = z.object({
  name: requiredText(50, 'Ingrese su nombre.'),
  surname: requiredText(50, 'Ingrese su apellido.'),
  email: emailField(80),
  phone: optionalText(20),
  address: requiredText(100, 'Ingrese la dirección del servicio.'),
  city: requiredText(50, 'Ingrese su ciudad.'),
  /** The service number on the bill. */
  clientNumber: optionalText(20),
  complaintDetails: requiredText(3000, 'Describa su reclamo.', { multiline: true }),
});

export type Complaint = z.infer<typeof ComplaintSchema>;
export type ComplaintField = keyof Complaint;

import * as z from 'zod/mini';
import { fieldMessages } from './fields.ts';

/** POST /api/login (spec §7): e-mail and password. */
export const LoginSchema = z.object({
  email: z.pipe(
    z
      .string({ error: 'Ingrese su correo electrónico.' })
      .check(z.trim(), z.minLength(1, 'Ingrese su correo electrónico.'), z.maxLength(120, fieldMessages.tooLong(120))),
    z.email('Por favor ingrese un correo electrónico válido.'),
  ),
  password: z
    .string({ error: 'Ingrese su contraseña.' })
    .check(z.minLength(1, 'Ingrese su contraseña.'), z.maxLength(200, fieldMessages.tooLong(200))),
});
export type LoginCredentials = z.infer<typeof LoginSchema>;

export const authMessages = {
  // Never says which of the two was wrong, so it does not reveal who has an account.
  wrongCredentials: 'El correo electrónico o la contraseña no son correctos.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.',
  unauthorized: 'Su sesión no es válida o expiró. Inicie sesión nuevamente.',
  idle: 'Su sesión se cerró tras 30 minutos sin actividad. Inicie sesión nuevamente.',
  forbidden: 'Su cuenta no tiene acceso a esta sección.',
} as const;

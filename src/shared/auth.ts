import { z } from 'zod';

/** POST /api/login (spec §7): e-mail and password. */
export const LoginSchema = z.object({
  email: z
    .string({ error: 'Ingrese su correo electrónico.' })
    .trim()
    .min(1, 'Ingrese su correo electrónico.')
    .max(120)
    .pipe(z.email('Por favor ingrese un correo electrónico válido.')),
  password: z.string({ error: 'Ingrese su contraseña.' }).min(1, 'Ingrese su contraseña.').max(200),
});
export type LoginCredentials = z.infer<typeof LoginSchema>;

export const authMessages = {
  // Never says which of the two was wrong, so it does not reveal who has an account.
  wrongCredentials: 'El correo electrónico o la contraseña no son correctos.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.',
  unauthorized: 'Su sesión no es válida o expiró. Inicie sesión nuevamente.',
  idle: 'Su sesión se cerró tras 30 minutos sin actividad. Inicie sesión nuevamente.',
} as const;

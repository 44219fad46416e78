import * as z from 'zod/mini';
import { AdminSchema } from '../admins/schema.ts';
import { fieldMessages } from '../fields.ts';

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

/** The code the second step asks for: the 6 digits of the authenticator app, or a recovery code. */
export const SecondFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Ingrese el código.' })
    .check(z.trim(), z.minLength(1, 'Ingrese el código.'), z.maxLength(40, fieldMessages.tooLong(40))),
});

/**
 * POST /api/login/second-factor (docs/reference/admin-api.md): the challenge the password step answered
 * and the code.
 */
export const SecondFactorSchema = z.extend(SecondFactorCodeSchema, {
  challenge: z
    .string({ error: 'Su inicio de sesión expiró. Ingrese nuevamente su correo y contraseña.' })
    .check(
      z.minLength(1, 'Su inicio de sesión expiró. Ingrese nuevamente su correo y contraseña.'),
      z.maxLength(2_000, fieldMessages.tooLong(2_000)),
    ),
});
export type SecondFactorInput = z.output<typeof SecondFactorSchema>;

/** A TOTP secret to enrol: the text key to type into an authenticator app, and the same as an otpauth:// URI. */
export const TotpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/**
 * POST /api/login's 200 (spec §7 keeps data.data.user and data.data.accessToken for a signed-in
 * admin): every staff account has a second factor, so the password step answers a challenge
 * (valid 5 minutes) instead, with `secondFactor` `totp` (ask for a code) or `enrol` (first sign-in:
 * show `totp`, ask for its first code).
 */
export const PasswordStepSchema = z.union([
  z.object({ secondFactor: z.literal('totp'), challenge: z.string() }),
  z.object({ secondFactor: z.literal('enrol'), challenge: z.string(), totp: TotpEnrolmentSchema }),
]);
export type PasswordStep = z.infer<typeof PasswordStepSchema>;

/**
 * POST /api/login/second-factor's 200: the signed-in admin and their token, as spec §7's
 * /api/login answers them; after an enrolment, also the 10 recovery codes, shown only then.
 */
export const SignedInSchema = z.object({
  user: AdminSchema,
  accessToken: z.string(),
  recoveryCodes: z.optional(z.array(z.string())),
});
export type SignedIn = z.infer<typeof SignedInSchema>;

export const authMessages = {
  // Never says which of the two was wrong, so it does not reveal who has an account.
  wrongCredentials: 'El correo electrónico o la contraseña no son correctos.',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.',
  unauthorized: 'Su sesión no es válida o expiró. Inicie sesión nuevamente.',
  idle: 'Su sesión se cerró tras 30 minutos sin actividad. Inicie sesión nuevamente.',
  forbidden: 'Su cuenta no tiene acceso a esta sección.',
  wrongCode: 'El código no es correcto o ya fue usado. Revise la hora de su teléfono e intente nuevamente.',
  challengeExpired: 'Su inicio de sesión expiró. Ingrese nuevamente su correo y contraseña.',
  deskClosed:
    'El canal de denuncias se abrirá cuando defina una contraseña propia en Mi cuenta y tenga activo el segundo factor.',
  signInDisabled: 'El inicio de sesión no está disponible en este momento.',
} as const;

/**
 * The header the admin app sets on the calls it makes by itself (the mail alert's poll, the token's
 * renewal): the server checks their sign-in is live but does not count them as use, so a tab left
 * open reaches the idle timeout (src/server/auth/sessions.ts).
 */
export const BACKGROUND_CALL_HEADER = 'X-Background-Call';

import * as z from 'zod/mini';
import { AdminSchema } from '../admins/schema.ts';
import { TotpEnrolmentSchema } from '../auth/schema.ts';
import { fieldMessages } from '../fields.ts';

/**
 * Invitations to a compliance account: `npm run admin:create -- --role cumplimiento`
 * or the first compliance user's bootstrap prints a link, /admin/invitacion#<token>; the person
 * who opens it chooses their own password and enrols TOTP, so nobody else ever knows them. A link
 * is used once and expires after INVITATION_HOURS.
 */
export const INVITATION_HOURS = 72;

export const invitationMessages = {
  invalid: 'Este enlace de invitación no es válido, ya fue usado o expiró. Pida uno nuevo a quien administra el sitio.',
  duplicateEmail: 'Ya existe una cuenta con el correo electrónico de esta invitación.',
  accepted: 'Su cuenta quedó creada. Guarde sus códigos de recuperación e inicie sesión.',
} as const;

const token = z
  .string({ error: invitationMessages.invalid })
  .check(z.minLength(1, invitationMessages.invalid), z.maxLength(200, invitationMessages.invalid));

/** POST /api/invitation: the token of the link; answers who it is for and a TOTP secret to enrol. */
export const InvitationLookupSchema = z.object({ token });
export const InvitationAnswerSchema = z.object({ name: z.string(), email: z.string(), totp: TotpEnrolmentSchema });
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

const MIN_PASSWORD = 10;

/**
 * POST /api/invitation/accept: the token, the password chosen (twice), the secret offered and its
 * first code. Creates the account; answers it and its 10 recovery codes, shown once.
 */
export const InvitationAcceptSchema = z
  .object({
    token,
    password: z
      .string({ error: 'Ingrese una contraseña.' })
      .check(
        z.minLength(1, 'Ingrese una contraseña.'),
        z.minLength(MIN_PASSWORD, 'La contraseña debe tener al menos 10 caracteres.'),
        z.maxLength(200, fieldMessages.tooLong(200)),
      ),
    confirmPassword: z.string({ error: 'Las contraseñas no coinciden.' }),
    secret: z.string().check(z.regex(/^[A-Z2-7]{32}$/, 'Vuelva a abrir el enlace de invitación.')),
    code: z
      .string({ error: 'Ingrese el código de su aplicación.' })
      .check(z.trim(), z.regex(/^[0-9]{6}$/, 'Ingrese los 6 dígitos que muestra su aplicación.')),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Las contraseñas no coinciden.',
    }),
  );
export type InvitationAcceptInput = z.output<typeof InvitationAcceptSchema>;

export const InvitationAcceptedSchema = z.object({ admin: AdminSchema, recoveryCodes: z.array(z.string()) });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

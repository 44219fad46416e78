import * as z from 'zod/mini';
import { AdminCreateSchema, AdminSchema, type AdminRole } from '../admins/schema.ts';
import { fieldMessages } from '../fields.ts';

/**
 * The first administrator of a production site, created from the browser with the
 * one-time token the operator sets in Netlify as ADMIN_BOOTSTRAP_TOKEN, so nobody pastes the
 * production connection string into a laptop. Refused once any administrator exists. The same
 * token invites the first compliance user (`?rol=cumplimiento`), whom no
 * administrator may create: it answers an invitation link for that person, who chooses their own
 * password and second factor there. Refused once one exists, since from then on compliance grants
 * the role.
 */

/**
 * GET /api/bootstrap: data.status. `available`: the token is set and no administrator exists;
 * `disabled`: no token is set; `misconfigured`: the token is shorter than 32 characters; `done`:
 * an administrator exists.
 */
export const bootstrapStatuses = ['available', 'disabled', 'misconfigured', 'done'] as const;
export type BootstrapStatus = (typeof bootstrapStatuses)[number];
export const BootstrapStatusSchema = z.object({ status: z.enum(bootstrapStatuses) });
export type BootstrapStatusAnswer = z.infer<typeof BootstrapStatusSchema>;

export const MIN_BOOTSTRAP_TOKEN = 32;

/** What each bootstrap creates, as its screen names it. */
export const bootstrapTitles: Record<AdminRole, string> = {
  administrador: 'Crear el primer administrador',
  cumplimiento: 'Crear el primer encargado de cumplimiento',
};

export const bootstrapMessages = {
  disabled:
    'La creación de la primera cuenta no está habilitada: defina la variable ADMIN_BOOTSTRAP_TOKEN en Netlify y vuelva a publicar el sitio.',
  misconfigured: `La variable ADMIN_BOOTSTRAP_TOKEN debe tener al menos ${MIN_BOOTSTRAP_TOKEN} caracteres.`,
  done: 'El sitio ya tiene un administrador: inicie sesión. Otro administrador puede crearle una cuenta.',
  complianceDone:
    'El sitio ya tiene un encargado de cumplimiento: inicie sesión. Un miembro del equipo de cumplimiento puede darle acceso.',
  wrongToken: 'La clave de arranque no es correcta.',
  tokenRequired: 'Ingrese la clave de arranque.',
  confirmPassword: 'Las contraseñas no coinciden.',
} as const;

const bootstrapToken = z
  .string({ error: bootstrapMessages.tokenRequired })
  .check(z.trim(), z.minLength(1, bootstrapMessages.tokenRequired), z.maxLength(500, fieldMessages.tooLong(500)));

/**
 * POST /api/bootstrap: the token, and the administrator as POST /api/admin/admins takes it (the
 * same password rules). The password is typed twice: nobody could reset a mistyped one, since
 * the bootstrap closes as soon as it succeeds.
 */
export const BootstrapSchema = z
  .extend(z.omit(AdminCreateSchema, { avatar: true }), {
    token: bootstrapToken,
    confirmPassword: z.string({ error: bootstrapMessages.confirmPassword }),
  })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: bootstrapMessages.confirmPassword,
    }),
  );
export type BootstrapInput = z.output<typeof BootstrapSchema>;

/**
 * POST /api/bootstrap?rol=cumplimiento: the token, and the name and e-mail of the person
 * invited; no password: that person chooses it at the link.
 */
export const ComplianceBootstrapSchema = z.object({
  token: bootstrapToken,
  name: AdminCreateSchema.shape.name,
  email: AdminCreateSchema.shape.email,
});
export type ComplianceBootstrapInput = z.output<typeof ComplianceBootstrapSchema>;

/** POST /api/bootstrap's 201 for the first compliance user: the invitation's link (a path of this site) and its expiry. */
export const ComplianceInvitationAnswerSchema = z.object({
  invitation: z.object({ path: z.string(), expiresAt: z.string() }),
});
export type ComplianceInvitationAnswer = z.infer<typeof ComplianceInvitationAnswerSchema>;

/** POST /api/bootstrap's 201: data. */
export const BootstrapAnswerSchema = z.object({ admin: AdminSchema });
export type BootstrapAnswer = z.infer<typeof BootstrapAnswerSchema>;

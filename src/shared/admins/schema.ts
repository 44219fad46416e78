import * as z from 'zod/mini';
import { emailField, fieldMessages, optionalText, requiredText } from '../fields.ts';

/** Administrators (spec §3 Logged-in user, §6): who signs in to /admin. */

/**
 * Roles: `administrador` is every admin screen but the denuncias desk; `cumplimiento`,
 * the crime-prevention officer, is the desk. An account holds one or both.
 */
export const adminRoles = ['administrador', 'cumplimiento'] as const;
export type AdminRole = (typeof adminRoles)[number];
export const roleLabels: Record<AdminRole, string> = { administrador: 'Administrador', cumplimiento: 'Cumplimiento' };

export const AdminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  roles: z.array(z.enum(adminRoles)),
});
export type Admin = z.infer<typeof AdminSchema>;

export const hasRole = (admin: { roles: readonly string[] }, role: AdminRole): boolean => admin.roles.includes(role);

export const adminMessages = {
  passwordShort: 'La contraseña debe tener al menos 10 caracteres.',
  passwordRequired: 'Ingrese una contraseña.',
  duplicateEmail: 'Ya existe un administrador con ese correo electrónico.',
  notFound: 'Administrador no encontrado.',
  deleteSelf: 'No puede eliminar su propia cuenta.',
  deleteLast: 'No se puede eliminar al último administrador.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  confirmWithPassword: 'Ingrese su contraseña actual para confirmar este cambio.',
  ownPasswordInAccount: 'Su propia contraseña se cambia en Mi cuenta, con su contraseña actual.',
  logoutFailed: 'No se pudo cerrar sesión.',
  complianceAccount: 'Solo el equipo de cumplimiento puede modificar o eliminar la cuenta de uno de sus miembros.',
  complianceCredentials:
    'Nadie puede cambiar la contraseña ni el correo electrónico de una cuenta de cumplimiento: solo su titular, desde Mi cuenta.',
  tooManyPasswordChecks: 'Demasiados intentos con una contraseña incorrecta. Espere 15 minutos e intente nuevamente.',
} as const;

const MIN_PASSWORD = 10;
const password = z
  .string({ error: adminMessages.passwordRequired })
  .check(
    z.minLength(1, adminMessages.passwordRequired),
    z.minLength(MIN_PASSWORD, adminMessages.passwordShort),
    z.maxLength(200, fieldMessages.tooLong(200)),
  );

/**
 * An avatar is an image of this site (uploaded in the admin), or nothing: the site's
 * Content-Security-Policy (netlify.toml, img-src) shows no image from another host.
 */
const avatar = optionalText(500).check(
  z.refine(
    (value) => value === '' || (value.startsWith('/') && !value.startsWith('//')),
    'Suba una imagen o ingrese una dirección de este sitio que empiece con /.',
  ),
);

/**
 * The signed-in admin's own password, asked again before a change that hands over an account: a
 * new administrator, a new e-mail or a reset password (OWASP ASVS 5.0 §7: re-authentication), so
 * a stolen token alone cannot take one over or create one of its own.
 */
const ownPassword = z._default(
  z.string({ error: adminMessages.confirmWithPassword }).check(z.maxLength(200, fieldMessages.tooLong(200))),
  '',
);

/**
 * Name, e-mail and avatar: what an admin edits of a profile, theirs or another admin's, with the
 * editor's own password when the change needs it (a new e-mail or password).
 */
export const AdminProfileSchema = z.object({
  name: requiredText(120, 'Ingrese el nombre.'),
  email: emailField(120),
  avatar,
  ownPassword,
});

/** POST /api/admin/admins: a new administrator with a first password, and the acting admin's own. */
export const AdminCreateSchema = z.extend(AdminProfileSchema, { password });

/** PUT /api/admin/admins/{id}: the profile, and a new password when another admin resets it. */
export const AdminUpdateSchema = z.extend(AdminProfileSchema, {
  password: z._default(z.union([z.literal(''), password]), ''),
});

/** POST /api/admin/account/password: the signed-in admin changes their own password. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Ingrese su contraseña actual.' })
      .check(z.minLength(1, 'Ingrese su contraseña actual.'), z.maxLength(200, fieldMessages.tooLong(200))),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, {
      path: ['confirmPassword'],
      message: 'Las contraseñas no coinciden.',
    }),
  );

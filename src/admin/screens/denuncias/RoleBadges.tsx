import { roleLabels, type AdminRole } from '../../../shared/admins/schema.ts';

/** An account's roles, each as a badge with its name. */
export function RoleBadges({ roles }: { roles: readonly AdminRole[] }) {
  return (
    <span className="role-badges">
      {roles.map((role) => (
        <span key={role} className={`badge badge--role badge--${role}`}>
          {roleLabels[role]}
        </span>
      ))}
    </span>
  );
}

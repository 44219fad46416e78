import { hasRole } from '../../../shared/admins/schema.ts';
import type { TeamMember } from '../../../shared/denuncias/desk/schema.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { DeskNav } from './DeskNav.tsx';
import { useTeamChange, useTeam } from './desk-api.ts';
import { RoleBadges } from './RoleBadges.tsx';

/**
 * /admin/denuncias/equipo: who holds the compliance role. Only compliance grants or withdraws it
 * (no administrator reaches the denuncias); the server refuses to leave an account with no role, or
 * the team empty (409).
 */
export default function ComplianceTeam() {
  const team = useTeam();
  const change = useTeamChange();

  const toggle = async (member: TeamMember) => {
    const compliance = !hasRole(member, 'cumplimiento');
    try {
      await change.mutateAsync({ id: member.id, compliance });
      notify({
        kind: 'success',
        text: compliance
          ? `Rol de cumplimiento otorgado a ${member.name}.`
          : `Rol de cumplimiento quitado a ${member.name}.`,
      });
    } catch (error) {
      notify({ kind: 'error', text: failureMessage(error) });
    }
  };

  return (
    <>
      <PageTitle>Equipo de cumplimiento</PageTitle>
      <DeskNav />
      <p className="screen-intro">
        Quien tiene el rol de cumplimiento lee y gestiona las denuncias. Ningún administrador puede otorgarlo: solo este
        equipo.
      </p>
      <QueryView query={team}>
        {(members) => (
          <DataTable
            caption="Cuentas de la administración y sus roles"
            columns={[
              { header: 'Nombre', rowHeader: true, cell: (member) => member.name },
              { header: 'Correo electrónico', cell: (member) => member.email },
              { header: 'Roles', cell: (member) => <RoleBadges roles={member.roles} /> },
              {
                header: 'Acción',
                cell: (member) => (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={change.isPending && change.variables.id === member.id}
                    onClick={() => void toggle(member)}
                  >
                    {hasRole(member, 'cumplimiento') ? 'Quitar cumplimiento' : 'Otorgar cumplimiento'}
                    <span className="visually-hidden"> a {member.name}</span>
                  </button>
                ),
              },
            ]}
            rows={members}
            rowKey={(member) => member.id}
          />
        )}
      </QueryView>
    </>
  );
}

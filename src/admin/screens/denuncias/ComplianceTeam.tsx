import { hasRole } from '../../../shared/admins.ts';
import type { TeamMember } from '../../../shared/denuncia-desk.ts';
import { notify } from '../../../ui/notifications.ts';
import { failureMessage } from '../../api-client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
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
          <TableFrame caption="Cuentas de la administración y sus roles">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Correo electrónico</th>
                <th scope="col">Roles</th>
                <th scope="col">Acción</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">{member.name}</th>
                  <td>{member.email}</td>
                  <td>
                    <RoleBadges roles={member.roles} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={change.isPending && change.variables.id === member.id}
                      onClick={() => void toggle(member)}
                    >
                      {hasRole(member, 'cumplimiento') ? 'Quitar cumplimiento' : 'Otorgar cumplimiento'}
                      <span className="visually-hidden"> a {member.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </QueryView>
    </>
  );
}

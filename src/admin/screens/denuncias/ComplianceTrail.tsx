import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/billing.ts';
import { trailActions, TrailQuerySchema } from '../../../shared/denuncia-desk.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom } from '../../url-filters.ts';
import { DeskNav } from './DeskNav.tsx';
import { useTrail } from './desk-api.ts';

/** /admin/denuncias/registro: every view and action on the desk, newest first; never in Registro de actividad. */
export default function ComplianceTrail() {
  const [params] = useSearchParams();
  const { page } = filtersFrom(TrailQuerySchema, params);
  const trail = useTrail(page);
  return (
    <>
      <PageTitle>Registro de cumplimiento</PageTitle>
      <DeskNav />
      <QueryView query={trail}>
        {(log) =>
          log.entries.length === 0 ? (
            <p className="empty">Aún no hay actividad registrada.</p>
          ) : (
            <div aria-busy={trail.isPlaceholderData}>
              <TableFrame
                caption={`Consultas y acciones del equipo, de la más reciente a la más antigua (${log.total} en total)`}
              >
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Persona</th>
                    <th scope="col">Acción</th>
                    <th scope="col">Denuncia</th>
                    <th scope="col">Detalle</th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="nowrap">{formatDateTime(entry.createdAt)}</td>
                      <td>{entry.adminEmail}</td>
                      <td>{trailActions[entry.action]}</td>
                      <td className="nowrap">
                        {entry.reference ? (
                          <Link to={`/admin/denuncias/${entry.reference}`}>{entry.reference}</Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td>{entry.summary}</td>
                    </tr>
                  ))}
                </tbody>
              </TableFrame>
              <Pagination page={log.page} total={log.total} pageSize={log.pageSize} hrefFor={(n) => `?page=${n}`} />
            </div>
          )
        }
      </QueryView>
    </>
  );
}

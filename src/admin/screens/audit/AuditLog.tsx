import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { auditActions, auditEntities, AuditPageSchema } from '../../../shared/audit.ts';
import { formatDateTime } from '../../../shared/billing.ts';
import { pageNumber } from '../../../shared/fields.ts';
import { apiRequest } from '../../api-client.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';

/** /admin/registro (Registro de cambios): who changed what and when, newest first. */
export default function AuditLog() {
  const [params] = useSearchParams();
  const parsed = pageNumber().safeParse(params.get('page') ?? undefined);
  const page = parsed.success ? parsed.data : 1;
  const entries = useQuery({
    queryKey: ['audit', page],
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit?page=${page}`, AuditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageTitle>Registro de cambios</PageTitle>
      <QueryView query={entries}>
        {(log) =>
          log.entries.length === 0 ? (
            <p className="empty">Aún no hay cambios registrados.</p>
          ) : (
            <div aria-busy={entries.isPlaceholderData}>
              <TableFrame
                caption={`Cambios hechos por los administradores, del más reciente al más antiguo (${log.total} en total)`}
              >
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Administrador</th>
                    <th scope="col">Acción</th>
                    <th scope="col">Resumen</th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="nowrap">{formatDateTime(entry.created_at)}</td>
                      <td>{entry.admin_email}</td>
                      <td>
                        {auditActions[entry.action]} {auditEntities[entry.entity]}
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

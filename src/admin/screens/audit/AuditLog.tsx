import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { auditActions, auditEntities, AuditPageSchema, AuditQuerySchema, auditViews } from '../../../shared/audit.ts';
import { formatDateTime } from '../../../shared/billing.ts';
import { apiRequest } from '../../api-client.ts';
import { Pagination } from '../../components/Pagination.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';

/** /admin/registro (Registro de actividad): who changed what, and who signed in, read or
 * exported what, and when; newest first. */
export default function AuditLog() {
  const [params] = useSearchParams();
  const parsed = AuditQuerySchema.safeParse(Object.fromEntries(params));
  const { page, view } = parsed.success ? parsed.data : AuditQuerySchema.parse({});
  const entries = useQuery({
    queryKey: ['audit', page, view],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/audit?${new URLSearchParams({ page: String(page), view })}`, AuditPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
  const viewHref = (to: string, n = 1) =>
    `?${new URLSearchParams(to ? { view: to, page: String(n) } : { page: String(n) })}`;

  return (
    <>
      <PageTitle>Registro de actividad</PageTitle>
      <nav className="view-switch" aria-label="Qué mostrar">
        {Object.entries(auditViews).map(([to, label]) => (
          <Link key={to} to={viewHref(to)} aria-current={to === view ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <QueryView query={entries}>
        {(log) =>
          log.entries.length === 0 ? (
            <p className="empty">Aún no hay actividad registrada.</p>
          ) : (
            <div aria-busy={entries.isPlaceholderData}>
              <TableFrame
                caption={`Cambios y accesos de los administradores, del más reciente al más antiguo (${log.total} en total)`}
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
              <Pagination
                page={log.page}
                total={log.total}
                pageSize={log.pageSize}
                hrefFor={(n) => viewHref(view, n)}
              />
            </div>
          )
        }
      </QueryView>
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  auditActions,
  auditEntities,
  AuditPageSchema,
  AuditQuerySchema,
  auditViews,
  type AuditEntry,
} from '../../../shared/audit/schema.ts';
import { formatDateTime } from '../../../shared/time/format.ts';
import { apiRequest } from '../../api-client.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PagedResults } from '../../components/FilteredPages.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';

const columns: Column<AuditEntry>[] = [
  { header: 'Fecha', className: 'nowrap', cell: (entry) => formatDateTime(entry.created_at) },
  { header: 'Administrador', cell: (entry) => entry.admin_email },
  {
    header: 'Acción',
    cell: (entry) => (
      <>
        {auditActions[entry.action]} {auditEntities[entry.entity]}
      </>
    ),
  },
  { header: 'Resumen', cell: (entry) => entry.summary },
];

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
            <PagedResults busy={entries.isPlaceholderData} page={log} hrefFor={(n) => viewHref(view, n)}>
              <DataTable
                caption={`Cambios y accesos de los administradores, del más reciente al más antiguo (${log.total} en total)`}
                columns={columns}
                rows={log.entries}
                rowKey={(entry) => entry.id}
              />
            </PagedResults>
          )
        }
      </QueryView>
    </>
  );
}

import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/time/format.ts';
import { trailActions, TrailQuerySchema, type TrailEntry } from '../../../shared/denuncias/desk/schema.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PagedResults } from '../../components/FilteredPages.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom } from '../../url-filters.ts';
import { DeskNav } from './DeskNav.tsx';
import { useTrail } from './desk-api.ts';

const columns: Column<TrailEntry>[] = [
  { header: 'Fecha', className: 'nowrap', cell: (entry) => formatDateTime(entry.createdAt) },
  { header: 'Persona', cell: (entry) => entry.adminEmail },
  { header: 'Acción', cell: (entry) => trailActions[entry.action] },
  {
    header: 'Denuncia',
    className: 'nowrap',
    cell: (entry) =>
      entry.reference ? <Link to={`/admin/denuncias/${entry.reference}`}>{entry.reference}</Link> : '—',
  },
  { header: 'Detalle', cell: (entry) => entry.summary },
];

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
            <PagedResults busy={trail.isPlaceholderData} page={log} hrefFor={(n) => `?page=${n}`}>
              <DataTable
                caption={`Consultas y acciones del equipo, de la más reciente a la más antigua (${log.total} en total)`}
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

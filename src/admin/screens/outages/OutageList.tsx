import { Link, useSearchParams } from 'react-router';
import { chileMinute } from '../../../shared/time/format.ts';
import { outageKindLabels, outageStatuses, outageStatusLabels } from '../../../shared/outages/schema.ts';
import { OutageListQuerySchema, type AdminOutageSummary } from '../../../shared/outages/admin/schema.ts';
import { formatDuration } from '../../../shared/outages/supply-days-texts.ts';
import { ListScreen } from '../../components/ListScreen.tsx';
import { FilteredPages } from '../../components/FilteredPages.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { filtersFrom, queryOf } from '../../url-filters.ts';
import { TownForm } from './TownForm.tsx';
import { useOutageList, useTowns } from './outage-api.ts';

/**
 * /admin/cortes: drafts and current outages first, then the closed ones, filtered by status and
 * town in the address (url-filters.ts), so a filtered list can be bookmarked and returned to.
 */
export default function OutageList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(OutageListQuerySchema, params);
  const search = queryOf(filters);
  const outages = useOutageList(search);
  const towns = useTowns();

  return (
    <ListScreen title="Cortes de agua" newLabel="Nuevo corte">
      <p className="screen-intro">
        Los cortes publicados se muestran en /cortes y se avisan a los suscriptores de su localidad. Un borrador solo lo
        ve el personal.
      </p>
      <form
        className="form outage-filters"
        aria-label="Filtrar cortes"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setParams(queryOf({ status: data.get('status'), town: data.get('town') }));
        }}
      >
        <div className="field">
          <label htmlFor="status">Estado</label>
          <select id="status" name="status" defaultValue={filters.status ?? ''} key={`status-${search}`}>
            <option value="">Todos</option>
            {outageStatuses.map((status) => (
              <option key={status} value={status}>
                {outageStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="town">Localidad</label>
          <select id="town" name="town" defaultValue={filters.town ?? ''} key={`town-${search}-${towns.data?.length}`}>
            <option value="">Todas</option>
            {towns.data?.map((town) => (
              <option key={town.slug} value={town.slug}>
                {town.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          Filtrar
        </button>
      </form>
      <FilteredPages
        query={outages}
        filters={filters}
        count={(page) => page.outages.length}
        empty={{ filtered: 'No hay cortes que coincidan con los filtros.', none: 'Aún no hay cortes.' }}
      >
        {(page) => <OutageTable rows={page.outages} total={page.total} />}
      </FilteredPages>
      <TownForm />
    </ListScreen>
  );
}

const outageColumns: Column<AdminOutageSummary>[] = [
  {
    header: 'Corte',
    rowHeader: true,
    cell: (row) => (
      <Link to={row.id}>
        {row.townName}: {row.sectors}
      </Link>
    ),
  },
  { header: 'Tipo', cell: (row) => outageKindLabels[row.kind] },
  { header: 'Inicio', className: 'nowrap', cell: (row) => chileMinute(row.startsAt) },
  { header: 'Reposición estimada', className: 'nowrap', cell: (row) => chileMinute(row.endsAt) },
  { header: 'Estado', cell: (row) => outageStatusLabels[row.status] },
  {
    header: 'Duración real',
    className: 'nowrap',
    cell: (row) => (row.realHours === null ? <span className="muted">—</span> : formatDuration(row.realHours)),
  },
  {
    header: 'Última actualización',
    cell: (row) =>
      row.lastUpdate ? (
        <>
          <span className="nowrap">{chileMinute(row.lastUpdate.createdAt)}</span> {row.lastUpdate.body}
        </>
      ) : (
        <span className="muted">Sin actualizaciones</span>
      ),
  },
];

function OutageTable({ rows, total }: { rows: AdminOutageSummary[]; total: number }) {
  return (
    <DataTable
      caption={`Cortes, los vigentes primero (${total} en total)`}
      columns={outageColumns}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}

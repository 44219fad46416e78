import { Link, useSearchParams } from 'react-router';
import { AdvisoryListQuerySchema, type AdminAdvisorySummary } from '../../../shared/advisories/admin/schema.ts';
import { advisoryStatuses, advisoryStatusLabels } from '../../../shared/advisories/schema.ts';
import { advisoryName, townList } from '../../../shared/advisories/words.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FilteredPages } from '../../components/FilteredPages.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { filtersFrom, queryOf } from '../../url-filters.ts';
import { useTowns } from '../outages/outage-api.ts';
import { useAdvisoryList } from './advisory-api.ts';

/**
 * /admin/avisos: drafts and notices in force first, then the lifted ones, filtered by status and
 * town in the address (url-filters.ts), so a filtered list can be bookmarked and returned to.
 */
export default function AdvisoryList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(AdvisoryListQuerySchema, params);
  const search = queryOf(filters);
  const advisories = useAdvisoryList(search);
  const towns = useTowns();

  return (
    <ListScreen title="Avisos" newLabel="Nuevo aviso">
      <p className="screen-intro">
        Los avisos sanitarios y de servicio (hervir el agua, no beberla, turbiedad, restricciones, congelamiento)
        publicados se muestran en /avisos y se envían a los suscriptores de sus localidades. Un borrador solo lo ve el
        personal.
      </p>
      <form
        className="form outage-filters"
        aria-label="Filtrar avisos"
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
            {advisoryStatuses.map((status) => (
              <option key={status} value={status}>
                {advisoryStatusLabels[status]}
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
        query={advisories}
        filters={filters}
        count={(page) => page.advisories.length}
        empty={{ filtered: 'No hay avisos que coincidan con los filtros.', none: 'Aún no hay avisos.' }}
      >
        {(page) => <AdvisoryTable rows={page.advisories} total={page.total} />}
      </FilteredPages>
    </ListScreen>
  );
}

const advisoryColumns: Column<AdminAdvisorySummary>[] = [
  {
    header: 'Aviso',
    rowHeader: true,
    cell: (row) => <Link to={row.id}>{advisoryName(row.kind, row.restrictionLevel)}</Link>,
  },
  { header: 'Localidades', cell: (row) => townList(row.towns.map((town) => town.name)) },
  { header: 'Desde', className: 'nowrap', cell: (row) => chileMinute(row.startsAt) },
  {
    header: 'Término esperado',
    className: 'nowrap',
    cell: (row) => (row.endsAt ? chileMinute(row.endsAt) : <span className="muted">Sin fecha</span>),
  },
  { header: 'Estado', cell: (row) => advisoryStatusLabels[row.status] },
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

function AdvisoryTable({ rows, total }: { rows: AdminAdvisorySummary[]; total: number }) {
  return (
    <DataTable
      caption={`Avisos, los vigentes primero (${total} en total)`}
      columns={advisoryColumns}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}

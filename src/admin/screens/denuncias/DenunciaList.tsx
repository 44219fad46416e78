import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { chileDay, formatDateTime } from '../../../shared/time/format.ts';
import { denunciaStatusLabels } from '../../../shared/denuncias/case/schema.ts';
import { DeskListQuerySchema, type DeskListQuery, type DeskSummary } from '../../../shared/denuncias/desk/schema.ts';
import { FilteredPages } from '../../components/FilteredPages.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom, queryOf, unsetIfEmpty } from '../../url-filters.ts';
import { Deadlines } from './Deadlines.tsx';
import { DeskNav } from './DeskNav.tsx';
import { useDenunciaList } from './desk-api.ts';

/**
 * /admin/denuncias: the denuncias, open ones first and the oldest (the nearest deadlines) first,
 * with what the desk must do next: the deadlines and the reporter's messages not answered yet.
 * Nothing the reporter wrote is in the list.
 */
export default function DenunciaList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(DeskListQuerySchema, params);
  const search = queryOf(filters);
  const list = useDenunciaList(search);

  return (
    <>
      <PageTitle>Denuncias</PageTitle>
      <DeskNav />
      <p className="screen-intro">
        Solo el equipo de cumplimiento ve esta sección; cada consulta y cada acción queda en su registro.
      </p>
      <DeskFilters filters={filters} onApply={(next) => setParams(queryOf(next))} />
      <FilteredPages
        query={list}
        filters={filters}
        count={(page) => page.denuncias.length}
        empty={{ filtered: 'No hay denuncias que coincidan con los filtros.', none: 'Aún no hay denuncias.' }}
      >
        {(page) => <DenunciaTable rows={page.denuncias} total={page.total} />}
      </FilteredPages>
    </>
  );
}

function DenunciaTable({ rows, total }: { rows: DeskSummary[]; total: number }) {
  return (
    <DataTable
      caption={`Denuncias, las abiertas primero (${total} en total)`}
      columns={[
        {
          header: 'Referencia',
          rowHeader: true,
          className: 'nowrap',
          cell: (row) => <Link to={row.reference}>{row.reference}</Link>,
        },
        { header: 'Tipo', cell: (row) => row.type },
        { header: 'Recibida', className: 'nowrap', cell: (row) => chileDay(row.receivedAt) },
        { header: 'Plazos', cell: (row) => <Deadlines deadlines={row.deadlines} /> },
        {
          header: 'Mensajes sin responder',
          cell: (row) => (row.unanswered > 0 ? <strong>{row.unanswered}</strong> : <span className="muted">0</span>),
        },
        { header: 'Estado', cell: (row) => denunciaStatusLabels[row.status] },
        { header: 'Última actividad', className: 'nowrap', cell: (row) => formatDateTime(row.lastActivity) },
      ]}
      rows={rows}
      rowKey={(row) => row.reference}
    />
  );
}

const labels = { status: 'Estado', q: 'Referencia' };
const statusOptions = Object.entries(denunciaStatusLabels).map(([value, label]) => ({ value, label }));
const FiltersSchema = z.object({
  status: unsetIfEmpty(DeskListQuerySchema.shape.status.def.innerType),
  q: unsetIfEmpty(DeskListQuerySchema.shape.q.def.innerType),
});

/** Estado and Referencia, kept in the address; applying them starts again at page 1. */
function DeskFilters({ filters, onApply }: { filters: DeskListQuery; onApply: (filters: DeskListQuery) => void }) {
  const { field, ...shell } = useAdminForm({
    schema: FiltersSchema,
    labels,
    values: { status: filters.status ?? '', q: filters.q ?? '' },
    send: (values) => onApply({ ...values, page: 1 }),
  });

  return (
    <FiltersForm label="Filtros de denuncias" clearTo="/admin/denuncias" form={shell}>
      <SelectInput {...field('status')} placeholder="Todos" options={statusOptions} />
      <TextInput {...field('q')} type="search" hint="Parte del número, por ejemplo 7K3M" maxLength={20} />
    </FiltersForm>
  );
}

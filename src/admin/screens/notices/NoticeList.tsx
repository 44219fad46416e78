import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { chileMinute } from '../../../shared/time/format.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { FilteredPages, type Page } from '../../components/FilteredPages.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { filtersFrom, queryOf, unsetIfEmpty } from '../../url-filters.ts';
import { useTowns } from './towns-api.ts';

// A type, not an interface: the address's filters are a record (queryOf).
type NoticeFilters<Status extends string> = {
  status?: Status | undefined;
  town?: string | undefined;
  page: number;
};

interface NoticeListProps<Status extends string, Row, P extends Page> {
  title: string;
  newLabel: string;
  /** The screen's address, also the list without filters. */
  path: string;
  /** What the list holds, in lower case: "cortes", "avisos". */
  plural: string;
  intro: ReactNode;
  query: z.ZodMiniType<NoticeFilters<Status>>;
  /** The statuses in the filter's order, and their labels. */
  statuses: readonly [Status, ...Status[]];
  statusLabels: Record<Status, string>;
  useList: (search: string) => UseQueryResult<P>;
  rows: (page: P) => Row[];
  columns: Column<Row>[];
  /** Below the list. */
  children?: ReactNode;
}

/**
 * A list of published notices (/admin/cortes, /admin/avisos): drafts and current ones first, then
 * the closed ones, filtered by status and town in the address (url-filters.ts), so a filtered list
 * can be bookmarked and returned to.
 */
export function NoticeList<Status extends string, Row extends { id: string }, P extends Page>({
  title,
  newLabel,
  path,
  plural,
  intro,
  query,
  statuses,
  statusLabels,
  useList,
  rows,
  columns,
  children,
}: NoticeListProps<Status, Row, P>) {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(query, params);
  const list = useList(queryOf(filters));
  const Plural = `${plural.charAt(0).toUpperCase()}${plural.slice(1)}`;

  return (
    <ListScreen title={title} newLabel={newLabel}>
      <p className="screen-intro">{intro}</p>
      <StatusTownFilters
        label={`Filtrar ${plural}`}
        clearTo={path}
        statuses={statuses}
        statusLabels={statusLabels}
        filters={filters}
        onApply={(next) => setParams(queryOf(next))}
      />
      <FilteredPages
        query={list}
        filters={filters}
        count={(page) => rows(page).length}
        empty={{ filtered: `No hay ${plural} que coincidan con los filtros.`, none: `Aún no hay ${plural}.` }}
      >
        {(page) => (
          <DataTable
            caption={`${Plural}, los vigentes primero (${page.total} en total)`}
            columns={columns}
            rows={rows(page)}
            rowKey={(row) => row.id}
          />
        )}
      </FilteredPages>
      {children}
    </ListScreen>
  );
}

/** The last column of both lists: the latest public update, with its time. */
export const lastUpdateColumn = <
  Row extends { lastUpdate: { createdAt: string; body: string } | null },
>(): Column<Row> => ({
  header: 'Última actualización',
  cell: (row) =>
    row.lastUpdate ? (
      <>
        <span className="nowrap">{chileMinute(row.lastUpdate.createdAt)}</span> {row.lastUpdate.body}
      </>
    ) : (
      <span className="muted">Sin actualizaciones</span>
    ),
});

const labels = { status: 'Estado', town: 'Localidad' };

/** Estado and Localidad, kept in the address; applying them starts again at page 1. */
function StatusTownFilters<Status extends string>({
  label,
  clearTo,
  statuses,
  statusLabels,
  filters,
  onApply,
}: {
  label: string;
  clearTo: string;
  statuses: readonly [Status, ...Status[]];
  statusLabels: Record<Status, string>;
  filters: NoticeFilters<Status>;
  onApply: (filters: NoticeFilters<Status>) => void;
}) {
  const towns = useTowns();
  const { field, ...shell } = useAdminForm({
    schema: z.object({ status: unsetIfEmpty(z.enum(statuses)), town: unsetIfEmpty(z.string()) }),
    labels,
    // `values`: Back and Forward change the filters in the URL; the form follows.
    values: { status: filters.status ?? '', town: filters.town ?? '' },
    send: (values) => onApply({ ...values, page: 1 }),
  });

  return (
    <FiltersForm label={label} clearTo={clearTo} form={shell}>
      <SelectInput
        {...field('status')}
        placeholder="Todos"
        options={statuses.map((status) => ({ value: status, label: statusLabels[status] }))}
      />
      <SelectInput
        {...field('town')}
        placeholder="Todas"
        options={(towns.data ?? []).map((town) => ({ value: town.slug, label: town.name }))}
        // The towns arrive after the form: the chosen one is shown again once its option exists.
        key={towns.data ? `towns-${towns.data.length}` : 'loading'}
      />
    </FiltersForm>
  );
}

import * as z from 'zod/mini';
import {
  caseKindFilters,
  CaseListQuerySchema,
  caseStatuses,
  type CaseListQuery,
} from '../../../shared/cases/schema.ts';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { unsetIfEmpty } from '../../url-filters.ts';

const labels = { kind: 'Tipo', status: 'Estado', locality: 'Localidad', q: 'Buscar' };
const kindOptions = Object.entries(caseKindFilters).map(([value, label]) => ({ value, label }));
const statusOptions = Object.entries(caseStatuses).map(([value, label]) => ({ value, label }));

const { kind, status, locality, q } = CaseListQuerySchema.shape;
const FiltersFormSchema = z.object({
  kind: unsetIfEmpty(kind.def.innerType),
  status: unsetIfEmpty(status.def.innerType),
  locality: unsetIfEmpty(locality.def.innerType),
  q: unsetIfEmpty(q.def.innerType),
});

/** The filters of Atención ciudadana; applying them starts again at page 1. */
export function CaseFiltersForm({
  filters,
  localities,
  onApply,
}: {
  filters: CaseListQuery;
  /** Those of every case (the list's answer); empty until it arrives. */
  localities: string[];
  onApply: (filters: CaseListQuery) => void;
}) {
  // `values`: Back and Forward change the filters in the URL; the form follows.
  const { field, ...shell } = useAdminForm({
    schema: FiltersFormSchema,
    labels,
    values: {
      kind: filters.kind ?? '',
      status: filters.status ?? '',
      locality: filters.locality ?? '',
      q: filters.q ?? '',
    },
    send: (values) => onApply({ ...values, page: 1 }),
  });
  // A locality in the address shows as chosen before the list (and its localities) arrives.
  const localityOptions = [...new Set([...localities, ...(filters.locality ? [filters.locality] : [])])].map(
    (locality) => ({ value: locality, label: locality }),
  );

  return (
    <FiltersForm label="Filtros de casos" clearTo="/admin/atencion" form={shell}>
      <SelectInput {...field('kind')} placeholder="Todos" options={kindOptions} />
      <SelectInput {...field('status')} placeholder="Todos" options={statusOptions} />
      <SelectInput {...field('locality')} placeholder="Todas" options={localityOptions} />
      <TextInput {...field('q')} type="search" hint="Referencia, nombre o correo electrónico" maxLength={100} />
    </FiltersForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { caseKindFilters, CaseListQuerySchema, caseStatuses, type CaseListQuery } from '../../../shared/cases.ts';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';
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
  const form = useForm<z.input<typeof FiltersFormSchema>, unknown, z.output<typeof FiltersFormSchema>>({
    resolver: zodResolver(FiltersFormSchema),
    values: {
      kind: filters.kind ?? '',
      status: filters.status ?? '',
      locality: filters.locality ?? '',
      q: filters.q ?? '',
    },
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    feedback.onStart();
    onApply({ ...values, page: 1 });
  }, feedback.onInvalid);
  // A locality in the address shows as chosen before the list (and its localities) arrives.
  const localityOptions = [...new Set([...localities, ...(filters.locality ? [filters.locality] : [])])].map(
    (locality) => ({ value: locality, label: locality }),
  );

  return (
    <FiltersForm label="Filtros de casos" clearTo="/admin/atencion" feedback={feedback} onSubmit={onSubmit}>
      <SelectInput
        label={labels.kind}
        placeholder="Todos"
        options={kindOptions}
        error={errors.kind?.message}
        registration={form.register('kind')}
      />
      <SelectInput
        label={labels.status}
        placeholder="Todos"
        options={statusOptions}
        error={errors.status?.message}
        registration={form.register('status')}
      />
      <SelectInput
        label={labels.locality}
        placeholder="Todas"
        options={localityOptions}
        error={errors.locality?.message}
        registration={form.register('locality')}
      />
      <TextInput
        label={labels.q}
        type="search"
        hint="Referencia, nombre o correo electrónico"
        maxLength={100}
        error={errors.q?.message}
        registration={form.register('q')}
      />
    </FiltersForm>
  );
}

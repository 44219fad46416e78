import { billStatuses, PaymentFiltersSchema, type PaymentFilters } from '../../../shared/payments/admin/schema.ts';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';

const labels = {
  from: 'Desde',
  to: 'Hasta',
  status: 'Estado',
  serviceNumber: 'Número de servicio',
  attention: 'Atención',
};
const statusOptions = Object.entries(billStatuses).map(([value, label]) => ({ value, label }));
const attentionOptions = [{ value: 'si', label: 'Requieren atención' }];

/** The filters of Pagos Webpay; applying them starts again at page 1. */
export function PaymentFiltersForm({
  filters,
  onApply,
}: {
  filters: PaymentFilters;
  onApply: (filters: PaymentFilters) => void;
}) {
  const current = {
    from: filters.from,
    to: filters.to,
    status: filters.status,
    serviceNumber: filters.serviceNumber,
    attention: filters.attention,
  };
  // `values`: Back and Forward change the filters in the URL; the form follows.
  const { field, ...shell } = useAdminForm({
    schema: PaymentFiltersSchema,
    labels,
    values: current,
    send: (values) => onApply({ ...values, page: 1 }),
  });

  return (
    <FiltersForm label="Filtros de pagos" clearTo="/admin/pagos" form={shell}>
      <TextInput {...field('from')} type="date" />
      <TextInput {...field('to')} type="date" />
      <SelectInput {...field('status')} placeholder="Todos" options={statusOptions} />
      <TextInput {...field('serviceNumber')} inputMode="numeric" />
      <SelectInput
        {...field('attention')}
        hint="Resultado desconocido, reembolso pendiente o gestión manual"
        placeholder="Todos"
        options={attentionOptions}
      />
    </FiltersForm>
  );
}

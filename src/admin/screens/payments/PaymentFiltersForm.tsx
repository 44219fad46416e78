import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { billStatuses, PaymentFiltersSchema, type PaymentFilters } from '../../../shared/payments.ts';
import { FiltersForm } from '../../forms/FiltersForm.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useSubmitFeedback } from '../../forms/use-submit-feedback.ts';

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
  const form = useForm<z.input<typeof PaymentFiltersSchema>, unknown, PaymentFilters>({
    resolver: zodResolver(PaymentFiltersSchema),
    values: current,
    shouldFocusError: false,
  });
  const feedback = useSubmitFeedback(form.setError, labels);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    feedback.onStart();
    onApply({ ...values, page: 1 });
  }, feedback.onInvalid);

  return (
    <FiltersForm label="Filtros de pagos" clearTo="/admin/pagos" feedback={feedback} onSubmit={onSubmit}>
      <TextInput label={labels.from} type="date" error={errors.from?.message} registration={form.register('from')} />
      <TextInput label={labels.to} type="date" error={errors.to?.message} registration={form.register('to')} />
      <SelectInput
        label={labels.status}
        placeholder="Todos"
        options={statusOptions}
        error={errors.status?.message}
        registration={form.register('status')}
      />
      <TextInput
        label={labels.serviceNumber}
        inputMode="numeric"
        error={errors.serviceNumber?.message}
        registration={form.register('serviceNumber')}
      />
      <SelectInput
        label={labels.attention}
        hint="Resultado desconocido, reembolso pendiente o gestión manual"
        placeholder="Todos"
        options={attentionOptions}
        error={errors.attention?.message}
        registration={form.register('attention')}
      />
    </FiltersForm>
  );
}

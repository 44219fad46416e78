import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PaymentFiltersSchema, PaymentPageSchema } from '../../../shared/payments/admin/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { PagedResults } from '../../components/FilteredPages.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom, queryOf } from '../../url-filters.ts';
import { PaymentFiltersForm } from './PaymentFiltersForm.tsx';
import { PaymentTable } from './PaymentTable.tsx';
import { PersonCases } from './PersonCases.tsx';

/** /admin/pagos: the card payments, filtered and paged by the server. */
export default function PaymentList() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(PaymentFiltersSchema, params);
  const search = queryOf(filters);
  const payments = useQuery({
    queryKey: ['payments', search],
    queryFn: ({ signal }) => apiRequest(`/api/admin/payments${search}`, PaymentPageSchema, { signal }),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <div className="screen-heading">
        <PageTitle>Pagos Webpay</PageTitle>
        <Link to={`exportar${queryOf(filters, { withPage: false })}`} className="button">
          Exportar CSV
        </Link>
      </div>
      <PaymentFiltersForm filters={filters} onApply={(next) => setParams(queryOf(next))} />
      <QueryView query={payments}>
        {(page) => (
          <PagedResults
            busy={payments.isPlaceholderData}
            page={page}
            hrefFor={(n) => queryOf({ ...filters, page: n }) || '?'}
          >
            <PersonCases cases={page.requiringPerson} search={search} />
            {page.attentionTotal > 0 && !filters.attention && (
              <p className="attention-notice">
                {page.attentionTotal === 1
                  ? '1 pago requiere atención: su resultado aún no se conoce, su reembolso está pendiente o requiere gestión manual. '
                  : `${page.attentionTotal} pagos requieren atención: su resultado aún no se conoce, su reembolso está pendiente o requiere gestión manual. `}
                <Link to={queryOf({ attention: 'si' })}>Ver los que requieren atención</Link>
              </p>
            )}
            <PaymentTable rows={page.payments} total={page.total} search={search} />
          </PagedResults>
        )}
      </QueryView>
    </>
  );
}

import { PaymentFiltersSchema, type PaymentFilters } from '../../../shared/payments.ts';

/**
 * Pagos Webpay keeps its filters in the URL's query string, so a filtered list can be
 * bookmarked, shared and returned to with Back. A query string the schema refuses shows
 * everything.
 */
export function filtersFrom(params: URLSearchParams): PaymentFilters {
  const parsed = PaymentFiltersSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : PaymentFiltersSchema.parse({});
}

/** `?from=…&status=…`: the filters that are set (page 1 left out), or '' for none. */
export function queryOf(filters: Partial<PaymentFilters>, { withPage = true } = {}): string {
  const entries = Object.entries(filters).filter(
    ([name, value]) => value !== '' && value !== undefined && !(name === 'page' && (!withPage || value === 1)),
  );
  const query = new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
  return query ? `?${query}` : '';
}

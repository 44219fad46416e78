import * as z from 'zod/mini';

/**
 * A filtered list keeps its filters in the URL's query string (Pagos Webpay, Atención
 * ciudadana), so it can be bookmarked, shared and returned to with Back. A query string the
 * schema refuses shows everything.
 */
export function filtersFrom<T>(schema: z.ZodMiniType<T>, params: URLSearchParams): T {
  const parsed = schema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : schema.parse({});
}

/** `?from=…&status=…`: the filters that are set (page 1 left out), or '' for none. */
export function queryOf(filters: Record<string, unknown>, { withPage = true } = {}): string {
  const entries = Object.entries(filters).filter(
    ([name, value]) => value !== '' && value !== undefined && !(name === 'page' && (!withPage || value === 1)),
  );
  const query = new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
  return query ? `?${query}` : '';
}

/**
 * A filter field of a list's form: a select's first choice, Todos, is '' (and so is an empty
 * search), which leaves the filter unset; anything else must pass the list's own rule.
 */
export const unsetIfEmpty = <T extends string>(schema: z.ZodMiniType<T, string>) =>
  z.pipe(
    z.union([z.literal(''), schema]),
    z.transform((value) => (value === '' ? undefined : value)),
  );

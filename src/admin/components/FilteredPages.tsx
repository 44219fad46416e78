import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryOf } from '../url-filters.ts';
import { Pagination } from './Pagination.tsx';
import { QueryView } from './QueryView.tsx';

export interface Page {
  page: number;
  total: number;
  pageSize: number;
}

interface FilteredPagesProps<T extends Page> {
  query: UseQueryResult<T>;
  /** The filters in the address (url-filters.ts): the other pages' links keep them. */
  filters: Record<string, unknown>;
  /** How many rows this page has. */
  count: (page: T) => number;
  /** What an empty page says: with filters set, and without. */
  empty: { filtered: string; none: string };
  /** The page's table. */
  children: (page: T) => ReactNode;
}

/**
 * A filtered list's results, paged by the server: loading and failure (QueryView), the empty
 * text, the table (marked busy while the next page loads in its place) and the pages.
 */
export function FilteredPages<T extends Page>({ query, filters, count, empty, children }: FilteredPagesProps<T>) {
  const filtered = queryOf(filters, { withPage: false }) !== '';
  return (
    <QueryView query={query}>
      {(page) =>
        count(page) === 0 ? (
          <p className="empty">{filtered ? empty.filtered : empty.none}</p>
        ) : (
          <PagedResults
            busy={query.isPlaceholderData}
            page={page}
            hrefFor={(n) => queryOf({ ...filters, page: n }) || '?'}
          >
            {children(page)}
          </PagedResults>
        )
      }
    </QueryView>
  );
}

/** A page of a list the server pages: marked busy while the next one loads in its place, then the pages' links. */
export function PagedResults({
  busy,
  page,
  hrefFor,
  children,
}: {
  busy: boolean;
  page: Page;
  hrefFor: (page: number) => string;
  children: ReactNode;
}) {
  return (
    <div aria-busy={busy}>
      {children}
      <Pagination page={page.page} total={page.total} pageSize={page.pageSize} hrefFor={hrefFor} />
    </div>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { failureMessage } from '../api-client.ts';
import { Loading } from './Loading.tsx';

/** A query's three states: loading, its error with a retry, or its data. */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <div role="alert" className="load-error">
        <p>{failureMessage(query.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  return children(query.data);
}

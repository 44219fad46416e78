import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../api-client.ts';

/** A change to one notice, by its method and the path after the notice's address. */
export interface NoticeChange {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
}

interface NoticeApiOptions<Notice, Answer, List> {
  /** The query keys' first word, also the one the lists are read again by. */
  key: string;
  /** The collection's address: `/api/admin/outages`. */
  path: string;
  list: z.ZodMiniType<List>;
  /** The answer of a read or a change: `{ outage }`. */
  answer: z.ZodMiniType<Answer>;
  notice: (answer: Answer) => Notice;
}

/**
 * A published notice's queries (docs/reference/admin-api.md): the lists (one per query string), each notice,
 * and its changes. A change answers the notice as it left it, which replaces its query; the lists
 * and the audit log are read again. Cortes and avisos are two configurations of it.
 */
export function noticeApi<Notice extends { id: string }, Answer, List>({
  key,
  path,
  list,
  answer,
  notice,
}: NoticeApiOptions<Notice, Answer, List>) {
  const keys = {
    all: [key] as const,
    list: (search: string) => [key, 'list', search] as const,
    detail: (id: string) => [key, 'detail', id] as const,
  };
  const noticePath = (id: string) => `${path}/${encodeURIComponent(id)}`;

  const useList = (search: string) =>
    useQuery({
      queryKey: keys.list(search),
      queryFn: ({ signal }) => apiRequest(`${path}${search}`, list, { signal }),
      placeholderData: keepPreviousData,
    });

  const useOne = (id: string) =>
    useQuery({
      queryKey: keys.detail(id),
      queryFn: async ({ signal }) => notice(await apiRequest(noticePath(id), answer, { signal })),
    });

  /** A change to one notice (or, without an id, a new one); answers the notice as it left it. */
  function useChange(id: string | undefined, { method, path: suffix }: NoticeChange) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: async (body?: unknown): Promise<Notice | undefined> => {
        const target = id ? `${noticePath(id)}${suffix}` : path;
        if (method === 'DELETE') {
          await apiRequest(target, z.unknown(), { method });
          return undefined;
        }
        return notice(await apiRequest(target, answer, { method, body }));
      },
      onSuccess: async (changed) => {
        if (changed) queryClient.setQueryData(keys.detail(changed.id), changed);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: keys.all, predicate: ({ queryKey }) => queryKey[1] === 'list' }),
          queryClient.invalidateQueries({ queryKey: ['audit'] }),
        ]);
      },
    });
  }

  return { useList, useOne, useChange };
}

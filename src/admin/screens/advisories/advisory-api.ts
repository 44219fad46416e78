import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  AdminAdvisoryAnswerSchema,
  AdminAdvisoryListSchema,
  type AdminAdvisory,
} from '../../../shared/advisories/admin/schema.ts';
import { apiRequest } from '../../api-client.ts';

/**
 * Avisos (docs/reference/admin-api.md, /api/admin/advisories): the lists (one per query string) and each
 * notice. A change answers the notice as it left it, which replaces its query; the lists and the
 * audit log are read again. The towns are the outages' (useTowns in ../outages/outage-api.ts).
 */
const advisoryKeys = {
  all: ['advisories'] as const,
  list: (search: string) => ['advisories', 'list', search] as const,
  detail: (id: string) => ['advisories', 'detail', id] as const,
};
const advisoryPath = (id: string) => `/api/admin/advisories/${encodeURIComponent(id)}`;

export const useAdvisoryList = (search: string) =>
  useQuery({
    queryKey: advisoryKeys.list(search),
    queryFn: ({ signal }) => apiRequest(`/api/admin/advisories${search}`, AdminAdvisoryListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAdvisory = (id: string) =>
  useQuery({
    queryKey: advisoryKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(advisoryPath(id), AdminAdvisoryAnswerSchema, { signal })).advisory,
  });

type Change =
  | { method: 'POST'; path: '' | '/publish' | '/updates' | '/lift' }
  | { method: 'PUT'; path: '' }
  | { method: 'DELETE'; path: '' };

/** A change to one notice (or, without an id, a new one); answers the notice as it left it. */
export function useAdvisoryChange(id: string | undefined, { method, path }: Change) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body?: unknown): Promise<AdminAdvisory | undefined> => {
      const target = id ? `${advisoryPath(id)}${path}` : '/api/admin/advisories';
      if (method === 'DELETE') {
        await apiRequest(target, z.unknown(), { method });
        return undefined;
      }
      return (await apiRequest(target, AdminAdvisoryAnswerSchema, { method, body })).advisory;
    },
    onSuccess: async (advisory) => {
      if (advisory) queryClient.setQueryData(advisoryKeys.detail(advisory.id), advisory);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: advisoryKeys.all,
          predicate: ({ queryKey }) => queryKey[1] === 'list',
        }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
    },
  });
}

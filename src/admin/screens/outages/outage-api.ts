import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { OutageTownSchema } from '../../../shared/outages/schema.ts';
import {
  AdminOutageAnswerSchema,
  AdminOutageListSchema,
  type AdminOutage,
} from '../../../shared/outages/admin/schema.ts';
import { apiRequest } from '../../api-client.ts';

/**
 * Cortes (docs/reference/admin-api.md, /api/admin/outages): the lists (one per query string), each outage
 * and the towns. A change answers the outage as it left it, which replaces its query; the lists
 * and the audit log are read again.
 */
const outageKeys = {
  all: ['outages'] as const,
  list: (search: string) => ['outages', 'list', search] as const,
  detail: (id: string) => ['outages', 'detail', id] as const,
  towns: ['outages', 'towns'] as const,
};
const outagePath = (id: string) => `/api/admin/outages/${encodeURIComponent(id)}`;

export const useOutageList = (search: string) =>
  useQuery({
    queryKey: outageKeys.list(search),
    queryFn: ({ signal }) => apiRequest(`/api/admin/outages${search}`, AdminOutageListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const useOutage = (id: string) =>
  useQuery({
    queryKey: outageKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(outagePath(id), AdminOutageAnswerSchema, { signal })).outage,
  });

const TownListSchema = z.object({ towns: z.array(OutageTownSchema) });
export const useTowns = () =>
  useQuery({
    queryKey: outageKeys.towns,
    queryFn: async ({ signal }) => (await apiRequest('/api/admin/outages/towns', TownListSchema, { signal })).towns,
  });

export function useAddTown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (town: unknown) =>
      apiRequest('/api/admin/outages/towns', z.object({ town: OutageTownSchema }), { method: 'POST', body: town }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: outageKeys.towns }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}

type Change =
  | { method: 'POST'; path: '' | '/publish' | '/updates' }
  | { method: 'PUT'; path: '' | '/status' | '/supply' }
  | { method: 'DELETE'; path: '' };

/** A change to one outage (or, without an id, a new one); answers the outage as it left it. */
export function useOutageChange(id: string | undefined, { method, path }: Change) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body?: unknown): Promise<AdminOutage | undefined> => {
      const target = id ? `${outagePath(id)}${path}` : '/api/admin/outages';
      if (method === 'DELETE') {
        await apiRequest(target, z.unknown(), { method });
        return undefined;
      }
      return (await apiRequest(target, AdminOutageAnswerSchema, { method, body })).outage;
    },
    onSuccess: async (outage) => {
      if (outage) queryClient.setQueryData(outageKeys.detail(outage.id), outage);
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: outageKeys.all,
          predicate: ({ queryKey }) => queryKey[1] === 'list',
        }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
    },
  });
}

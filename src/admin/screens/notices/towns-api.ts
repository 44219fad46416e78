import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { OutageTownSchema } from '../../../shared/outages/schema.ts';
import { apiRequest } from '../../api-client.ts';

/**
 * The towns the utility serves (/api/admin/outages/towns): an outage is in one, a notice in some,
 * and both lists filter by them. Adding one reads them again, and the audit log.
 */
const townsKey = ['outages', 'towns'] as const;
const TownListSchema = z.object({ towns: z.array(OutageTownSchema) });

export const useTowns = () =>
  useQuery({
    queryKey: townsKey,
    queryFn: async ({ signal }) => (await apiRequest('/api/admin/outages/towns', TownListSchema, { signal })).towns,
  });

export function useAddTown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (town: unknown) =>
      apiRequest('/api/admin/outages/towns', z.object({ town: OutageTownSchema }), { method: 'POST', body: town }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: townsKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
}

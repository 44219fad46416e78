import { useQuery } from '@tanstack/react-query';
import { BootstrapStatusSchema } from '../../../shared/bootstrap.ts';
import { apiRequest } from '../../api-client.ts';

/** GET /api/bootstrap: asked by /login, to offer the first administrator's screen, and by that screen. */
export const useBootstrapStatus = () =>
  useQuery({
    queryKey: ['bootstrap'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/bootstrap', BootstrapStatusSchema, { signal, session: false })).status,
  });

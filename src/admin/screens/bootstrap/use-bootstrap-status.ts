import { useQuery } from '@tanstack/react-query';
import type { AdminRole } from '../../../shared/admins/schema.ts';
import { BootstrapStatusSchema } from '../../../shared/bootstrap/schema.ts';
import { apiRequest } from '../../api-client.ts';

/** GET /api/bootstrap: asked by a first account's screen (the first compliance user's: `?rol=cumplimiento`). */
export const useBootstrapStatus = (role: AdminRole) =>
  useQuery({
    queryKey: ['bootstrap', role],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          role === 'cumplimiento' ? '/api/bootstrap?rol=cumplimiento' : '/api/bootstrap',
          BootstrapStatusSchema,
          { signal, session: false },
        )
      ).status,
  });

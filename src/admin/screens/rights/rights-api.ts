import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { RightsDeskAnswerSchema, type RightsDesk } from '../../../shared/rights/desk/schema.ts';
import { PersonalDataSchema } from '../../../shared/rights/records/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { caseKeys } from '../../resources.ts';

/** A rights request's desk, under its case (docs/reference/admin-api.md, "Derechos de datos"). */
const rightsPath = (caseId: string) => `/api/admin/cases/${encodeURIComponent(caseId)}/rights`;
const rightsKeys = {
  desk: (caseId: string) => [...caseKeys.detail(caseId), 'rights'] as const,
  data: (caseId: string) => [...caseKeys.detail(caseId), 'rights', 'data'] as const,
};

const DataAnswerSchema = z.object({ data: PersonalDataSchema });

export const useRightsDesk = (caseId: string) =>
  useQuery({
    queryKey: rightsKeys.desk(caseId),
    queryFn: async ({ signal }) => (await apiRequest(rightsPath(caseId), RightsDeskAnswerSchema, { signal })).rights,
  });

/** What the site holds about the requester: asked for only once the e-mail is confirmed. */
export const usePersonalData = (caseId: string, confirmed: boolean) =>
  useQuery({
    queryKey: rightsKeys.data(caseId),
    queryFn: async ({ signal }) => (await apiRequest(`${rightsPath(caseId)}/data`, DataAnswerSchema, { signal })).data,
    enabled: confirmed,
  });

export type RightsAction = 'extension' | 'proof' | 'export' | 'erasure' | 'inclusion' | 'rectification' | 'block';

/**
 * One action on the request (POST …/rights/{action}). Each answers the desk as it left it; the
 * case (its due date, its notes), the data found and the audit log are read again.
 */
export function useRightsAction<Answer extends { rights: RightsDesk }>(
  caseId: string,
  action: RightsAction,
  schema: z.ZodMiniType<Answer> = RightsDeskAnswerSchema as unknown as z.ZodMiniType<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiRequest(`${rightsPath(caseId)}/${action}`, schema, { method: 'POST', body }),
    onSuccess: async (answer: Answer) => {
      queryClient.setQueryData(rightsKeys.desk(caseId), answer.rights);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId), exact: true }),
        queryClient.invalidateQueries({ queryKey: rightsKeys.data(caseId) }),
        queryClient.invalidateQueries({ queryKey: caseKeys.all, predicate: ({ queryKey }) => queryKey[1] === 'list' }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
    },
  });
}

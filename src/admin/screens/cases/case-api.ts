import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CaseDetailAnswerSchema,
  CaseListSchema,
  CaseSettingsSchema,
  type CaseDetailAnswer,
  type CaseSettings,
} from '../../../shared/cases/schema.ts';
import { apiRequest } from '../../api-client.ts';
import { caseKeys } from '../../resources.ts';

const casePath = (caseId: string) => `/api/admin/cases/${encodeURIComponent(caseId)}`;
export const attachmentPath = (caseId: string, uploadId: string) =>
  `${casePath(caseId)}/attachments/${encodeURIComponent(uploadId)}`;

/** One page of the list, for a query string of filters (`?kind=reclamo&page=2`). */
export const useCaseList = (search: string) =>
  useQuery({
    queryKey: caseKeys.list(search),
    queryFn: ({ signal }) => apiRequest(`/api/admin/cases${search}`, CaseListSchema, { signal }),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useCase = (caseId: string) =>
  useQuery({
    queryKey: caseKeys.detail(caseId),
    queryFn: ({ signal }) => apiRequest(casePath(caseId), CaseDetailAnswerSchema, { signal }),
  });

const useInvalidateLists = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.all, predicate: ({ queryKey }) => queryKey[1] === 'list' }),
      queryClient.invalidateQueries({ queryKey: ['audit'] }),
    ]);
};

/**
 * A change to one case: PUT its status and assignee, POST a note or a reply. Each answers the
 * case as it left it, shown at once.
 */
export function useCaseChange(caseId: string, change: { method: 'PUT' | 'POST'; path: '' | '/notes' | '/replies' }) {
  const queryClient = useQueryClient();
  const invalidateLists = useInvalidateLists();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest(`${casePath(caseId)}${change.path}`, CaseDetailAnswerSchema, { method: change.method, body }),
    onSuccess: async (answer: CaseDetailAnswer) => {
      queryClient.setQueryData(caseKeys.detail(caseId), answer);
      await invalidateLists();
    },
  });
}

export const useCaseSettings = () =>
  useQuery({
    queryKey: caseKeys.settings,
    queryFn: ({ signal }) => apiRequest('/api/admin/cases/settings', CaseSettingsSchema, { signal }),
  });

export function useSaveCaseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CaseSettings) =>
      apiRequest('/api/admin/cases/settings', CaseSettingsSchema, { method: 'PUT', body: settings }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(caseKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeskDetailAnswerSchema,
  DeskListSchema,
  TeamMemberSchema,
  TeamSchema,
  TrailPageSchema,
} from '../../../shared/denuncias/desk/schema.ts';
import * as z from 'zod/mini';
import { apiRequest } from '../../api-client.ts';

/**
 * The compliance desk's calls (/api/admin/denuncias). A change to a denuncia answers it as it
 * left it, which replaces its query; the list and the trail are read again.
 */
const keys = {
  all: ['denuncias'] as const,
  list: (search: string) => ['denuncias', 'list', search] as const,
  detail: (reference: string) => ['denuncias', 'detail', reference] as const,
  team: ['denuncias', 'team'] as const,
  trail: (page: number) => ['denuncias', 'trail', page] as const,
};

const BASE = '/api/admin/denuncias';
const denunciaPath = (reference: string) => `${BASE}/${encodeURIComponent(reference)}`;
export const filePath = (reference: string, uploadId: string) =>
  `${denunciaPath(reference)}/attachments/${encodeURIComponent(uploadId)}`;

export const useDenunciaList = (search: string) =>
  useQuery({
    queryKey: keys.list(search),
    queryFn: ({ signal }) => apiRequest(`${BASE}${search}`, DeskListSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const useDenuncia = (reference: string) =>
  useQuery({
    queryKey: keys.detail(reference),
    queryFn: async ({ signal }) =>
      (await apiRequest(denunciaPath(reference), DeskDetailAnswerSchema, { signal })).denuncia,
  });

const useRefreshOthers = () => {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: keys.all,
      predicate: ({ queryKey }) => queryKey[1] === 'list' || queryKey[1] === 'trail',
    });
};

/** PUT its status, POST a message to the reporter or a note. */
export function useDenunciaChange(reference: string, path: '' | '/messages' | '/notes') {
  const queryClient = useQueryClient();
  const refreshOthers = useRefreshOthers();
  return useMutation({
    mutationFn: async (body: unknown) =>
      (
        await apiRequest(`${denunciaPath(reference)}${path}`, DeskDetailAnswerSchema, {
          method: path === '' ? 'PUT' : 'POST',
          body,
        })
      ).denuncia,
    onSuccess: async (denuncia) => {
      queryClient.setQueryData(keys.detail(reference), denuncia);
      await refreshOthers();
    },
  });
}

export const useTeam = () =>
  useQuery({
    queryKey: keys.team,
    queryFn: async ({ signal }) => (await apiRequest(`${BASE}/team`, TeamSchema, { signal })).team,
  });

export function useTeamChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, compliance }: { id: string; compliance: boolean }) =>
      (
        await apiRequest(`${BASE}/team/${encodeURIComponent(id)}`, z.object({ member: TeamMemberSchema }), {
          method: 'PUT',
          body: { compliance },
        })
      ).member,
    // The administrators' list shows the roles too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.team }),
        queryClient.invalidateQueries({ queryKey: ['admins'] }),
        queryClient.invalidateQueries({ queryKey: keys.all, predicate: ({ queryKey }) => queryKey[1] === 'trail' }),
      ]),
  });
}

export const useTrail = (page: number) =>
  useQuery({
    queryKey: keys.trail(page),
    queryFn: ({ signal }) => apiRequest(`${BASE}/trail?page=${page}`, TrailPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { AdminSchema } from '../shared/admins/schema.ts';
import { StoredDocumentSchema } from '../shared/documents/schema.ts';
import { EducationDocumentSchema } from '../shared/education/schema.ts';
import { ReportSchema } from '../shared/news/schema.ts';
import { apiRequest } from './api-client.ts';

/**
 * The lists staff manage (docs/reference/admin-api.md): each a collection path answering `{ <list>: [] }`
 * and an item path answering `{ <item>: {} }`. Every change refetches the list and the audit
 * log, which records it.
 */
function resource<Item>(key: string, path: string, list: string, item: string, schema: z.ZodMiniType<Item>) {
  const ListSchema = z.object({ [list]: z.array(schema) });
  const ItemSchema = z.object({ [item]: schema });
  const itemPath = (id: string) => `${path}/${encodeURIComponent(id)}`;

  const useInvalidate = () => {
    const queryClient = useQueryClient();
    return () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [key] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]);
  };

  return {
    useList: () =>
      useQuery({
        queryKey: [key],
        queryFn: async ({ signal }) => (await apiRequest(path, ListSchema, { signal }))[list]!,
      }),
    useItem: (id: string) =>
      useQuery({
        queryKey: [key, id],
        queryFn: async ({ signal }) => (await apiRequest(itemPath(id), ItemSchema, { signal }))[item]!,
      }),
    /** Creates without an id, replaces with one. */
    useSave: (id?: string) => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: async (input: unknown) =>
          (await apiRequest(id ? itemPath(id) : path, ItemSchema, { method: id ? 'PUT' : 'POST', body: input }))[item]!,
        onSuccess: invalidate,
      });
    },
    useRemove: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (id: string) => apiRequest(itemPath(id), z.unknown(), { method: 'DELETE' }),
        onSuccess: invalidate,
      });
    },
  };
}

/**
 * The public pages read these lists through a minute's cache (publicJson, src/server/http.ts):
 * staff are told so when they change one, or they may think the change did not take.
 */
export const PUBLIC_DELAY_NOTE = 'El sitio público mostrará el cambio en un minuto como máximo.';

export const admins = resource('admins', '/api/admin/admins', 'admins', 'admin', AdminSchema);
export const documents = resource('documents', '/api/admin/documents', 'documents', 'document', StoredDocumentSchema);
export const reports = resource('reports', '/api/admin/reports', 'reports', 'report', ReportSchema);
export const education = resource(
  'education',
  '/api/admin/education',
  'documents',
  'document',
  EducationDocumentSchema,
);

/**
 * Atención ciudadana (screens/cases/): its lists (one per query string), each case and the
 * desk's settings. A change to a case answers the case as it left it, which replaces its query;
 * the lists and the audit log are read again.
 */
export const caseKeys = {
  all: ['cases'] as const,
  list: (search: string) => ['cases', 'list', search] as const,
  detail: (caseId: string) => ['cases', 'detail', caseId] as const,
  settings: ['cases', 'settings'] as const,
};

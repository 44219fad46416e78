import { AdminAdvisoryAnswerSchema, AdminAdvisoryListSchema } from '../../../shared/advisories/admin/schema.ts';
import { noticeApi } from '../notices/notice-api.ts';

/** Avisos (docs/reference/admin-api.md, /api/admin/advisories); the towns are in ../notices/towns-api.ts. */
const api = noticeApi({
  key: 'advisories',
  path: '/api/admin/advisories',
  list: AdminAdvisoryListSchema,
  answer: AdminAdvisoryAnswerSchema,
  notice: (answer) => answer.advisory,
});

type Change = { method: 'POST'; path: '' | '/publish' | '/updates' | '/lift' } | { method: 'PUT' | 'DELETE'; path: '' };

export const useAdvisoryList = api.useList;
export const useAdvisory = api.useOne;
export const useAdvisoryChange: (id: string | undefined, change: Change) => ReturnType<typeof api.useChange> =
  api.useChange;

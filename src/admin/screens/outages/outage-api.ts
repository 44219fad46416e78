import { AdminOutageAnswerSchema, AdminOutageListSchema } from '../../../shared/outages/admin/schema.ts';
import { noticeApi } from '../notices/notice-api.ts';

/** Cortes (docs/reference/admin-api.md, /api/admin/outages); the towns are in ../notices/towns-api.ts. */
const api = noticeApi({
  key: 'outages',
  path: '/api/admin/outages',
  list: AdminOutageListSchema,
  answer: AdminOutageAnswerSchema,
  notice: (answer) => answer.outage,
});

type Change =
  | { method: 'POST'; path: '' | '/publish' | '/updates' }
  | { method: 'PUT'; path: '' | '/status' | '/supply' | '/water-reports' }
  | { method: 'DELETE'; path: '' };

export const useOutageList = api.useList;
export const useOutage = api.useOne;
export const useOutageChange: (id: string | undefined, change: Change) => ReturnType<typeof api.useChange> =
  api.useChange;

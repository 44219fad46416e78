import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import type { OutageInput } from '../../../shared/outages/schema.ts';
import type { NoticeKind } from '../notices/notice-kind.ts';
import { useOutage, useOutageChange } from './outage-api.ts';
import { OutageForm } from './OutageForm.tsx';

/** Cortes de agua as a published notice (../notices). */
export const outageKind: NoticeKind<AdminOutage, OutageInput> = {
  list: { path: '/admin/cortes', title: 'Cortes de agua' },
  newTitle: 'Nuevo corte',
  dataTitle: 'Datos del corte',
  useOne: useOutage,
  useChange: useOutageChange,
  Form: OutageForm,
};

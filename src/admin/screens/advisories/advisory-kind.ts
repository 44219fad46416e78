import type { AdminAdvisory } from '../../../shared/advisories/admin/schema.ts';
import type { AdvisoryInput } from '../../../shared/advisories/schema.ts';
import type { NoticeKind } from '../notices/notice-kind.ts';
import { useAdvisory, useAdvisoryChange } from './advisory-api.ts';
import { AdvisoryForm } from './AdvisoryForm.tsx';

/** Avisos as a published notice (../notices). */
export const advisoryKind: NoticeKind<AdminAdvisory, AdvisoryInput> = {
  list: { path: '/admin/avisos', title: 'Avisos' },
  newTitle: 'Nuevo aviso',
  dataTitle: 'Datos del aviso',
  useOne: useAdvisory,
  useChange: useAdvisoryChange,
  Form: AdvisoryForm,
};

import { NoticeEditor } from '../notices/NoticeScreens.tsx';
import { advisoryKind } from './advisory-kind.ts';

/** /admin/avisos/nuevo. */
export default function AdvisoryEditor() {
  return <NoticeEditor kind={advisoryKind} />;
}

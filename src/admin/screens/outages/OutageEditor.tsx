import { NoticeEditor } from '../notices/NoticeScreens.tsx';
import { outageKind } from './outage-kind.ts';

/** /admin/cortes/nuevo. */
export default function OutageEditor() {
  return <NoticeEditor kind={outageKind} />;
}

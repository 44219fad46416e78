import { Link } from 'react-router';
import { chileMinute } from '../../../shared/time/format.ts';
import { outageKindLabels, outageStatuses, outageStatusLabels } from '../../../shared/outages/schema.ts';
import { OutageListQuerySchema, type AdminOutageSummary } from '../../../shared/outages/admin/schema.ts';
import { formatDuration } from '../../../shared/outages/supply-days-texts.ts';
import type { Column } from '../../components/DataTable.tsx';
import { lastUpdateColumn, NoticeList } from '../notices/NoticeList.tsx';
import { PhoneAlertSettings } from './PhoneAlertSettings.tsx';
import { TownForm } from './TownForm.tsx';
import { useOutageList } from './outage-api.ts';

const outageColumns: Column<AdminOutageSummary>[] = [
  {
    header: 'Corte',
    rowHeader: true,
    cell: (row) => (
      <Link to={row.id}>
        {row.townName}: {row.sectors}
      </Link>
    ),
  },
  { header: 'Tipo', cell: (row) => outageKindLabels[row.kind] },
  { header: 'Inicio', className: 'nowrap', cell: (row) => chileMinute(row.startsAt) },
  { header: 'Reposición estimada', className: 'nowrap', cell: (row) => chileMinute(row.endsAt) },
  { header: 'Estado', cell: (row) => outageStatusLabels[row.status] },
  {
    header: 'Duración real',
    className: 'nowrap',
    cell: (row) => (row.realHours === null ? <span className="muted">—</span> : formatDuration(row.realHours)),
  },
  lastUpdateColumn(),
];

/** /admin/cortes: the outages, with the forms that add a town and set the billing phones' alerts below them. */
export default function OutageList() {
  return (
    <NoticeList
      title="Cortes de agua"
      newLabel="Nuevo corte"
      path="/admin/cortes"
      plural="cortes"
      intro="Los cortes publicados se muestran en /cortes y se avisan a los suscriptores de su localidad. Un borrador solo lo ve el personal."
      query={OutageListQuerySchema}
      statuses={outageStatuses}
      statusLabels={outageStatusLabels}
      useList={useOutageList}
      rows={(page) => page.outages}
      columns={outageColumns}
    >
      <TownForm />
      <PhoneAlertSettings />
    </NoticeList>
  );
}

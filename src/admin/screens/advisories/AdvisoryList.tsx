import { Link } from 'react-router';
import { AdvisoryListQuerySchema, type AdminAdvisorySummary } from '../../../shared/advisories/admin/schema.ts';
import { advisoryStatuses, advisoryStatusLabels } from '../../../shared/advisories/schema.ts';
import { advisoryName } from '../../../shared/advisories/words.ts';
import { spanishList } from '../../../shared/spanish-list.ts';
import { chileMinute } from '../../../shared/time/format.ts';
import type { Column } from '../../components/DataTable.tsx';
import { lastUpdateColumn, NoticeList } from '../notices/NoticeList.tsx';
import { useAdvisoryList } from './advisory-api.ts';

const advisoryColumns: Column<AdminAdvisorySummary>[] = [
  {
    header: 'Aviso',
    rowHeader: true,
    cell: (row) => <Link to={row.id}>{advisoryName(row.kind, row.restrictionLevel)}</Link>,
  },
  { header: 'Localidades', cell: (row) => spanishList(row.towns.map((town) => town.name)) },
  { header: 'Desde', className: 'nowrap', cell: (row) => chileMinute(row.startsAt) },
  {
    header: 'Término esperado',
    className: 'nowrap',
    cell: (row) => (row.endsAt ? chileMinute(row.endsAt) : <span className="muted">Sin fecha</span>),
  },
  { header: 'Estado', cell: (row) => advisoryStatusLabels[row.status] },
  lastUpdateColumn(),
];

/** /admin/avisos: the sanitary and service notices. */
export default function AdvisoryList() {
  return (
    <NoticeList
      title="Avisos"
      newLabel="Nuevo aviso"
      path="/admin/avisos"
      plural="avisos"
      intro="Los avisos sanitarios y de servicio (hervir el agua, no beberla, turbiedad, restricciones, congelamiento) publicados se muestran en /avisos y se envían a los suscriptores de sus localidades. Un borrador solo lo ve el personal."
      query={AdvisoryListQuerySchema}
      statuses={advisoryStatuses}
      statusLabels={advisoryStatusLabels}
      useList={useAdvisoryList}
      rows={(page) => page.advisories}
      columns={advisoryColumns}
    />
  );
}

import { Link } from 'react-router';
import { chileDay } from '../../../shared/time/format.ts';
import { caseKinds, caseStatuses, type CaseSummary } from '../../../shared/cases/schema.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Deadline } from './Deadline.tsx';

/** One row per case, in the server's order: due date first (none last), then arrival. */
export function CaseTable({ rows, total, search }: { rows: CaseSummary[]; total: number; search: string }) {
  return (
    <DataTable
      caption={`Casos, por fecha de vencimiento (${total} en total)`}
      columns={[
        {
          header: 'Referencia',
          rowHeader: true,
          className: 'nowrap',
          cell: (row) => (
            // The list's filters go along, for the detail's way back.
            <Link to={row.id} state={{ search }}>
              {row.reference}
            </Link>
          ),
        },
        { header: 'Tipo', cell: (row) => caseKinds[row.kind] },
        { header: 'Ciudadano', cell: (row) => row.citizen_name },
        { header: 'Localidad', cell: (row) => row.locality || '—' },
        { header: 'Recibido', className: 'nowrap', cell: (row) => chileDay(row.received_at) },
        { header: 'Vence', cell: (row) => <Deadline item={row} /> },
        { header: 'Estado', cell: (row) => caseStatuses[row.status] },
        { header: 'Asignado a', cell: (row) => row.assignee_name ?? <span className="muted">Sin asignar</span> },
      ]}
      rows={rows}
      rowKey={(row) => row.id}
    />
  );
}

import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/billing.ts';
import { caseKinds, caseStatuses, type CaseSummary } from '../../../shared/cases.ts';
import { TableFrame } from '../../components/TableFrame.tsx';
import { Deadline } from './Deadline.tsx';

/** The day of a date-time in Chile, DD-MM-YYYY (spec §9's date without its time). */
export const chileDay = (iso: string): string => formatDateTime(iso).slice(0, 10);

/** One row per case, in the server's order: due date first (none last), then arrival. */
export function CaseTable({ rows, total, search }: { rows: CaseSummary[]; total: number; search: string }) {
  return (
    <TableFrame caption={`Casos, por fecha de vencimiento (${total} en total)`}>
      <thead>
        <tr>
          <th scope="col">Referencia</th>
          <th scope="col">Tipo</th>
          <th scope="col">Ciudadano</th>
          <th scope="col">Localidad</th>
          <th scope="col">Recibido</th>
          <th scope="col">Vence</th>
          <th scope="col">Estado</th>
          <th scope="col">Asignado a</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className="nowrap">
              {/* The list's filters go along, for the detail's way back. */}
              <Link to={row.id} state={{ search }}>
                {row.reference}
              </Link>
            </th>
            <td>{caseKinds[row.kind]}</td>
            <td>{row.citizen_name}</td>
            <td>{row.locality || '—'}</td>
            <td className="nowrap">{chileDay(row.received_at)}</td>
            <td>
              <Deadline item={row} />
            </td>
            <td>{caseStatuses[row.status]}</td>
            <td>{row.assignee_name ?? <span className="muted">Sin asignar</span>}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

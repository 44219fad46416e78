import { Link } from 'react-router';
import { formatAmount, paymentTypeLabel } from '../../../shared/payments/schema.ts';
import { formatDateTime } from '../../../shared/time/format.ts';
import { billStatuses, type PaymentRow } from '../../../shared/payments/admin/schema.ts';
import { TableFrame } from '../../components/TableFrame.tsx';

/** One row per bill created for Webpay, with its card record once Webpay answered (spec §9 formats). */
export function PaymentTable({ rows, total, search }: { rows: PaymentRow[]; total: number; search: string }) {
  if (rows.length === 0) return <p className="empty">No hay pagos que coincidan con los filtros.</p>;
  return (
    <TableFrame caption={`Pagos con tarjeta, del más reciente al más antiguo (${total} en total)`}>
      <thead>
        <tr>
          <th scope="col">Fecha</th>
          <th scope="col">Número de servicio</th>
          <th scope="col" className="numeric">
            Monto
          </th>
          <th scope="col">Estado</th>
          <th scope="col">Código de autorización</th>
          <th scope="col">Tarjeta</th>
          <th scope="col">Tipo de pago</th>
          <th scope="col" className="numeric">
            Cuotas
          </th>
          <th scope="col">Detalle</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const date = formatDateTime(row.created_at);
          return (
            <tr key={row.bill_id}>
              <td className="nowrap">{date}</td>
              <th scope="row">{row.service_number}</th>
              <td className="numeric nowrap">{formatAmount(row.amount)}</td>
              <td>
                {billStatuses[row.status]}
                {row.needs_attention && <span className="attention-tag">Requiere atención</span>}
              </td>
              <td>{row.authorization_code ?? ''}</td>
              <td className="nowrap">{row.card_number ? `**** ${row.card_number}` : ''}</td>
              <td>{row.payment_type_code ? paymentTypeLabel(row.payment_type_code) : ''}</td>
              {/* Spec §9: the instalment count shows only if above 0. */}
              <td className="numeric">
                {row.installments_number && row.installments_number > 0 ? row.installments_number : ''}
              </td>
              <td className="nowrap">
                <Link to={`${row.bill_id}/detalle`} state={{ search }}>
                  Ver detalle
                  <span className="visually-hidden">
                    {' '}
                    del pago del servicio {row.service_number}, {date}
                  </span>
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}

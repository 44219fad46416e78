import { useEffect, useRef } from 'react';
import { accountsMessages, type AccountsImportReport } from '../../../shared/accounts/schema.ts';
import { formatLocalDateTime, formatDateTime } from '../../../shared/time/format.ts';
import { formatAmount } from '../../../shared/payments/schema.ts';
import { SummaryList } from '../../components/SummaryList.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';

const count = (n: number) => new Intl.NumberFormat('es-CL').format(n);

/** The answer lists at most ACCOUNTS_REPORT_LIMIT lines of each kind; says so when there were more. */
function Shown({ shown, total }: { shown: number; total: number }) {
  return shown < total ? (
    <p>
      Se muestran las primeras {count(shown)} de {count(total)}.
    </p>
  ) : null;
}

/**
 * What an import did: its counts, the accounts whose balance it kept because they were paid
 * online after the export, and every line it left out with its number and reason (the same
 * report as `npm run accounts:import`). Takes focus when it appears, as a new screen would.
 */
export function ImportReport({ report }: { report: AccountsImportReport }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report]);

  return (
    <section className="import-report" aria-labelledby="resultado-importacion">
      <h2 id="resultado-importacion" ref={heading} tabIndex={-1}>
        Resultado de la importación
      </h2>
      <SummaryList
        rows={[
          ['Exportación del', formatLocalDateTime(report.exportedAt)],
          ['Cuentas importadas', count(report.imported)],
          ['Con el saldo conservado', count(report.keptTotal)],
          ['Líneas rechazadas', count(report.rejectedTotal)],
        ]}
      />
      {report.keptTotal > 0 && (
        <>
          {/* The explanation stands apart: a long caption is cut off where a phone scrolls the table. */}
          <p>
            Estas cuentas conservan su saldo actual: se pagaron en línea después de la exportación, que aún muestra esa
            deuda.
          </p>
          <TableFrame caption={`Cuentas con el saldo conservado (${count(report.keptTotal)})`}>
            <thead>
              <tr>
                <th scope="col">Número de servicio</th>
                <th scope="col" className="numeric">
                  Saldo en el archivo
                </th>
                <th scope="col" className="numeric">
                  Saldo conservado
                </th>
                <th scope="col">Último pago en línea</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {report.kept.map((account) => (
                <tr key={account.service_number}>
                  <th scope="row">{account.service_number}</th>
                  <td className="numeric">{formatAmount(account.exported_balance)}</td>
                  <td className="numeric">{formatAmount(account.balance)}</td>
                  <td className="nowrap">{formatDateTime(account.paid_at)}</td>
                  <td>{accountsMessages.paidOnline}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Shown shown={report.kept.length} total={report.keptTotal} />
        </>
      )}
      {report.rejectedTotal > 0 ? (
        <>
          <p>Las líneas rechazadas no se importaron: corríjalas en el sistema de facturación y vuelva a importar.</p>
          <TableFrame caption={`Líneas rechazadas (${count(report.rejectedTotal)})`}>
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  Línea
                </th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((rejected) => (
                <tr key={rejected.line}>
                  <th scope="row" className="numeric">
                    {rejected.line}
                  </th>
                  <td>{rejected.reason}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Shown shown={report.rejected.length} total={report.rejectedTotal} />
        </>
      ) : (
        <p>Ninguna línea fue rechazada.</p>
      )}
    </section>
  );
}

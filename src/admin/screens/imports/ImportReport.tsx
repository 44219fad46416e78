import { useEffect, useRef, type ReactNode } from 'react';
import type { RejectedLine } from '../../../shared/imports/schema.ts';
import { SummaryList } from '../../components/SummaryList.tsx';
import { TableFrame } from '../../components/TableFrame.tsx';

export const count = (n: number) => new Intl.NumberFormat('es-CL').format(n);

/** The answer lists at most IMPORT_REPORT_LIMIT lines of each kind; says so when there were more. */
export function Shown({ shown, total }: { shown: number; total: number }) {
  return shown < total ? (
    <p>
      Se muestran las primeras {count(shown)} de {count(total)}.
    </p>
  ) : null;
}

/**
 * What an import of the billing system did: its counts (`summary`), what the export's own report
 * adds (`children`: the accounts whose balance was kept), and every line it left out with its number
 * and reason (the same report as its npm command). Takes focus when it appears, as a new screen would.
 */
export function ImportReport({
  summary,
  rejected,
  rejectedTotal,
  children,
}: {
  summary: [string, string][];
  rejected: RejectedLine[];
  rejectedTotal: number;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Mounted anew for each report: CsvImport drops the last one when an import starts.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="import-report" aria-labelledby="resultado-importacion">
      <h2 id="resultado-importacion" ref={heading} tabIndex={-1}>
        Resultado de la importación
      </h2>
      <SummaryList rows={summary} />
      {children}
      {rejectedTotal > 0 ? (
        <>
          <p>Las líneas rechazadas no se importaron: corríjalas en el sistema de facturación y vuelva a importar.</p>
          <TableFrame caption={`Líneas rechazadas (${count(rejectedTotal)})`}>
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  Línea
                </th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {rejected.map((rejected) => (
                <tr key={rejected.line}>
                  <th scope="row" className="numeric">
                    {rejected.line}
                  </th>
                  <td>{rejected.reason}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <Shown shown={rejected.length} total={rejectedTotal} />
        </>
      ) : (
        <p>Ninguna línea fue rechazada.</p>
      )}
    </section>
  );
}

import {
  AccountsImportAnswerSchema,
  AccountsImportFormSchema,
  accountsMessages,
  type AccountsImportReport,
} from '../../../shared/accounts/schema.ts';
import { formatAmount } from '../../../shared/payments/schema.ts';
import { formatDateTime, formatLocalDateTime } from '../../../shared/time/format.ts';
import { chileNow } from '../../../shared/time/wall-clock.ts';
import { TableFrame } from '../../components/TableFrame.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { CsvImport, type CsvImportConfig } from '../imports/CsvImport.tsx';
import { count, ImportReport, Shown } from '../imports/ImportReport.tsx';
import { AccountsNav } from './AccountsNav.tsx';

/** The accounts' report: the counts, and the accounts whose balance was kept, paid online after the export. */
function AccountsReport({ report }: { report: AccountsImportReport }) {
  return (
    <ImportReport
      summary={[
        ['Exportación del', formatLocalDateTime(report.exportedAt)],
        ['Cuentas importadas', count(report.imported)],
        ['Con el saldo conservado', count(report.keptTotal)],
        ['Líneas rechazadas', count(report.rejectedTotal)],
      ]}
      rejected={report.rejected}
      rejectedTotal={report.rejectedTotal}
    >
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
    </ImportReport>
  );
}

const accounts: CsvImportConfig<(typeof AccountsImportFormSchema)['_zod']['output'], AccountsImportReport> = {
  title: 'Importar cuentas',
  intro: (
    <>
      <AccountsNav />
      <p>
        El archivo CSV que exporta el sistema de facturación da el saldo de cada número de servicio: lo que los clientes
        consultan en Mi boleta y pagan en Pagar mi cuenta. Las cuentas del archivo se agregan o se actualizan; las que
        no están en él no cambian.
      </p>
    </>
  ),
  purpose: 'accounts',
  endpoint: '/api/admin/accounts/import',
  schema: AccountsImportFormSchema,
  labels: { file: 'Archivo CSV de cuentas', exportedAt: 'Fecha y hora de la exportación' },
  defaultValues: { exportedAt: '' },
  fileHint:
    'En la primera línea, las columnas service_number, balance, install_address, expiration_date y doc_url (y, si las tiene, locality, previous_bill_amount, previous_bill_days, holder_rut, contact_email y contact_phone), separadas por punto y coma o por coma; texto en UTF-8; hasta 5 MB.',
  fields: (field) => (
    <TextInput
      {...field('exportedAt')}
      type="datetime-local"
      required
      max={chileNow()}
      className="input--datetime"
      hint="Cuándo generó el archivo el sistema de facturación, en hora de Chile. Las cuentas pagadas en línea después de ese momento conservan su saldo actual, para no volver a cobrar una deuda ya pagada. Si no la sabe con exactitud, indique una hora anterior."
    />
  ),
  body: ({ exportedAt }) => ({ exportedAt }),
  answer: AccountsImportAnswerSchema,
  report: (report) => <AccountsReport report={report} />,
};

/**
 * /admin/cuentas/importar: the billing system's CSV export of every service's debt, which /boleta
 * shows and /pago charges, sent to POST /api/admin/accounts/import.
 */
export default function AccountsImport() {
  return <CsvImport config={accounts} />;
}

import { useQuery } from '@tanstack/react-query';
import {
  ConsumptionWarningsSchema,
  notSentLabels,
  type ConsumptionWarning,
} from '../../../shared/consumption/warnings.ts';
import { formatDateTime } from '../../../shared/time/format.ts';
import { apiRequest } from '../../api-client.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { AccountsNav } from './AccountsNav.tsx';

/**
 * /admin/cuentas/avisos: the services each readings import warned of high consumption, the most
 * recent import first, with what was compared and whether the mail went (or why not), for the
 * phone and the counter. The warnings of one import share their time (consumption/warnings.ts).
 */
export default function ConsumptionWarnings() {
  const warnings = useQuery({
    queryKey: ['consumption-warnings'],
    queryFn: ({ signal }) => apiRequest('/api/admin/accounts/warnings', ConsumptionWarningsSchema, { signal }),
  });

  return (
    <>
      <PageTitle>Avisos de consumo alto</PageTitle>
      <AccountsNav />
      <p className="screen-intro">
        Cuando una importación de lecturas trae un período con al menos el doble del promedio de las últimas seis
        lecturas reales del servicio, y al menos 10 m³ más, el sitio avisa una vez al correo de contacto del titular.
      </p>
      <QueryView query={warnings}>
        {({ warnings: rows }) =>
          rows.length === 0 ? (
            <p className="empty">Ninguna importación de lecturas ha generado avisos.</p>
          ) : (
            byImport(rows).map(([warnedAt, group]) => (
              <DataTable
                key={warnedAt}
                caption={`Importación del ${formatDateTime(warnedAt)} (${group.length} ${group.length === 1 ? 'aviso' : 'avisos'})`}
                columns={columns}
                rows={group}
                rowKey={(warning) => `${warning.service_number} ${warning.period}`}
              />
            ))
          )
        }
      </QueryView>
    </>
  );
}

/** The warnings, already the most recent first, grouped by the import that wrote them. */
function byImport(rows: readonly ConsumptionWarning[]): [string, ConsumptionWarning[]][] {
  const groups = new Map<string, ConsumptionWarning[]>();
  for (const row of rows) groups.set(row.warned_at, [...(groups.get(row.warned_at) ?? []), row]);
  return [...groups.entries()];
}

const m3 = (value: number) => `${value.toLocaleString('es-CL', { maximumFractionDigits: 1 })} m³`;

const columns: Column<ConsumptionWarning>[] = [
  { header: 'Servicio', rowHeader: true, className: 'nowrap', cell: (warning) => warning.service_number },
  { header: 'Período', className: 'nowrap', cell: (warning) => warning.period },
  { header: 'Consumo', className: 'nowrap', cell: (warning) => m3(warning.consumption_m3) },
  {
    header: 'Promedio',
    cell: (warning) => (
      <>
        {m3(warning.average_m3)}
        <span className="muted"> ({warning.readings} lecturas reales)</span>
      </>
    ),
  },
  {
    header: 'Correo',
    cell: (warning) => (warning.sent ? 'Enviado' : `No enviado: ${notSentLabels[warning.not_sent ?? 'sin-correo']}`),
  },
];

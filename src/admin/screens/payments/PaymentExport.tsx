import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/time/format.ts';
import { billStatuses, PaymentFiltersSchema } from '../../../shared/payments/admin/schema.ts';
import { apiDownload, failureMessage } from '../../api-client.ts';
import { SummaryList } from '../../components/SummaryList.tsx';
import { saveFile } from '../../../ui/downloads.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { filtersFrom, queryOf } from '../../url-filters.ts';

type State =
  | { state: 'idle' }
  | { state: 'downloading' }
  | { state: 'done'; fileName: string }
  | { state: 'failed'; message: string };

/** /admin/pagos/exportar: every payment matching the list's filters, as CSV. */
export default function PaymentExport() {
  const [params] = useSearchParams();
  const filters = filtersFrom(PaymentFiltersSchema, params);
  const search = queryOf(filters, { withPage: false });
  const [download, setDownload] = useState<State>({ state: 'idle' });

  const start = async () => {
    setDownload({ state: 'downloading' });
    try {
      const { blob, fileName } = await apiDownload(`/api/admin/payments/export${search}`, 'pagos-webpay.csv');
      saveFile(blob, fileName);
      setDownload({ state: 'done', fileName });
    } catch (error) {
      setDownload({ state: 'failed', message: failureMessage(error) });
    }
  };

  const filterRows: [label: string, value: string][] = [
    ['Desde', filters.from && formatDate(filters.from)],
    ['Hasta', filters.to && formatDate(filters.to)],
    ['Estado', filters.status && billStatuses[filters.status]],
    ['Número de servicio', filters.serviceNumber],
    ['Atención', filters.attention && 'Requieren atención'],
  ];
  const chosen = filterRows.filter(([, value]) => value);

  return (
    <>
      <PageTitle>Exportar pagos</PageTitle>
      <p>
        El archivo CSV (UTF-8, columnas separadas por punto y coma, como lo abre Excel en Chile) tiene todos los pagos
        que cumplen estos filtros, no solo la página que se ve en la lista.
      </p>
      {chosen.length > 0 ? <SummaryList rows={chosen} /> : <p>Sin filtros: se exportan todos los pagos.</p>}
      <div className="form__actions">
        <button
          type="button"
          className="button"
          disabled={download.state === 'downloading'}
          onClick={() => void start()}
        >
          {download.state === 'downloading' && <span className="spinner" aria-hidden="true" />}
          {download.state === 'downloading' ? 'Preparando archivo…' : 'Descargar CSV'}
        </button>
        <Link to={`/admin/pagos${search}`} className="button button--secondary">
          Volver a Pagos Webpay
        </Link>
      </div>
      <div role="status">{download.state === 'done' && <p>Archivo descargado: {download.fileName}</p>}</div>
      <div role="alert">{download.state === 'failed' && <p className="form-error">{download.message}</p>}</div>
    </>
  );
}

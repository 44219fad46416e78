import { useState } from 'react';
import { affectedFileName, affectedPath } from '../../../shared/outages/admin/affected.ts';
import type { AdminOutage } from '../../../shared/outages/admin/schema.ts';
import { saveFile } from '../../../ui/downloads.ts';
import { apiDownload, failureMessage } from '../../api-client.ts';

type State =
  | { state: 'idle' }
  | { state: 'downloading' }
  | { state: 'done'; fileName: string }
  | { state: 'failed'; message: string };

/**
 * A restored outage's afectados.csv, for the billing system. Fetched with the bearer token, which
 * a plain link cannot send, as the payments' export is (PaymentExport.tsx); a refusal (no real
 * times yet) is shown as the server words it.
 */
export function AffectedExport({ outage }: { outage: AdminOutage }) {
  const [download, setDownload] = useState<State>({ state: 'idle' });
  const start = async () => {
    setDownload({ state: 'downloading' });
    try {
      const { blob, fileName } = await apiDownload(affectedPath(outage.id), affectedFileName(outage.id));
      saveFile(blob, fileName);
      setDownload({ state: 'done', fileName });
    } catch (error) {
      setDownload({ state: 'failed', message: failureMessage(error) });
    }
  };
  return (
    <section aria-labelledby="afectados">
      <h2 id="afectados">Cuentas afectadas</h2>
      <p>
        Cada cuenta de {outage.townName} con sus días sin suministro por este corte y, cuando se conoce su boleta
        anterior, el crédito estimado, para que el sistema de facturación lo abone.
      </p>
      <button type="button" className="button" disabled={download.state === 'downloading'} onClick={() => void start()}>
        {download.state === 'downloading' && <span className="spinner" aria-hidden="true" />}
        Descargar afectados (CSV)
      </button>
      <div role="status">{download.state === 'done' && <p>Archivo descargado: {download.fileName}</p>}</div>
      <div role="alert">{download.state === 'failed' && <p className="form-error">{download.message}</p>}</div>
    </section>
  );
}

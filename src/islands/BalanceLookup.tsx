import { useState, type SubmitEvent } from 'react';
import { billingMessages, formatAmount, formatDate } from '../shared/billing.ts';
import { postJson } from './api.ts';
import { useHydrated } from './use-hydrated.ts';

interface BalanceData {
  saldo: number;
  install_address: string;
  expiration_date: string | null;
  doc_url: string | null;
}

/** /boleta (spec §2 Mi boleta, §7 POST /api/ticket, §8). */
export default function BalanceLookup() {
  const [serviceNumber, setServiceNumber] = useState('');
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<BalanceData>();
  const [error, setError] = useState<string>();
  const hydrated = useHydrated();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLoading(true);
    setError(undefined);
    setResult(undefined);
    // Spec §5: the service number is sent as typed; the server answers for it.
    const { status, body } = await postJson<{ message?: string; data?: BalanceData }>('/api/ticket', {
      service_number: serviceNumber,
    });
    setLoading(false);
    if (status !== 200) setError(billingMessages.balanceFailed);
    else if (body?.success !== true || !body.data) setError(body?.message || billingMessages.balanceFailed);
    else setResult(body.data);
  };

  return (
    <div className="balance">
      <form className="form form--inline" noValidate onSubmit={onSubmit} aria-busy={loading}>
        <div className="field">
          <label htmlFor="service_number">Número de servicio</label>
          <p id="service_number-hint" className="field__hint">
            Aparece en su boleta, sin dígito verificador.
          </p>
          <input
            id="service_number"
            name="service_number"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby="service_number-hint"
            value={serviceNumber}
            onChange={(event) => setServiceNumber(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={!hydrated || loading}>
          {loading && <span className="spinner" aria-hidden="true" />}
          Consultar Saldo
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {result && (
          <dl className="balance__result">
            <div>
              <dt>Saldo</dt>
              <dd>{formatAmount(result.saldo)}</dd>
            </div>
            <div>
              <dt>Dirección de instalación</dt>
              <dd>{result.install_address}</dd>
            </div>
            <div>
              <dt>Fecha de vencimiento</dt>
              <dd>{result.expiration_date ? formatDate(result.expiration_date) : 'Sin vencimiento pendiente'}</dd>
            </div>
            {result.doc_url && (
              <div>
                <dt>Boleta</dt>
                <dd>
                  <a href={result.doc_url} target="_blank" rel="noopener">
                    Ver boleta<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import type { PersonCase } from '../../../shared/payments/admin/schema.ts';
import { ManualCaseSummary } from './ManualCaseSummary.tsx';

/**
 * Above Pagos Webpay, whatever its filters: the bills the reconciliation handed to a person,
 * each with what staff need to settle it and the way to record how they did.
 */
export function PersonCases({ cases, search }: { cases: PersonCase[]; search: string }) {
  if (cases.length === 0) return null;
  return (
    <section aria-labelledby="gestion-manual" className="attention-notice manual-cases">
      <h2 id="gestion-manual">Pagos que requieren gestión manual ({cases.length})</h2>
      <p>
        La verificación automática ya no puede resolverlos. Revíselos con Transbank por su orden de compra o su token y
        registre cómo se resolvió cada uno.
      </p>
      {cases.map((item) => (
        <article key={item.bill_id} aria-labelledby={`caso-${item.bill_id}`} className="manual-case">
          <h3 id={`caso-${item.bill_id}`}>Orden {item.buy_order}</h3>
          <ManualCaseSummary
            manual={item.manual}
            buyOrder={item.buy_order}
            serviceNumber={item.service_number}
            amount={item.amount}
            chargedAmount={item.charged_amount}
            createdAt={item.created_at}
            transactionDate={item.transaction_date}
            refundAttempts={item.refund_attempts}
            webpayError={item.webpay_error}
          />
          <p>
            <Link to={`${item.bill_id}/detalle`} state={{ search }}>
              Registrar resolución<span className="visually-hidden"> de la orden {item.buy_order}</span>
            </Link>
          </p>
        </article>
      ))}
    </section>
  );
}

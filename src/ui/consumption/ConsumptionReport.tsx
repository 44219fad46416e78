import type { ConsumptionAnswer, ConsumptionPeriod, Explanation } from '../../shared/consumption/schema.ts';
import { leakTestSteps, readingTypeLabels } from '../../shared/consumption/texts.ts';
import { formatAmount } from '../../shared/payments/texts.ts';
import { longMonth } from '../../shared/time/long-date.ts';
import { formatDate } from '../../shared/time/format.ts';
import { ConsumptionChart } from './ConsumptionChart.tsx';

/** A change in pesos with its sign: "+$6.240", "−$1.200". */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatAmount(Math.abs(amount))}`;

function ExplanationBlock({ explanation, periods }: { explanation: Explanation; periods: ConsumptionPeriod[] }) {
  const total = (period: string) => periods.find((candidate) => candidate.period === period)?.total ?? 0;
  const { from, to, difference, parts } = explanation;
  return (
    <div className="consumption-explanation">
      <h3>Frente a {longMonth(from)}</h3>
      <p>
        Su boleta de {longMonth(to)} es de <strong>{formatAmount(total(to))}</strong>
        {difference === 0
          ? `, igual que la de ${longMonth(from)}.`
          : `: ${formatAmount(Math.abs(difference))} ${difference > 0 ? 'más' : 'menos'} que la de ${longMonth(from)} (${formatAmount(total(from))}).`}
      </p>
      {parts.length > 0 && (
        <ul className="consumption-explanation__parts">
          {parts.map((part) => (
            <li key={part.cause} data-cause={part.cause}>
              <span className={`consumption-explanation__amount${part.amount > 0 ? ' is-up' : ''}`}>
                {signed(part.amount)}
              </span>{' '}
              {part.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface ConsumptionReportProps {
  answer: ConsumptionAnswer;
  serviceNumber: string;
  /** The public page offers the reclamo and the leak test; staff read the same view without them. */
  actions: boolean;
}

/**
 * Mi consumo's view of a service (docs/features/consumption.md): the chart and its table, why the
 * last bill changed, what the site's records show in the town, and what to do. Rendered by the
 * /consumo page's function and by the admin's Cuentas; it holds no holder data to show.
 */
export function ConsumptionReport({ answer, serviceNumber, actions }: ConsumptionReportProps) {
  const { periods, explanation, yearEarlier, events } = answer;
  const last = periods.at(-1);
  if (!last)
    return (
      <p className="consumption-empty">
        Aún no tenemos lecturas del servicio {serviceNumber}. Aparecen aquí cuando se emite su próxima boleta.
      </p>
    );
  return (
    <div className="consumption-report">
      <section aria-labelledby="consumo-historial">
        <h2 id="consumo-historial">
          Consumo del servicio {serviceNumber}, {longMonth(periods[0]!.period)} a {longMonth(last.period)}
        </h2>
        <figure className="consumption-figure">
          <ConsumptionChart periods={periods} titleId="consumo-grafico" />
          <figcaption id="consumo-grafico">
            Metros cúbicos de cada boleta; las barras rayadas son lecturas estimadas. La tabla tiene las mismas cifras.
          </figcaption>
        </figure>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable) */}
        <div className="table-scroll" role="region" aria-labelledby="consumo-tabla" tabIndex={0}>
          <table className="consumption-table">
            <caption id="consumo-tabla" className="visually-hidden">
              Consumo y total de cada boleta, la más reciente primero
            </caption>
            <thead>
              <tr>
                <th scope="col">Periodo</th>
                <th scope="col">Consumo</th>
                <th scope="col">Lectura</th>
                <th scope="col">Total</th>
                <th scope="col">Vencimiento</th>
                <th scope="col">Boleta</th>
              </tr>
            </thead>
            <tbody>
              {[...periods].reverse().map((period) => (
                <tr key={period.period} className={period.reading_type === 'estimada' ? 'is-estimated' : undefined}>
                  <th scope="row">{longMonth(period.period)}</th>
                  <td>{period.consumption_m3} m³</td>
                  <td>{readingTypeLabels[period.reading_type]}</td>
                  <td>{formatAmount(period.total)}</td>
                  <td>{formatDate(period.due_date)}</td>
                  <td>
                    {period.doc_url ? (
                      <a href={period.doc_url} target="_blank" rel="noopener">
                        Ver boleta
                        <span className="visually-hidden">
                          {' '}
                          de {longMonth(period.period)} (se abre en una pestaña nueva)
                        </span>
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="consumo-por-que">
        <h2 id="consumo-por-que">¿Por qué cambió mi boleta?</h2>
        {explanation ? (
          <ExplanationBlock explanation={explanation} periods={periods} />
        ) : (
          <p>Con una sola boleta aún no hay con qué compararla.</p>
        )}
        {yearEarlier ? (
          <ExplanationBlock explanation={yearEarlier} periods={periods} />
        ) : (
          explanation && <p>No tenemos la boleta del mismo mes del año pasado para compararla.</p>
        )}
        {events.length > 0 && (
          <>
            <h3>En su localidad durante el periodo</h3>
            <ul className="consumption-events">
              {events.map((event) => (
                <li key={`${event.kind}-${event.date}-${event.title}`} data-kind={event.kind}>
                  <strong>
                    {event.title}, desde el {formatDate(event.date)}.
                  </strong>{' '}
                  {event.text}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {actions && (
        <section aria-labelledby="consumo-que-hacer" className="no-print">
          <h2 id="consumo-que-hacer">Qué puede hacer</h2>
          <h3>Revise si hay una fuga</h3>
          <ol>
            {leakTestSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h3>Si su boleta no corresponde</h3>
          <p>
            Haga un reclamo: lo atiende Atención ciudadana en un plazo de 10 días hábiles y puede seguirlo en{' '}
            <a href="/seguimiento">Seguimiento</a> con el número de referencia que le daremos.
          </p>
          <p className="consumption-actions">
            <a
              className="button"
              href={`/reclamos?servicio=${encodeURIComponent(serviceNumber)}&periodo=${encodeURIComponent(last.period)}`}
            >
              Reclamar por la boleta de {longMonth(last.period)}
            </a>
            {last.doc_url && (
              <a className="button button--secondary" href={last.doc_url} target="_blank" rel="noopener">
                Ver la boleta en PDF<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            )}
          </p>
        </section>
      )}
    </div>
  );
}

import { formatAmount } from '../../shared/payments/texts.ts';
import { historyTexts as texts } from '../../shared/outages/history-texts.ts';
import { chileDay } from '../../shared/time/format.ts';
import type { OutageLookupHistory } from '../../shared/outages/schema.ts';
import { formatDuration, formatSupplyDays } from '../../shared/outages/supply-days-texts.ts';

/**
 * ¿Me afecta?'s history (POST /api/outages/lookup's `history`): the outages of the service's town in
 * the last 12 months with their real duration and days without supply (Ley 19.496 art. 25 A), the
 * total, how it is counted and, when the previous bill is known, the estimate. Loaded with the first
 * answer (OutagesBoard.tsx), so /cortes' first load does not carry it.
 */
export default function LookupHistory({ history, townName }: { history: OutageLookupHistory; townName: string }) {
  return (
    <section className="lookup-history" aria-labelledby="cortes-historial-servicio">
      <h3 id="cortes-historial-servicio">{texts.lookupHeading(townName)}</h3>
      {history.outages.length === 0 ? (
        <p>{texts.lookupNone}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable)
        <div className="table-scroll" role="region" aria-labelledby="cortes-historial-servicio-tabla" tabIndex={0}>
          <table className="table lookup-history__table">
            <caption id="cortes-historial-servicio-tabla">{texts.lookupCaption(townName, history.since)}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.columns.date}</th>
                <th scope="col">{texts.columns.sectors}</th>
                <th scope="col">{texts.columns.realDuration}</th>
                <th scope="col">{texts.columns.days}</th>
              </tr>
            </thead>
            <tbody>
              {history.outages.map((outage) => (
                <tr key={outage.id}>
                  <td className="nowrap">{chileDay(outage.stoppedAt)}</td>
                  <th scope="row">{outage.sectors}</th>
                  <td>{formatDuration(outage.hours)}</td>
                  <td>{outage.forceMajeure ?? formatSupplyDays(outage.supplyDays)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {texts.total}
                </th>
                <td>{formatSupplyDays(history.totalDays)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p>{texts.formula(history.formula)}</p>
      <p>{history.rule}</p>
      {history.estimate && (
        <p className="notice">
          <strong>{texts.estimate(formatAmount(history.estimate.amount))}</strong> {history.estimate.note}
        </p>
      )}
      <p>
        <a href="/cortes/historial">{texts.allTowns}</a>
      </p>
    </section>
  );
}

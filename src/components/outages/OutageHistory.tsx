import {
  announcedDuration,
  historyTexts as texts,
  noticeText,
  realDuration,
} from '../../shared/outages/history-texts.ts';
import { formatDate } from '../../shared/time/format.ts';
import { causeClassLabels, type OutageHistoryEntry, type OutageHistoryTown } from '../../shared/outages/schema.ts';
import { chileMinute } from '../../shared/time/format.ts';
import { supplyDays } from '../../shared/outages/supply-days.ts';
import { forceMajeureNote, formatSupplyDays } from '../../shared/outages/supply-days-texts.ts';
import { FigureBars } from '../charts/FigureBars.tsx';

/**
 * /cortes/historial's tables, rendered by the server into the prerendered page
 * (src/filled-pages/outages-history.ts): static markup, no island, so the page loads no JavaScript.
 * Above them, each town's number of outages drawn as bars (FigureBars), the tables its text.
 */
export default function OutageHistory({ since, towns }: { since: string; towns: OutageHistoryTown[] }) {
  const counts = towns.map((town) => town.outages.length);
  return (
    <div className="outage-history">
      <p>Cortes publicados desde el {formatDate(since)} hasta hoy, los más recientes primero.</p>
      <FigureBars
        title={texts.chart}
        bars={towns.map((town, index) => ({ label: town.name, value: counts[index]!, text: String(counts[index]) }))}
        max={Math.max(0, ...counts)}
      />
      {towns.map((town) => (
        <section key={town.slug} aria-labelledby={`historial-${town.slug}`}>
          <h2 id={`historial-${town.slug}`}>{town.name}</h2>
          {town.outages.length === 0 ? <p>{texts.noOutages(town.name)}</p> : <TownTable town={town} since={since} />}
        </section>
      ))}
    </div>
  );
}

function TownTable({ town, since }: { town: OutageHistoryTown; since: string }) {
  const captionId = `historial-${town.slug}-tabla`;
  const { columns } = texts;
  return (
    // Wider than a phone, it scrolls sideways (src/admin/components/TableFrame.tsx does the same).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable)
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table outage-history__table">
        <caption id={captionId}>{texts.caption(town.name, since)}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.sectors}</th>
            <th scope="col">{columns.kind}</th>
            <th scope="col">{columns.announced}</th>
            <th scope="col">{columns.announcedDuration}</th>
            <th scope="col">{columns.real}</th>
            <th scope="col">{columns.realDuration}</th>
            <th scope="col">{columns.days}</th>
            <th scope="col">{columns.notice}</th>
          </tr>
        </thead>
        <tbody>
          {town.outages.map((outage) => (
            <tr key={outage.id} id={`historial-corte-${outage.id}`}>
              <th scope="row">{outage.sectors}</th>
              <td>{causeClassLabels[outage.causeClass]}</td>
              <td>
                <Window from={outage.startsAt} to={outage.endsAt} />
              </td>
              <td>{announcedDuration(outage)}</td>
              <td>
                {outage.stoppedAt && outage.restoredAt ? (
                  <Window from={outage.stoppedAt} to={outage.restoredAt} />
                ) : (
                  realDuration(outage)
                )}
              </td>
              <td>{realDuration(outage)}</td>
              <td>{daysText(outage)}</td>
              <td>{noticeText(outage)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "05-03-2026 09:00 a 05-03-2026 13:00", each time unbroken (a narrow column broke it at its hyphens). */
function Window({ from, to }: { from: string; to: string }) {
  return (
    <>
      <span className="nowrap">{chileMinute(from)}</span> a <span className="nowrap">{chileMinute(to)}</span>
    </>
  );
}

/** Art. 25 A's days of one outage on its own, or why none: force majeure, or no real times. */
function daysText(outage: OutageHistoryEntry): string {
  if (!outage.stoppedAt || !outage.restoredAt) return realDuration(outage);
  if (outage.forceMajeureResolution) return forceMajeureNote(outage.forceMajeureResolution);
  return formatSupplyDays(
    supplyDays({ stoppedAt: outage.stoppedAt, restoredAt: outage.restoredAt, forceMajeureResolution: null }),
  );
}

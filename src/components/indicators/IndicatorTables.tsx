import type { ReactNode } from 'react';
import type { Indicators, Share, TownIndicators } from '../../shared/indicators/schema.ts';
import {
  formatBusinessDays,
  formatShare,
  indicatorTexts as texts,
  NO_DATA,
  OTHER_LOCALITIES,
  sharePercent,
} from '../../shared/indicators/texts.ts';
import { chileDay, chileMinute } from '../../shared/time/format.ts';
import { formatDuration } from '../../shared/outages/supply-days-texts.ts';
import { FigureBars } from '../charts/FigureBars.tsx';

/**
 * /indicadores' figures as tables, rendered by the server into the prerendered page
 * (src/filled-pages/indicators.ts): static markup, no island, so the page loads no JavaScript.
 * Each table is described by the sentence under it that says how its figures are computed, and
 * one of its figures is drawn above it by town (FigureBars), the table its text equivalent.
 */

type Column = [header: string, cell: (row: TownIndicators) => ReactNode];

/** The figure a table's chart draws by town: its header in the table, its length and its text. */
interface Chart {
  title: string;
  value: (row: TownIndicators) => number | null;
  text: (row: TownIndicators) => string;
  /** The longest bar's value: 100 for a share, else the largest town's. */
  max?: number;
}

/** A share as a chart draws it: its exact percentage, written as the table writes it; no data when it counts nothing. */
const shareChart = (title: string, share: (row: TownIndicators) => Share): Chart => ({
  title,
  value: (row) => {
    const { count, of } = share(row);
    return of === 0 ? null : (count / of) * 100;
  },
  text: (row) => {
    const percent = sharePercent(share(row));
    return percent === null ? NO_DATA : `${percent} %`;
  },
  max: 100,
});

function FigureTable({
  id,
  title,
  method,
  columns,
  rows,
  total,
  towns,
  chart,
}: {
  id: string;
  title: string;
  method: string;
  columns: Column[];
  rows: { name: string; cells: ReactNode[] }[];
  total: TownIndicators;
  /** The towns the chart draws, in the table's order. */
  towns: TownIndicators[];
  chart: Chart;
}) {
  const values = towns.map(chart.value);
  // The scrolling frame is the region the heading names (one landmark per table, focusable to scroll).
  return (
    <section className="indicators__figure">
      <h2 id={id}>{title}</h2>
      <FigureBars
        title={chart.title}
        bars={towns.map((town, index) => ({ label: town.townName, value: values[index]!, text: chart.text(town) }))}
        max={chart.max ?? Math.max(0, ...values.map((value) => value ?? 0))}
      />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table
          className={
            columns.length > 1 ? 'table indicators__table' : 'table indicators__table indicators__table--narrow'
          }
          aria-describedby={`${id}-metodo`}
        >
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.town}</th>
              {columns.map(([header]) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                {row.cells.map((cell, index) => (
                  <td key={columns[index]![0]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{total.townName}</th>
              {columns.map(([header, cell]) => (
                <td key={header}>{cell(total)}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p id={`${id}-metodo`} className="indicators__method">
        {method}
      </p>
    </section>
  );
}

const byTown = (indicators: Indicators, columns: Column[]) =>
  indicators.towns.map((row) => ({ name: row.townName, cells: columns.map(([, cell]) => cell(row)) }));

const outageColumns: Column[] = [
  [texts.outages.planned, (row) => row.outages.planned],
  [texts.outages.unplanned, (row) => row.outages.unplanned],
  [texts.outages.forceMajeure, (row) => row.outages.forceMajeure],
  [texts.outages.total, (row) => row.outages.total],
];

const durationColumns: Column[] = [
  [texts.durations.measured, (row) => row.durations.measured],
  [texts.durations.unmeasured, (row) => row.durations.unmeasured],
  [
    texts.durations.median,
    (row) => (row.durations.medianHours === null ? NO_DATA : formatDuration(row.durations.medianHours)),
  ],
  [texts.durations.within12, (row) => formatShare(row.durations.restoredWithin12Hours)],
];

const noticeColumns: Column[] = [[texts.notice.announced, (row) => formatShare(row.plannedNotice)]];

const complaintColumns: Column[] = [
  [texts.complaints.received, (row) => row.complaints.received],
  [texts.complaints.answered, (row) => row.complaints.answered],
  [texts.complaints.pending, (row) => row.complaints.pending],
  [texts.complaints.within, (row) => formatShare(row.complaints.answeredWithin10BusinessDays)],
  [texts.complaints.average, (row) => formatBusinessDays(row.complaints.averageBusinessDaysToAnswer)],
];

/** The period, then one table per figure: by town in the towns' order, the total last. */
export function IndicatorTables({ indicators }: { indicators: Indicators }) {
  const others = { ...indicators.total, complaints: indicators.otherLocalities.complaints };
  return (
    <div className="indicators">
      <p className="indicators__period">
        {texts.period(chileDay(indicators.since), chileDay(indicators.until))}{' '}
        {texts.generated(chileMinute(indicators.until))}
      </p>
      <FigureTable
        id="indicadores-cortes"
        title={texts.outages.title}
        method={texts.outages.method}
        columns={outageColumns}
        rows={byTown(indicators, outageColumns)}
        total={indicators.total}
        towns={indicators.towns}
        chart={{
          title: texts.outages.chart,
          value: (row) => row.outages.total,
          text: (row) => String(row.outages.total),
        }}
      />
      <FigureTable
        id="indicadores-duracion"
        title={texts.durations.title}
        method={texts.durations.method}
        columns={durationColumns}
        rows={byTown(indicators, durationColumns)}
        total={indicators.total}
        towns={indicators.towns}
        chart={shareChart(texts.durations.within12, (row) => row.durations.restoredWithin12Hours)}
      />
      <FigureTable
        id="indicadores-aviso"
        title={texts.notice.title}
        method={texts.notice.method}
        columns={noticeColumns}
        rows={byTown(indicators, noticeColumns)}
        total={indicators.total}
        towns={indicators.towns}
        chart={shareChart(texts.notice.announced, (row) => row.plannedNotice)}
      />
      <FigureTable
        id="indicadores-reclamos"
        title={texts.complaints.title}
        method={texts.complaints.method}
        columns={complaintColumns}
        rows={[
          ...byTown(indicators, complaintColumns),
          { name: OTHER_LOCALITIES, cells: complaintColumns.map(([, cell]) => cell(others)) },
        ]}
        total={indicators.total}
        towns={indicators.towns}
        chart={shareChart(texts.complaints.within, (row) => row.complaints.answeredWithin10BusinessDays)}
      />
    </div>
  );
}

import type { ConsumptionPeriod } from '../../shared/consumption/schema.ts';
import { periodMonth } from '../../shared/time/billing-period.ts';

// The drawing's own units: narrow, so that its text stays readable when a phone scales it to 360 px.
const WIDTH = 480;
const HEIGHT = 240;
const PLOT = { left: 44, right: 8, top: 24, bottom: 40 };

/** A round top for the axis above the largest bar: 1, 2 or 5 times a power of ten, in four steps. */
function axisTop(largest: number): number {
  const step = Math.max(1, largest / 4);
  const power = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 5, 10].find((factor) => factor * power >= step)! * power;
  return nice * 4;
}

/**
 * The periods' m³ as bars, drawn on the server (no chart script in the browser), an estimated
 * reading hatched; every third month named from the last, the last bar with its figure. The table
 * beside it is its text equivalent: the drawing is one image with a one-line description.
 */
export function ConsumptionChart({ periods, titleId }: { periods: ConsumptionPeriod[]; titleId: string }) {
  const top = axisTop(Math.max(0, ...periods.map((period) => period.consumption_m3)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, periods.length);
  const y = (m3: number) => PLOT.top + plotHeight - (m3 / top) * plotHeight;
  const last = periods.length - 1;
  // Every third month from the last is named; its year, where it differs from the month named before.
  const named = (index: number) => (last - index) % 3 === 0;
  const firstNamed = periods.findIndex((_, index) => named(index));
  const yearShown = (index: number) =>
    index === firstNamed || periods[index]!.period.slice(0, 4) !== periods[index - 3]?.period.slice(0, 4);
  return (
    <svg
      className="consumption-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <pattern
          id="consumption-estimated"
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" className="consumption-chart__estimated-ground" />
          <line x1="0" y1="0" x2="0" y2="6" className="consumption-chart__estimated-line" />
        </pattern>
      </defs>
      {[0, 1, 2, 3, 4].map((step) => {
        const value = (top / 4) * step;
        return (
          <g key={step} className="consumption-chart__grid">
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} />
            <text x={PLOT.left - 6} y={y(value) + 5} textAnchor="end">
              {value}
            </text>
          </g>
        );
      })}
      <text className="consumption-chart__unit" x={PLOT.left - 6} y={PLOT.top - 10} textAnchor="end">
        m³
      </text>
      {periods.map((period, index) => {
        const x = PLOT.left + index * slot + slot * 0.15;
        const width = slot * 0.7;
        const height = Math.max(0, y(0) - y(period.consumption_m3));
        return (
          <g key={period.period}>
            <rect
              className={`consumption-chart__bar consumption-chart__bar--${period.reading_type}`}
              x={x}
              y={y(0) - height}
              width={width}
              height={height}
              {...(period.reading_type === 'estimada' ? { fill: 'url(#consumption-estimated)' } : {})}
            />
            {named(index) && (
              <text
                className="consumption-chart__month"
                x={x + width / 2}
                y={HEIGHT - PLOT.bottom + 18}
                textAnchor="middle"
              >
                {periodMonth(period.period)}
              </text>
            )}
            {named(index) && yearShown(index) && (
              <text className="consumption-chart__year" x={x + width / 2} y={HEIGHT - 4} textAnchor="middle">
                {period.period.slice(0, 4)}
              </text>
            )}
            {index === last && (
              <text
                className="consumption-chart__figure"
                x={x + width / 2}
                y={y(period.consumption_m3) - 6}
                textAnchor="middle"
              >
                {period.consumption_m3}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * One figure by town as horizontal bars, drawn on the server into a filled page (/indicadores,
 * /cortes/historial): an SVG, no chart script in the browser. The table beside it stays the figures' text equivalent, so
 * the drawing is one image named by its title, and each bar carries its figure as written in the
 * table. A town without data has no bar and says so.
 */

export interface FigureBar {
  label: string;
  /** The bar's length in the chart's unit; null for no data. */
  value: number | null;
  /** The figure as the table writes it ("75 %", "12"). */
  text: string;
}

// The drawing's own units: a phone's width, so that its text shows at about its own size there.
const WIDTH = 360;
const ROW = 26;
const LABEL_END = 118;
const BAR_START = 126;
const BAR_END = 310;

export function FigureBars({ title, bars, max }: { title: string; bars: FigureBar[]; max: number }) {
  const height = bars.length * ROW + 8;
  const length = (value: number) => (max > 0 ? (value / max) * (BAR_END - BAR_START) : 0);
  return (
    <figure className="figure-bars">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`Gráfico: ${title}. Las cifras están en la tabla.`}
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((bar, index) => {
          const y = 4 + index * ROW;
          const width = bar.value === null ? 0 : length(bar.value);
          return (
            <g key={bar.label}>
              <text x={LABEL_END} y={y + 17} textAnchor="end">
                {bar.label}
              </text>
              {bar.value !== null && (
                <rect className="figure-bars__bar" x={BAR_START} y={y + 5} width={width} height={ROW - 9} rx={2} />
              )}
              <text className="figure-bars__figure" x={BAR_START + width + 5} y={y + 17}>
                {bar.text}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

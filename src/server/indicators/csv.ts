import { stringify } from 'csv-stringify/sync';
import type { Indicators, Share, TownIndicators } from '../../shared/indicators/schema.ts';
import { OTHER_LOCALITIES } from '../../shared/indicators/texts.ts';
import { csvOptions, type CsvDialect } from '../csv-export.ts';

/**
 * /indicadores.csv (for programs) and /indicadores-excel.csv (for a spreadsheet), each in its
 * dialect (csv-export.ts): a header row, one row per town and figure and then the total's, an
 * empty value where the page says "sin datos". A share's row carries its two counts, and its
 * value as a percentage with two decimals.
 */

type Cell = string | number | null;
type Figure = [indicator: string, value: Cell, numerator?: number, denominator?: number];

const HEADER = ['localidad', 'nombre', 'indicador', 'valor', 'numerador', 'denominador'];

const twoDecimals = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const percentage = (indicator: string, { count, of }: Share): Figure => [
  indicator,
  of === 0 ? null : twoDecimals((count / of) * 100),
  count,
  of,
];

const complaintFigures = ({ complaints }: Pick<TownIndicators, 'complaints'>): Figure[] => [
  ['reclamos_recibidos', complaints.received],
  ['reclamos_respondidos', complaints.answered],
  ['reclamos_sin_responder_en_plazo', complaints.pending],
  percentage('reclamos_respondidos_en_10_dias_habiles_pct', complaints.answeredWithin10BusinessDays),
  ['reclamos_promedio_dias_habiles_respuesta', twoDecimals(complaints.averageBusinessDaysToAnswer)],
];

const figures = (row: TownIndicators): Figure[] => [
  ['cortes_programados', row.outages.planned],
  ['cortes_no_programados', row.outages.unplanned],
  ['cortes_fuerza_mayor', row.outages.forceMajeure],
  ['cortes_total', row.outages.total],
  ['cortes_con_horas_reales', row.durations.measured],
  ['cortes_sin_horas_reales', row.durations.unmeasured],
  ['duracion_mediana_horas', twoDecimals(row.durations.medianHours)],
  percentage('restablecidos_en_12_horas_pct', row.durations.restoredWithin12Hours),
  percentage('programados_avisados_48_horas_pct', row.plannedNotice),
  ...complaintFigures(row),
];

export function indicatorsCsv(indicators: Indicators, dialect: CsvDialect): string {
  const lines = (town: string, name: string, rows: Figure[]) =>
    rows.map(([indicator, value, numerator, denominator]) => [
      town,
      name,
      indicator,
      value,
      numerator ?? null,
      denominator ?? null,
    ]);
  return stringify(
    [
      ...indicators.towns.flatMap((row) => lines(row.town, row.townName, figures(row))),
      ...lines('otras', OTHER_LOCALITIES, complaintFigures(indicators.otherLocalities)),
      ...lines(indicators.total.town, indicators.total.townName, figures(indicators.total)),
    ],
    // Town names are staff's text: the dialect lets none run as a formula in a spreadsheet.
    csvOptions(dialect, HEADER),
  );
}

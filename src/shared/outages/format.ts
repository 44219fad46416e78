import type { PublicOutage } from './schema.ts';
import { outageKindLabels, outageStatusLabels } from './schema.ts';
import { chileMinute } from '../time/format.ts';

/** One line naming the outage: "Corte programado en Coyhaique: Villa Los Ñires". */
export const outageTitle = (outage: PublicOutage): string =>
  `Corte ${outageKindLabels[outage.kind].toLowerCase()} en ${outage.townName}: ${outage.sectors}`;

/** The outage in plain text, as the feed and the calendar carry it. */
export function outageSummary(outage: PublicOutage): string {
  const lines = [
    `Localidad: ${outage.townName}`,
    `Sectores: ${outage.sectors}`,
    ...(outage.streets ? [`Calles: ${outage.streets}`] : []),
    `Inicio: ${chileMinute(outage.startsAt)}`,
    `Reposición estimada: ${chileMinute(outage.endsAt)}`,
    `Estado: ${outageStatusLabels[outage.status]}`,
    ...(outage.cause ? [`Causa: ${outage.cause}`] : []),
    ...outage.updates
      .slice(0, 1)
      .map((update) => `Última actualización (${chileMinute(update.createdAt)}): ${update.body}`),
    ...outage.supplyPoints.map(
      (point) => `Punto de abastecimiento: ${point.name}, ${point.address}${point.hours ? ` (${point.hours})` : ''}`,
    ),
  ];
  return lines.join('\n');
}

import type { PublicOutage } from './schema.ts';
import { outageKindLabels, outageStatusLabels } from './schema.ts';
import { AYSEN_TIME_ZONE } from '../time/zone.ts';

/** How /cortes, its feeds and its island write an outage's times: Aysén's clock, whatever the reader's. */

const chileParts = (iso: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('es-CL', {
      timeZone: AYSEN_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );

/** DD-MM-YYYY HH:mm, on Aysén's clock. */
export function formatOutageTime(iso: string): string {
  const parts = chileParts(iso);
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** HH:mm on Aysén's clock ("Actualizado a las HH:mm"). */
export function formatClock(iso: string): string {
  const parts = chileParts(iso);
  return `${parts.hour}:${parts.minute}`;
}

/** One line naming the outage: "Corte programado en Coyhaique: Villa Los Ñires". */
export const outageTitle = (outage: PublicOutage): string =>
  `Corte ${outageKindLabels[outage.kind].toLowerCase()} en ${outage.townName}: ${outage.sectors}`;

/** The outage in plain text, as the feed and the calendar carry it. */
export function outageSummary(outage: PublicOutage): string {
  const lines = [
    `Localidad: ${outage.townName}`,
    `Sectores: ${outage.sectors}`,
    ...(outage.streets ? [`Calles: ${outage.streets}`] : []),
    `Inicio: ${formatOutageTime(outage.startsAt)}`,
    `Reposición estimada: ${formatOutageTime(outage.endsAt)}`,
    `Estado: ${outageStatusLabels[outage.status]}`,
    ...(outage.cause ? [`Causa: ${outage.cause}`] : []),
    ...outage.updates
      .slice(0, 1)
      .map((update) => `Última actualización (${formatOutageTime(update.createdAt)}): ${update.body}`),
    ...outage.supplyPoints.map(
      (point) => `Punto de abastecimiento: ${point.name}, ${point.address}${point.hours ? ` (${point.hours})` : ''}`,
    ),
  ];
  return lines.join('\n');
}

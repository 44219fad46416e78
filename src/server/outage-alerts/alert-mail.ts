import { UNSUBSCRIBE_PATH } from '../../shared/outage-alerts/schema.ts';
import {
  outageKindLabels,
  outageStatusLabels,
  type OutageKind,
  type OutageStatus,
} from '../../shared/outages/schema.ts';
import { site } from '../../shared/site.ts';
import { chileDateTime } from '../../shared/time/format.ts';

/** A pending notice with what its mail says of the outage. */
export interface NoticeRow {
  id: string;
  outage_id: string;
  kind: 'published' | 'update' | 'closed';
  update_body: string | null;
  outage_kind: OutageKind;
  town: string;
  town_name: string;
  sectors: string;
  starts_at: string;
  ends_at: string;
  status: OutageStatus;
}

const kindWords = { programado: 'programado', emergencia: 'de emergencia' } as const satisfies Record<
  OutageKind,
  string
>;

/** The subject: what happened, where. */
export function alertSubject(notice: NoticeRow): string {
  const what = `Corte de agua ${kindWords[notice.outage_kind]} en ${notice.town_name}`;
  if (notice.kind === 'update') return `${what}: actualización`;
  if (notice.kind === 'closed') return `${what}: ${outageStatusLabels[notice.status].toLowerCase()}`;
  return what;
}

/** The body of one subscriber's alert; `unsubscribeToken` is that alert's own. */
export function alertText(notice: NoticeRow, origin: string, unsubscribeToken: string): string {
  return [
    notice.kind === 'update'
      ? `Hay novedades sobre el corte de agua en ${notice.town_name}:`
      : notice.kind === 'closed'
        ? `Terminó el corte de agua en ${notice.town_name}.`
        : `Publicamos un corte de agua en ${notice.town_name}.`,
    ...(notice.kind === 'update' && notice.update_body ? ['', notice.update_body] : []),
    '',
    `Localidad: ${notice.town_name}`,
    `Tipo: ${outageKindLabels[notice.outage_kind]}`,
    `Sectores afectados: ${notice.sectors}`,
    `Inicio: ${chileDateTime(notice.starts_at)}`,
    `Reposición estimada: ${chileDateTime(notice.ends_at)}`,
    `Estado: ${outageStatusLabels[notice.status]}`,
    '',
    'Todos los cortes, los puntos de abastecimiento de agua y las novedades:',
    `${origin}/cortes`,
    '',
    site.name,
    'Recibe este correo porque se suscribió a los avisos de cortes de agua y avisos sanitarios. Para no recibir más, anule su suscripción aquí:',
    `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken}`,
  ].join('\n');
}

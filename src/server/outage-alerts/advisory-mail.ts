import { restrictionLevelRules, type AdvisoryKind, type RestrictionLevel } from '../../shared/advisories/schema.ts';
import { advisoryName } from '../../shared/advisories/words.ts';
import { spanishList } from '../../shared/spanish-list.ts';
import { UNSUBSCRIBE_PATH } from '../../shared/outage-alerts/schema.ts';
import type { SupplyPoint } from '../../shared/outages/schema.ts';
import { site } from '../../shared/site.ts';
import { chileDateTime } from '../../shared/time/format.ts';

/** A pending notice of an aviso with what its mail says of it (notices.ts reads it). */
export interface AdvisoryNoticeRow {
  id: string;
  kind: 'published' | 'update' | 'lifted';
  update_body: string | null;
  advisory_id: string;
  advisory_kind: AdvisoryKind;
  restriction_level: RestrictionLevel | null;
  /** The towns' names, in /avisos' order. */
  town_names: string[];
  sectors: string;
  starts_at: string;
  ends_at: string | null;
  instructions: string;
  lift_message: string;
  lifted_at: string | null;
  supply_points: Pick<SupplyPoint, 'name' | 'address' | 'hours'>[];
}

const where = (notice: AdvisoryNoticeRow) => spanishList(notice.town_names);

/** "Aviso: Hervir el agua antes de consumirla en Puerto Aysén", then ": actualización" or "Aviso levantado: …". */
export function advisoryAlertSubject(notice: AdvisoryNoticeRow): string {
  const what = `${advisoryName(notice.advisory_kind, notice.restriction_level)} en ${where(notice)}`;
  if (notice.kind === 'lifted') return `Aviso levantado: ${what}`;
  return notice.kind === 'update' ? `Aviso: ${what}: actualización` : `Aviso: ${what}`;
}

/** What to do while the notice holds: the instructions, a restriction's rule, where to get water. */
const whatToDo = (notice: AdvisoryNoticeRow): string[] => [
  'Qué hacer:',
  notice.instructions,
  ...(notice.restriction_level === null ? [] : ['', restrictionLevelRules[notice.restriction_level]]),
  ...(notice.supply_points.length === 0
    ? []
    : [
        '',
        'Puntos de abastecimiento de agua:',
        ...notice.supply_points.map(
          (point) => `- ${point.name}, ${point.address}${point.hours ? ` (${point.hours})` : ''}`,
        ),
      ]),
  '',
];

/**
 * The body of one subscriber's alert; `unsubscribeToken` is that alert's own. A lifted notice's
 * mail gives the lift message instead of the instructions, which no longer hold.
 */
export function advisoryAlertText(notice: AdvisoryNoticeRow, origin: string, unsubscribeToken: string): string {
  const name = advisoryName(notice.advisory_kind, notice.restriction_level);
  const opening = {
    published: [`Publicamos un aviso para ${where(notice)}: ${name}.`],
    update: [`Hay novedades sobre el aviso «${name}» en ${where(notice)}:`, '', notice.update_body ?? ''],
    lifted: [`Se levantó el aviso «${name}» en ${where(notice)}.`, '', notice.lift_message],
  }[notice.kind];
  return [
    ...opening,
    '',
    ...(notice.kind === 'lifted' ? [] : whatToDo(notice)),
    `Localidades: ${where(notice)}`,
    ...(notice.sectors ? [`Sectores: ${notice.sectors}`] : []),
    `Desde: ${chileDateTime(notice.starts_at)}`,
    notice.kind === 'lifted' && notice.lifted_at
      ? `Levantado: ${chileDateTime(notice.lifted_at)}`
      : `Término esperado: ${notice.ends_at ? chileDateTime(notice.ends_at) : 'sin fecha aún; le avisaremos cuando termine.'}`,
    '',
    'El aviso completo y sus novedades:',
    `${origin}/avisos/${notice.advisory_id}`,
    '',
    site.name,
    'Recibe este correo porque se suscribió a los avisos por correo de sus localidades. Para no recibir más, anule su suscripción aquí:',
    `${origin}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken}`,
  ].join('\n');
}

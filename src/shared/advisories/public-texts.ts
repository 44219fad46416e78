import { capTexts } from '../cap/texts.ts';
import { chileMinute } from '../time/format.ts';
import { advisoryTitle } from './words.ts';
import { advisoryKindLabels, advisoryKinds, healthKinds, RESTRICTION_LEVELS, type AdvisoryKind } from './kinds.ts';
import type { PublicAdvisory } from './schema.ts';

/**
 * What the public reads of a notice (/avisos, /avisos/{id}, its JSON-LD and the home band), on
 * Aysén's clock as /cortes writes its outages.
 */

export const advisoryPageTexts = {
  current: 'Avisos vigentes',
  noCurrent: 'No hay avisos vigentes.',
  past: 'Avisos de los últimos 12 meses',
  noPast: 'No hubo avisos en los últimos 12 meses.',
  health: 'Aviso sanitario',
  towns: 'Localidades',
  sectors: 'Sectores',
  since: 'Desde',
  expectedEnd: 'Término esperado',
  untilFurtherNotice: 'Hasta nuevo aviso',
  status: 'Estado',
  liftedAt: 'Levantado el',
  rule: 'Qué prohíbe este nivel',
  instructions: 'Qué debe hacer',
  liftMessage: 'Término del aviso',
  updates: 'Actualizaciones',
  supplyPoints: 'Puntos de abastecimiento de agua',
  backToList: 'Ver todos los avisos',
  /** The home band's link: to the notice's own page when one is in force, else to /avisos. */
  bandOne: 'Ver el aviso',
  bandMany: 'Ver los avisos vigentes',
} as const;

export const isHealthKind = (kind: AdvisoryKind): boolean => healthKinds.includes(kind);

/** The notice's name with its level, as CAP's headline words it: "Restricción de uso del agua (nivel 2)". */
export const advisoryHeading = ({ kind, restrictionLevel }: Pick<PublicAdvisory, 'kind' | 'restrictionLevel'>) =>
  restrictionLevel ? capTexts.advisory.level(advisoryKindLabels[kind], restrictionLevel) : advisoryKindLabels[kind];

/**
 * Every heading a notice can have, by kind and level ("restriccion-2"): the home band's script
 * reads them from its markup, so the browser gets the texts without this module's zod.
 */
export const advisoryHeadings = (): Record<string, string> =>
  Object.fromEntries(
    advisoryKinds.flatMap((kind) =>
      kind === 'restriccion'
        ? RESTRICTION_LEVELS.map((level) => [`${kind}-${level}`, advisoryHeading({ kind, restrictionLevel: level })])
        : [[kind, advisoryHeading({ kind, restrictionLevel: null })]],
    ),
  );

/** The expected end as the public reads it: a time, or "Hasta nuevo aviso". */
export const expectedEnd = (advisory: Pick<PublicAdvisory, 'endsAt'>): string =>
  advisory.endsAt ? chileMinute(advisory.endsAt) : advisoryPageTexts.untilFurtherNotice;

/** The sentence a search result shows of a notice's page (its meta description). */
export function advisorySummary(advisory: PublicAdvisory): string {
  const state =
    advisory.status === 'levantado' && advisory.liftedAt
      ? `Aviso levantado el ${chileMinute(advisory.liftedAt)}`
      : `Aviso vigente desde el ${chileMinute(advisory.startsAt)}`;
  return `${advisoryTitle(advisory)}. ${state}.`;
}

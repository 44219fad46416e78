import { capTexts } from '../cap/texts.ts';
import { advisoryKindLabels, type AdvisoryKind, type PublicAdvisory, type RestrictionLevel } from './schema.ts';
import { spanishList } from '../spanish-list.ts';

/**
 * How a notice is named in a sentence: the admin's headings, the audit log and the alert mails
 * ("Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco").
 */

/** The kind's label, and a restriction's level: "Restricción de uso del agua (nivel 2)". */
export const advisoryName = (kind: AdvisoryKind, level: RestrictionLevel | null): string =>
  level === null ? advisoryKindLabels[kind] : `${advisoryKindLabels[kind]} (nivel ${level})`;

/** A notice in one line: "Restricción de uso del agua (nivel 2) en Coyhaique y Balmaceda". */
export function advisoryTitle({
  kind,
  restrictionLevel,
  towns,
}: Pick<PublicAdvisory, 'kind' | 'restrictionLevel' | 'towns'>) {
  const label = advisoryKindLabels[kind];
  const named = spanishList(towns.map((town) => town.name));
  return capTexts.advisory.title(restrictionLevel ? capTexts.advisory.level(label, restrictionLevel) : label, named);
}

import { capTexts } from '../cap/texts.ts';
import { advisoryKindLabels, type AdvisoryKind, type PublicAdvisory, type RestrictionLevel } from './schema.ts';
import { onFirstUse } from '../on-first-use.ts';

/**
 * How a notice is named in a sentence: the admin's headings, the audit log and the alert mails
 * ("Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco").
 */

/** The kind's label, and a restriction's level: "Restricción de uso del agua (nivel 2)". */
export const advisoryName = (kind: AdvisoryKind, level: RestrictionLevel | null): string =>
  level === null ? advisoryKindLabels[kind] : `${advisoryKindLabels[kind]} (nivel ${level})`;

// Spanish's own conjunction rules ("Aysén e Ibáñez"), as the browser and Node both know them.
const townsFormat = onFirstUse(() => new Intl.ListFormat('es', { type: 'conjunction' }));

/** "Coyhaique, Puerto Aysén y Cochrane". */
export const townList = (names: readonly string[]): string => townsFormat().format(names);

/** A notice in one line: "Restricción de uso del agua (nivel 2) en Coyhaique y Balmaceda". */
export function advisoryTitle({
  kind,
  restrictionLevel,
  towns,
}: Pick<PublicAdvisory, 'kind' | 'restrictionLevel' | 'towns'>) {
  const label = advisoryKindLabels[kind];
  const named = townList(towns.map((town) => town.name));
  return capTexts.advisory.title(restrictionLevel ? capTexts.advisory.level(label, restrictionLevel) : label, named);
}

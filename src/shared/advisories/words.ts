import { advisoryKindLabels, type AdvisoryKind, type RestrictionLevel } from './schema.ts';

/**
 * How a notice is named in a sentence: the admin's headings, the audit log and the alert mails
 * ("Hervir el agua antes de consumirla en Puerto Aysén y Puerto Chacabuco").
 */

/** The kind's label, and a restriction's level: "Restricción de uso del agua (nivel 2)". */
export const advisoryName = (kind: AdvisoryKind, level: RestrictionLevel | null): string =>
  level === null ? advisoryKindLabels[kind] : `${advisoryKindLabels[kind]} (nivel ${level})`;

// Spanish's own conjunction rules ("Aysén e Ibáñez"), as the browser and Node both know them.
const towns = new Intl.ListFormat('es', { type: 'conjunction' });

/** "Coyhaique, Puerto Aysén y Cochrane". */
export const townList = (names: readonly string[]): string => towns.format(names);

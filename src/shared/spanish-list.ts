/**
 * A list as Spanish writes it: "Coyhaique", "Coyhaique y Cochrane", "Coyhaique, Puerto Aysén e
 * Ibáñez". The "y" becomes "e" before a word that sounds /i/, as ICU (Intl.ListFormat) has it: one
 * starting with "i", or with "hi" followed by neither "a" nor "e".
 *
 * Written out rather than with Intl.ListFormat, which the site used in four places: a browser's
 * first Spanish list formatter loads ICU's data, a task of 80 ms on Lighthouse's phone CPU, the
 * home page's band's. townListSql (src/server/advisories/manage.ts) says the same in SQL;
 * tests/unit/spanish-list.test.ts holds this one to Intl.ListFormat's output.
 */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  const last = items[items.length - 1]!;
  const and = /^(i|hi(?![ae]))/i.test(last) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}

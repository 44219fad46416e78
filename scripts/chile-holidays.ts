/**
 * `npm run holidays`: writes src/shared/time/chile-holidays.ts, the table of Chile's national public
 * holidays the business days count (src/shared/time/business-days.ts), from date-holidays' rules for CL
 * (type `public`: not the banks' 31 December). A function importing date-holidays itself loaded
 * moment-timezone's zone data and astronomia's tables with it (3.7 MB, most of its cold start); the
 * table is a few kilobytes. tests/unit/time/chile-holidays.test.ts fails when the two disagree: after
 * updating date-holidays (a new law, a moved holiday), run this and review the diff.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chileHolidaysFromRules, CHILE_HOLIDAY_YEARS } from './lib/chile-holidays-rules.ts';

const target = path.resolve(import.meta.dirname, '../src/shared/time/chile-holidays.ts');
const lines = CHILE_HOLIDAY_YEARS.map((year) => `  ${year}: '${chileHolidaysFromRules(year).join(' ')}',`);
await writeFile(
  target,
  `// Written by \`npm run holidays\` (scripts/chile-holidays.ts) from date-holidays' rules: do not edit.
/** Chile's national public holidays by year, as month-day pairs (MM-DD) separated by spaces. */
export const CHILE_HOLIDAYS: Readonly<Record<number, string>> = {
${lines.join('\n')}
};
`,
);
console.log(`${path.relative(process.cwd(), target)}: ${CHILE_HOLIDAY_YEARS.length} years.`);

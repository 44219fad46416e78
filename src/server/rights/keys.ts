/**
 * A person's typed keys as SQL compares them, whoever typed them: the rights desk's search
 * (rights/subject.ts) and the bloqueo's marks (rights/blocks.ts) spell them one way.
 */

/** A RUT as rut.js's clean() leaves it, in SQL: only what looks like a RUT (never a passport's digits), else NULL. */
export const rutKey = (column: string) =>
  `CASE WHEN btrim(${column}) ~ '^[0-9][0-9.]*-?[0-9kK]$'
     THEN upper(ltrim(regexp_replace(${column}, '[^0-9kK]', '', 'g'), '0')) END`;

/** A service number without its blanks, dots and dashes, in SQL, as subject.ts leaves the typed one. */
export const serviceKey = (column: string) => `upper(regexp_replace(${column}, '[^0-9A-Za-z]', '', 'g'))`;

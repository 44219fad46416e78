/** Ids from a URL, checked before they reach SQL: a malformed id is a 404, never a 500. */

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A bigint identity key: 1 to 15 digits, so it also fits a JavaScript number. */
export const isRowId = (value: string): boolean => /^[1-9][0-9]{0,14}$/.test(value);

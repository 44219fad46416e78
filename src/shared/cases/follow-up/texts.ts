/**
 * Where a citizen follows a case: the public page, and the link to it that every
 * form's confirmation and acknowledgement mail carry. Kept apart from cases.ts and its zod
 * schemas, so that the forms' islands link here without shipping those schemas.
 */
export const FOLLOW_UP_PATH = '/seguimiento';
/** The link's query parameter: /seguimiento fills in the reference from it. */
export const FOLLOW_UP_REFERENCE_PARAMETER = 'referencia';
export const followUpHref = (reference: string): string =>
  `${FOLLOW_UP_PATH}?${FOLLOW_UP_REFERENCE_PARAMETER}=${encodeURIComponent(reference)}`;

import * as z from 'zod/mini';

/**
 * Where one page of a paged list stands: beside the page's items, under the list's own name. Its
 * own module, which only the admin's list answers import: fields.ts is in every form page's scripts.
 */
export const pageShape = { total: z.number(), page: z.number(), pageSize: z.number() };

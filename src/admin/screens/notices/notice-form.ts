import * as z from 'zod/mini';
import { chileLocalToIso } from '../../../shared/chile-time.ts';

/**
 * A date input of a notice's form holds Aysén's wall time ("2026-03-05T09:00"); the API takes the
 * instant with its offset, converted on submit.
 */
export const chileTime = (message: string) =>
  z.string().check(z.refine((value) => chileLocalToIso(value) !== '', message));

/** The group's message in the error summary when only its points are wrong (useAdminForm's `groups`). */
export const supplyPointsGroup = { supplyPoints: 'Revise los puntos de abastecimiento.' };

// The coordinates start empty (a number field with nothing typed), not at 0 or NaN on screen.
export const emptySupplyPoint = { name: '', address: '', hours: '' };

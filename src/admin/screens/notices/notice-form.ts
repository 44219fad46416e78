import { useFieldArray, type ArrayPath, type FieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { chileLocalToIso } from '../../../shared/time/wall-clock.ts';

/**
 * A date input of a notice's form holds Aysén's wall time ("2026-03-05T09:00"); the API takes the
 * instant with its offset, converted on submit.
 */
export const chileTime = (message: string) =>
  z.string().check(z.refine((value) => chileLocalToIso(value) !== '', message));

/** The group's message in the error summary when only its points are wrong (useAdminForm's `groups`). */
export const supplyPointsGroup = { supplyPoints: 'Revise los puntos de abastecimiento.' };

/**
 * The supply points of a notice's form (its list is `supplyPoints`) as SupplyPointsInput takes
 * them: the points, Agregar, and the list's own message (too many).
 */
export function useSupplyPoints<Values extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Values, unknown, Output>,
) {
  const name = 'supplyPoints' as ArrayPath<Values>;
  const points = useFieldArray({ control: form.control, name });
  // The coordinates start empty (a number field with nothing typed), not at 0 or NaN on screen.
  const emptyPoint = { name: '', address: '', hours: '' } as FieldArray<Values, typeof name>;
  return {
    points,
    onAdd: () => points.append(emptyPoint),
    error: form.formState.errors.supplyPoints?.message as string | undefined,
  };
}

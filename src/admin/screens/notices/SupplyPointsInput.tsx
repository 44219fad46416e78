import { TextInput } from '../../forms/TextInput.tsx';
import type { AdminFormState } from '../../forms/use-admin-form.ts';

type PointField = `supplyPoints.${number}.${'name' | 'address' | 'latitude' | 'longitude' | 'hours'}`;

/**
 * Where to get water while a notice lasts: its points, each with its name, address, coordinates
 * and hours, added and removed in place; the API replaces them as a set on each save.
 */
export function SupplyPointsInput({
  legend,
  hint,
  hoursHint,
  points,
  onAdd,
  error,
  field,
}: {
  legend: string;
  hint: string;
  /** An example of the hours, as the public would read them. */
  hoursHint: string;
  points: { fields: readonly { id: string }[]; remove: (index: number) => void };
  onAdd: () => void;
  /** The group's own message (too many points). */
  error: string | undefined;
  field: (name: PointField, options?: { valueAsNumber: true }) => ReturnType<AdminFormState['field']>;
}) {
  return (
    <fieldset id="supplyPoints" className="supply-points" tabIndex={-1}>
      <legend>{legend}</legend>
      <p className="field__hint">{hint}</p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {points.fields.map((point, index) => (
        <fieldset key={point.id} className="supply-point">
          <legend>Punto {index + 1}</legend>
          <TextInput {...field(`supplyPoints.${index}.name`)} label="Nombre" required />
          <TextInput {...field(`supplyPoints.${index}.address`)} label="Dirección" required />
          <div className="supply-point__coordinates">
            <TextInput
              {...field(`supplyPoints.${index}.latitude`, { valueAsNumber: true })}
              label="Latitud"
              inputMode="decimal"
              required
            />
            <TextInput
              {...field(`supplyPoints.${index}.longitude`, { valueAsNumber: true })}
              label="Longitud"
              inputMode="decimal"
              required
            />
          </div>
          <TextInput {...field(`supplyPoints.${index}.hours`)} label="Horario" hint={hoursHint} />
          <button type="button" className="link-button link-button--danger" onClick={() => points.remove(index)}>
            Quitar el punto {index + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--secondary" onClick={onAdd}>
        Agregar punto de abastecimiento
      </button>
    </fieldset>
  );
}

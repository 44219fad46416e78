import { OutageTownInputSchema } from '../../../shared/outages/admin/schema.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useAddTown } from '../notices/towns-api.ts';

const labels = { name: 'Nombre de la localidad', latitude: 'Latitud', longitude: 'Longitud' };

/**
 * A town the utility starts serving, beyond the ones it serves today: its name and where its
 * marker goes on /cortes's map. Folded away: it is rare, and the list is what staff come for.
 */
export function TownForm() {
  const add = useAddTown();
  const { form, field, ...shell } = useAdminForm({
    schema: OutageTownInputSchema,
    labels,
    defaultValues: { name: '', latitude: Number.NaN, longitude: Number.NaN },
    send: async (values) => {
      await add.mutateAsync(values);
      form.reset();
      return { kind: 'success', text: `Localidad ${values.name} agregada.` };
    },
  });

  return (
    <details className="town-form">
      <summary>Agregar una localidad</summary>
      <AdminForm form={shell} aria-label="Agregar una localidad">
        <TextInput {...field('name')} required />
        <TextInput
          {...field('latitude', { valueAsNumber: true })}
          hint="En grados decimales, por ejemplo -45.5712."
          inputMode="decimal"
          required
        />
        <TextInput
          {...field('longitude', { valueAsNumber: true })}
          hint="En grados decimales, por ejemplo -72.0685."
          inputMode="decimal"
          required
        />
        <SubmitButton pending={shell.pending} label="Agregar localidad" />
      </AdminForm>
    </details>
  );
}

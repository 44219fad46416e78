import * as z from 'zod/mini';
import { RightsExtensionSchema, RightsProofSchema } from '../../../shared/rights/desk/schema.ts';
import { AdminForm } from '../../forms/AdminForm.tsx';
import { SubmitButton } from '../../forms/SubmitButton.tsx';
import { TextEntryForm } from '../../forms/TextEntryForm.tsx';
import { TextInput } from '../../forms/TextInput.tsx';
import { useAdminForm } from '../../forms/use-admin-form.ts';
import { useRightsAction } from './rights-api.ts';

const ExtensionFormSchema = z.object({ extensionReason: RightsExtensionSchema.shape.reason });

/** The one extension of 15 business days the law allows, its reason mailed to the requester. */
export function ExtensionForm({ caseId }: { caseId: string }) {
  const extend = useRightsAction(caseId, 'extension');
  return (
    <TextEntryForm
      field="extensionReason"
      schema={ExtensionFormSchema}
      send={(reason) => extend.mutateAsync({ reason })}
      title="Ampliar el plazo"
      label="Motivo de la ampliación"
      hint="Se amplía una sola vez, en 15 días hábiles. El motivo se envía por correo a la persona."
      button="Ampliar el plazo"
      pendingButton="Ampliando…"
      done={{ text: 'Plazo ampliado.', detail: 'El correo con el motivo está en camino.' }}
    />
  );
}

const proofLabels = { requested: 'Antecedentes pedidos', received: 'Antecedentes recibidos' };

/** The proof of identity (antecedentes) staff asked the requester for, and what they received. */
export function ProofForm({ caseId }: { caseId: string }) {
  const record = useRightsAction(caseId, 'proof');
  const { form, field, ...shell } = useAdminForm({
    schema: RightsProofSchema,
    labels: proofLabels,
    defaultValues: { requested: '', received: '' },
    send: async (values) => {
      await record.mutateAsync(values);
      form.reset();
      return { kind: 'success', text: 'Antecedentes de identidad guardados.' };
    },
  });
  return (
    <AdminForm form={shell} aria-labelledby="prueba" heading={<h2 id="prueba">Antecedentes de identidad</h2>}>
      <TextInput {...field('requested')} hint="Lo que se pidió a la persona, por ejemplo una copia de su cédula." />
      <TextInput
        {...field('received')}
        hint="Lo que la persona entregó y cómo se verificó, incluido el RUT de la solicitud: con él, la cuenta y las lecturas de los servicios de los que ese RUT es titular se le entregan como suyas."
      />
      <SubmitButton pending={shell.pending} label="Guardar" />
    </AdminForm>
  );
}

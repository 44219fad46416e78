import type { ComplaintField } from '../shared/complaints/schema.ts';
import type { FieldRules } from '../shared/fields.ts';
import { complaintAboutBill } from '../shared/consumption/texts.ts';
import { TextForm } from './forms/TextForm.tsx';
import type { FieldSpec } from '../ui/forms/use-schema-form.ts';

const fields = {
  name: { label: 'Nombre', autoComplete: 'given-name' },
  surname: { label: 'Apellido', autoComplete: 'family-name' },
  email: { label: 'Correo electrónico', type: 'email', autoComplete: 'email', hint: 'Le informaremos a este correo.' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  address: { label: 'Dirección del servicio', autoComplete: 'street-address' },
  city: { label: 'Ciudad', autoComplete: 'address-level2' },
  clientNumber: { label: 'Número de servicio', hint: 'Aparece en su boleta, sin dígito verificador.' },
  complaintDetails: { label: 'Detalle del reclamo', multiline: true },
} satisfies Record<ComplaintField, FieldSpec>;

/**
 * A reclamo about a bill, from /consumo's link (`?servicio=…&periodo=YYYY-MM`): the service number
 * and the bill's period already written.
 */
function billComplaint(query: URLSearchParams): Partial<Record<ComplaintField, string>> {
  const service = query.get('servicio') ?? '';
  const period = query.get('periodo') ?? '';
  return {
    ...(/^\d{1,12}$/.test(service) ? { clientNumber: service } : {}),
    ...(/^\d{4}-(0[1-9]|1[0-2])$/.test(period) ? { complaintDetails: complaintAboutBill(period) } : {}),
  };
}

/**
 * /reclamos (spec §2, §4, §7 POST /api/reclamos); spec §5: no checks in the browser, so the form
 * never loads its schema. `rules`: `fieldRules(ComplaintSchema)`.
 */
export default function ComplaintForm({ rules }: { rules: FieldRules<ComplaintField> }) {
  return (
    <TextForm
      rules={rules}
      endpoint="/api/reclamos"
      draftKey="draft:reclamos"
      privacySection="reclamos"
      fields={fields}
      prefill={billComplaint}
      rows={[['name', 'surname'], ['email', 'phone'], ['address', 'city'], ['clientNumber'], ['complaintDetails']]}
    />
  );
}

import { ComplaintSchema, type ComplaintField } from '../shared/complaints.ts';
import { TextForm } from './forms/TextForm.tsx';

/** /reclamos (spec §2, §4, §7 POST /api/reclamos). */
export default function ComplaintForm() {
  return (
    <TextForm<ComplaintField>
      schema={ComplaintSchema}
      endpoint="/api/reclamos"
      draftKey="draft:reclamos"
      checkInBrowser={false}
      rows={[
        [
          { id: 'name', label: 'Nombre', required: true, autoComplete: 'given-name' },
          { id: 'surname', label: 'Apellido', required: true, autoComplete: 'family-name' },
        ],
        [
          {
            id: 'email',
            label: 'Correo electrónico',
            required: true,
            type: 'email',
            autoComplete: 'email',
            hint: 'Le informaremos a este correo.',
          },
          { id: 'phone', label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
        ],
        [
          { id: 'address', label: 'Dirección del servicio', required: true, autoComplete: 'street-address' },
          { id: 'city', label: 'Ciudad', required: true, autoComplete: 'address-level2' },
        ],
        [{ id: 'clientNumber', label: 'Número de servicio', hint: 'Aparece en su boleta, sin dígito verificador.' }],
        [{ id: 'complaintDetails', label: 'Detalle del reclamo', required: true, multiline: true }],
      ]}
    />
  );
}
